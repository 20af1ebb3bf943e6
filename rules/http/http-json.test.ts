import { describe, expect, it } from 'vitest';
import { Judging } from '../../helpers/judge/judging.ts';
import { exchangeOf, judgingContext } from '../../test-support/judge/exchange.ts';
import httpJson from './http-json.ts';

const judge = (extra: Parameters<typeof exchangeOf>[4]) => {
  const judging = new Judging([httpJson], judgingContext());
  const failures = judging.judge(exchangeOf('GET', '/v2/products', 200, { data: [] }, extra));
  return { failed: failures.map((f) => f.ruleId), judged: judging.tallies().map((t) => t.judged) };
};

describe('HTTP-JSON', () => {
  it('takes JSON under a JSON media type, with or without parameters, in any case', () => {
    for (const type of ['application/json', 'Application/JSON;Charset="UTF-8"', 'application/vnd.api+json'])
      expect(judge({ headers: { 'content-type': type } }), type).toEqual({ failed: [], judged: [1] });
  });

  it('fails JSON said to be text, and leaves unjudged an answer whose recording does not say its headers', () => {
    expect(judge({ headers: { 'content-type': 'text/plain' } }).failed).toEqual(['HTTP-JSON']);
    expect(judge({ headers: { 'content-type': '' }, headersUnknown: true })).toEqual({
      failed: [],
      judged: [],
    });
  });
});
