import { describe, expect, it } from 'vitest';
import { Judging } from '../../helpers/judge/judging.ts';
import { exchangeOf, judgingContext } from '../../test-support/judge/exchange.ts';
import intGet from './int-get.ts';

const source = { kind: 'generated', name: 'probe: spellings', input: 'a read' } as const;
const named = { auth: { authorization: 'Bearer t', name: 'authorization' } };

describe('INT-GET on a refusal of an equivalent spelling', () => {
  it('fails a refusal when the same input had the read answered 2xx in its plain spelling just before', () => {
    const context = judgingContext();
    const judging = new Judging([intGet], context);
    const plain = exchangeOf('GET', '/v2/integrations/i-1', 200, { data: { id: 'i-1' } }, { source });
    judging.judge(plain);
    context.known.learn(plain);
    const spelt = exchangeOf('GET', '/v2/integrations/i-1', 401, { errors: [] }, { source, options: named });
    expect(judging.judge(spelt).map((f) => f.ruleId)).toEqual(['INT-GET']);
  });

  it('leaves alone a refusal with no plain spelling to compare with, or whose plain spelling was refused too', () => {
    const context = judgingContext();
    const judging = new Judging([intGet], context);
    const spelt = exchangeOf('GET', '/v2/integrations/i-2', 401, { errors: [] }, { source, options: named });
    expect(judging.judge(spelt)).toEqual([]);
    const plain = exchangeOf('GET', '/v2/integrations/i-2', 404, { errors: [] }, { source });
    context.known.learn(plain);
    expect(judging.judge(spelt)).toEqual([]);
    expect(judging.tallies()).toEqual([]);
  });
});
