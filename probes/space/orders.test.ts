import { describe, expect, it } from 'vitest';
import { type Sent, visitsOf as visitsIn } from '../../test-support/judge/exchange.ts';
import { plans, reachable } from './machine.ts';
import { after, ORDER_MACHINE, ORDER_STATES, pointId, showAction, showState } from './orders.ts';

const STATES = reachable(ORDER_MACHINE);

const [O, Q, A, B, X] = ['o', 'q', 'a', 'b', 'x'].map(
  (c) => `${c.repeat(8)}-0000-4000-8000-000000000000`,
) as [string, string, string, string, string];

const visitsOf = (...exchanges: Sent[]) => visitsIn(ORDER_STATES, ...exchanges);
const manual = { json: { data: { gateway: 'manual', method: 'authorize' } } };
const txn = (id: string) => ({ data: { id, type: 'transaction' } });
const action = (id: string, name: string, order = O) => `/v2/orders/${order}/transactions/${id}/${name}`;

describe('the order states an exchange visits', () => {
  it('pairs each action with the stages of the order’s transactions before it, oldest first', () => {
    const visits = visitsOf(
      ['POST', '/v2/carts/x/checkout', 201, { data: { id: O } }],
      ['POST', '/v2/carts/y/checkout', 201, { data: { id: Q } }],
      ['POST', `/v2/orders/${O}/payments`, 201, txn(A), manual],
      ['POST', action(A, 'refund'), 401, undefined, { credentials: 'none' }],
      ['POST', action(X, 'capture'), 404],
      ['POST', action(A, 'capture', Q), 404],
      [
        'POST',
        `/v2/orders/${O}/payments`,
        422,
        {},
        { json: { data: { gateway: 'stripe', method: 'authorize' } } },
      ],
      ['POST', `/v2/orders/${O}/payments`, 204, undefined, manual],
      ['GET', `/v2/orders/${O}/transactions`, 200, { data: [{ id: A }, { id: B, gateway: 'manual' }] }],
      ['POST', action(B, 'capture'), 200, txn(A)],
      ['POST', action(A, 'capture'), 409],
    );
    expect(visits[2]).toEqual(['no transaction: authorize']);
    expect(visits[3]).toEqual(['1 authorized: without valid credentials']);
    expect(visits[4]).toEqual(['1 authorized: an id that names nothing']);
    expect(visits[5]).toEqual(["no transaction: another order's transaction"]);
    expect(visits[6]).toEqual(['1 authorized: a payment of another gateway']);
    expect(visits[7]).toEqual(['1 authorized: authorize']);
    // The listing names the transaction the 204 did not.
    expect(visits[8]).toEqual(['1 authorized, 2 authorized: list']);
    expect(visits[9]).toEqual(['1 authorized, 2 authorized: capture transaction 2']);
    // Its answer named the other transaction: what the second is is not known.
    expect(visits[10]).toEqual([]);
  });

  it('leaves an order whose transaction answered oddly out: what it holds is not known', () => {
    const visits = visitsOf(
      ['POST', '/v2/carts/x/checkout', 201, { data: { id: O } }],
      ['POST', `/v2/orders/${O}/payments`, 201, txn(A), manual],
      ['POST', action(A, 'capture'), 500],
      ['GET', `/v2/orders/${O}/transactions`, 200, { data: [] }],
    );
    expect(visits[3]).toEqual([]);
  });
});

describe('the states and the ways to them', () => {
  it('reaches every state two actions reach, by the shortest way, and has every action from each', () => {
    expect([...STATES.keys()]).toContain('1 authorized, 2 purchased');
    for (const { state, path } of STATES.values())
      expect(showState(path.reduce(after, [] as ReturnType<typeof after>))).toBe(showState(state));
    const ids = ORDER_STATES.points.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(pointId(['authorized', 'authorized'], { kind: 'act', op: 'capture', at: 1 }));
    expect(ORDER_STATES.points.filter((p) => p.gate).length).toBeGreaterThan(8);
  });

  it('plans ways that visit every point, each ending at an action, and none for what was visited', () => {
    const all = plans(ORDER_MACHINE, new Set());
    const visited = new Set<string>();
    for (const plan of all) {
      let s = [] as ReturnType<typeof after>;
      for (const a of plan) {
        visited.add(pointId(s, a));
        s = after(s, a);
      }
    }
    expect(ORDER_STATES.points.filter((p) => !visited.has(p.id)).map((p) => p.id)).toEqual([]);
    expect(plans(ORDER_MACHINE, new Set(ORDER_STATES.points.map((p) => p.id)))).toEqual([]);
    const one = plans(
      ORDER_MACHINE,
      new Set(ORDER_STATES.points.map((p) => p.id).filter((id) => id !== '1 captured: list')),
    );
    expect(one.map((plan) => plan.map(showAction))).toEqual([['authorize', 'capture transaction 1', 'list']]);
  });
});
