import { describe, expect, it } from 'vitest';
import type { Credentials, Entry } from '../http/journal.ts';
import { ApiResponse } from '../http/response.ts';
import { Knowledge } from './knowledge.ts';

const ID = '5f0c2a7e-1111-4222-8333-444455556666';
const SENT = {
  integration_type: 'webhook',
  name: 'n',
  description: 'd',
  enabled: true,
  observes: ['order.fulfilled'],
  configuration: { url: 'https://hooks.example.com/x' },
};

function setUp() {
  let clock = 0;
  const now = () => ++clock;
  const known = new Knowledge({ defaultPageLimit: 100, baseUrl: 'http://x' }, now);
  const deleted = (credentials: Credentials, status: number): Entry => {
    const exchange = { request: { method: 'DELETE', url: 'http://x', headers: {} }, durationMs: 1, curl: '' };
    return {
      sent: now(),
      source: { kind: 'check', name: 't' },
      method: 'DELETE',
      path: `/v2/integrations/${ID}`,
      options: {},
      credentials,
      response: new ApiResponse(status, {}, '', exchange),
      exchange,
    };
  };
  return { known, now, deleted };
}

describe('what the run knows of its integrations', () => {
  it('that it deleted one: a 2xx DELETE with the token, for what was sent afterwards', () => {
    const { known, now, deleted } = setUp();
    known.integrationCreated(ID, SENT);
    const before = now();
    known.learn(deleted('token', 204));
    expect(known.integration(ID, before)).toEqual({ sent: SENT, deleted: false });
    expect(known.integration(ID.toUpperCase(), now())).toEqual({ sent: SENT, deleted: true });
  });

  it('nothing more once a DELETE of it went without valid credentials, whatever the answer', () => {
    for (const credentials of ['none', 'other', 'respelled'] as const) {
      const { known, now, deleted } = setUp();
      known.integrationCreated(ID, SENT);
      const before = now();
      known.learn(deleted(credentials, 401));
      expect(known.integration(ID, before), credentials).toEqual({ sent: SENT, deleted: false });
      expect(known.integration(ID, now()), credentials).toBeUndefined();
    }
  });
});
