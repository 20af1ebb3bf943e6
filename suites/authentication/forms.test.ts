import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillRead, readForms } from './forms.ts';

describe('read forms', () => {
  it('are filled with the ids of the run, or left out when an id is missing', () => {
    const ids = { categoryId: 'c1', orderId: 'o1', integrationId: 'i1' };
    expect(fillRead('/v2/categories/:category?include=products', ids)).toBe(
      '/v2/categories/c1?include=products',
    );
    expect(fillRead('/v2/orders/:order/transactions', ids)).toBe('/v2/orders/o1/transactions');
    expect(fillRead('/v2/integrations/:integration', {})).toBeUndefined();
  });

  it('generated: listings with page parameters and include, and the single reads', () => {
    const forms = fc.sample(readForms(), { numRuns: 300, seed: 5 });
    expect(forms.some((f) => /^\/v2\/categories\?page\[limit\]=\d+/.test(f))).toBe(true);
    expect(forms.some((f) => f.startsWith('/v2/products?') && f.includes('include='))).toBe(true);
    expect(forms).toContain('/v2/integrations/:integration');
    for (const form of forms) expect(form).toMatch(/^\/v2\/(categories|products|orders|integrations)/);
  });
});
