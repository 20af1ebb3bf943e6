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

describe('INT-GET on the events an integration observes', () => {
  const sent = {
    integration_type: 'webhook',
    name: 'n',
    description: 'd',
    enabled: true,
    observes: ['order.fulfilled', 'order.created', 'order.created'],
    configuration: { url: 'https://hooks.example.com/x' },
  };
  const read = (observes: string[]) => {
    const context = judgingContext();
    context.known.integrationCreated('i-3', sent);
    const data = { id: 'i-3', ...sent, observes };
    return new Judging([intGet], context).judge(exchangeOf('GET', '/v2/integrations/i-3', 200, { data }));
  };

  it('takes them in any order, a repeat kept or not, and fails one left out or added', () => {
    expect(read(['order.created', 'order.fulfilled'])).toEqual([]);
    expect(read(['order.fulfilled', 'order.created', 'order.created'])).toEqual([]);
    expect(read(['order.fulfilled']).map((f) => f.expected)).toEqual([
      'data.observes (as a set) = ["order.created","order.fulfilled"]',
    ]);
    expect(read(['order.created', 'order.fulfilled', 'order.paid'])).toHaveLength(1);
  });
});
