import { describe, expect, it } from 'vitest';
import { Judging } from '../../helpers/judge/judging.ts';
import { exchangeOf, judgingContext } from '../../test-support/judge/exchange.ts';
import intSelfLink from './int-self-link.ts';

const ID = 'i-1';
/** The failures of an answer about the integration `i-1` whose `links` are `links`, to a read or the create. */
const judged = (method: 'GET' | 'POST', links?: unknown) =>
  new Judging([intSelfLink], judgingContext())
    .judge(
      exchangeOf(method, method === 'GET' ? `/v2/integrations/${ID}` : '/v2/integrations', 200, {
        data: { id: ID, type: 'integration', ...(links === undefined ? {} : { links }) },
      }),
    )
    .map((f) => f.ruleId);

describe('INT-SELF-LINK', () => {
  it('judges a read, and the create answer when it has a self link (§4 does not show the create)', () => {
    const right = { self: `https://target.test/v2/integrations/${ID}` };
    const wrong = { self: 'https://target.test/v2/integrations' };
    for (const method of ['GET', 'POST'] as const) {
      expect(judged(method, right), method).toEqual([]);
      expect(judged(method, wrong), method).toEqual(['INT-SELF-LINK']);
    }
    expect(judged('GET')).toEqual(['INT-SELF-LINK']);
    expect(judged('POST')).toEqual([]);
  });
});
