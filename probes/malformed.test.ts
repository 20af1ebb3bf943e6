import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { malformedRequests, showSent } from './malformed.ts';

const ids = {
  order: '11111111-1111-4111-8111-111111111111',
  unknown: '22222222-2222-4222-8222-222222222222',
};

describe('malformed requests', () => {
  it('generated: writes only to the run order or to ids that exist nowhere, paths that stay on their route', () => {
    for (const sent of fc.sample(malformedRequests(ids), { numRuns: 2000, seed: 7 })) {
      const segments = sent.path.split('?')[0]?.split('/') ?? [];
      expect(
        segments.slice(1).every((s) => s !== '' && s !== '.' && s !== '..'),
        sent.path,
      ).toBe(true);
      if (sent.method === 'GET') continue;
      const orderWrite = sent.path.startsWith('/v2/orders/');
      const unknownRoute = sent.path.startsWith('/v2/conformance-no-such-route/');
      const integration = /^\/v2\/integrations\/[^/]+$/.exec(sent.path);
      expect(orderWrite || unknownRoute || integration, sent.path).toBeTruthy();
      if (integration)
        expect(sent.path).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });

  it('generated: every family (path ids, queries, bodies, routes) is drawn', () => {
    const shown = fc.sample(malformedRequests(ids), { numRuns: 400, seed: 3 }).map(showSent);
    expect(shown.some((s) => s.startsWith('GET /v2/orders/') && !s.includes(ids.order))).toBe(true);
    expect(shown.some((s) => s.includes('?'))).toBe(true);
    expect(shown.some((s) => s.includes(' {') || s.includes(' ['))).toBe(true);
    expect(shown.some((s) => s.includes('/v2/conformance-no-such-route/'))).toBe(true);
  });
});
