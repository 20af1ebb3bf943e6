import { describe, expect, it } from 'vitest';
import { type Sent, visitsOf as visitsIn } from '../../test-support/judge/exchange.ts';
import { endsWithChange, plans, pointId, reachable } from './machine.ts';
import { RECORD_MACHINES, RECORD_STATES } from './records.ts';

const [P, Q, C, D, I] = ['p', 'q', 'c', 'd', 'i'].map(
  (c) => `${c.repeat(8)}-0000-4000-8000-000000000000`,
) as [string, string, string, string, string];

const visitsOf = (...exchanges: Sent[]) => visitsIn(RECORD_STATES, ...exchanges);
const link = (product: string, ...categories: string[]) =>
  [
    'POST',
    `/v2/products/${product}/relationships/categories`,
    200,
    {},
    { json: { data: categories.map((id) => ({ type: 'category', id })) } },
  ] as const;

describe('the record states an exchange visits', () => {
  it('follows what each category and product holds through links and deletes, on both sides', () => {
    const visits = visitsOf(
      ['POST', '/v2/categories', 201, { data: { id: C } }],
      ['POST', '/v2/products', 201, { data: { id: P } }],
      ['POST', '/v2/products', 201, { data: { id: Q } }],
      [...link(P, C)],
      [...link(Q, C)],
      [...link(P, C)],
      ['DELETE', `/v2/products/${P}`, 401, {}, { credentials: 'none' }],
      ['DELETE', `/v2/products/${P}`, 204],
      ['GET', `/v2/categories/${C}?include=products`, 200, { data: { id: C } }],
      ['GET', '/v2/products?include=categories', 200, { data: [{ id: Q }] }],
      ['DELETE', `/v2/products/${P}`, 404],
    );
    expect(visits[3]).toEqual([
      'product (no category): link a new category',
      'category (no product): link a new product',
    ]);
    expect(visits[4]).toEqual([
      'product (no category): link a new category',
      'category (product 1 live): link a new product',
    ]);
    expect(visits[5]).toEqual([
      'product (category 1 live): link category 1 again',
      'category (product 1 live, product 2 live): link product 1 again',
    ]);
    expect(visits[6]).toEqual(['product (category 1 live): delete without valid credentials']);
    expect(visits[7]).toEqual([
      'product (category 1 live): delete',
      'category (product 1 live, product 2 live): delete product 1',
    ]);
    // Three actions reach that state: no point.
    expect(visits[8]).toEqual([]);
    expect(visits[9]).toEqual(['product (category 1 live): list with include=categories']);
    expect(visits[10]).toEqual(['product (deleted, category 1 live): delete']);
  });

  it('forgets a record whose write answered oddly, and a product linked to several categories at once; an id of another kind names none', () => {
    const visits = visitsOf(
      ['POST', '/v2/categories', 201, { data: { id: C } }],
      ['POST', '/v2/categories', 201, { data: { id: D } }],
      ['POST', '/v2/products', 201, { data: { id: P } }],
      [...link(P, C, D)],
      ['DELETE', `/v2/categories/${C}`, 500],
      ['GET', `/v2/categories/${C}`, 200, { data: { id: C } }],
      ['GET', `/v2/categories/${D}`, 200, { data: { id: D } }],
      ['POST', '/v2/integrations', 201, { data: { id: I } }],
      ['DELETE', `/v2/integrations/${D}`, 404],
      ['DELETE', `/v2/integrations/${I}`, 200, {}, { credentials: 'other' }],
      ['GET', `/v2/integrations/${I}`, 200, { data: { id: I } }],
      ['POST', '/v2/integrations', 201, { data: { id: Q } }],
      ['DELETE', `/v2/integrations/${Q}`, 401, {}, { credentials: 'respelled' }],
      ['DELETE', `/v2/integrations/${Q}`, 200, {}, { credentials: 'respelled' }],
    );
    expect(visits[4]).toEqual(['category (product 1 live): delete']);
    expect(visits[5]).toEqual([]);
    expect(visits[6]).toEqual(['category (product 1 live): read']);
    // An id of another kind names no integration: the category takes no delete.
    expect(visits[8]).toEqual([]);
    expect(visits[9]).toEqual(['integration (new): delete without valid credentials']);
    expect(visits[10]).toEqual([]);
    // The token respelt (`bearer`): refused, it changed nothing; served, it is the token's delete.
    expect(visits[12]).toEqual([]);
    expect(visits[13]).toEqual(['integration (new): delete']);
  });
});

describe('the ways to each record state', () => {
  it('plans ways that visit every point of each kind, and none for what was visited', () => {
    for (const m of Object.values(RECORD_MACHINES)) {
      const visited = new Set<string>();
      for (const plan of plans(m, new Set())) {
        let s = m.start;
        for (const a of plan) {
          visited.add(pointId(m, s, a));
          s = m.after(s, a);
        }
      }
      const all = [...reachable(m).values()].flatMap(({ state }) =>
        m.actionsFrom(state).map((a) => pointId(m, state, a)),
      );
      expect(all.filter((id) => !visited.has(id))).toEqual([]);
      expect(plans(m, new Set(all))).toEqual([]);
    }
    expect(RECORD_STATES.points.map((p) => p.id)).toContain(
      'product (category 1 live, category 2 live): delete category 2',
    );
    expect(RECORD_STATES.points.filter((p) => p.gate)).toHaveLength(13);
  });

  it('tells a way that ends with a change from one that ends with an action that changes nothing', () => {
    const m = RECORD_MACHINES.category;
    expect(endsWithChange(m, [{ kind: 'link' }, { kind: 'delete related', at: 0 }])).toBe(true);
    expect(endsWithChange(m, [{ kind: 'link' }, { kind: 'read', read: 'read' }])).toBe(false);
    expect(endsWithChange(m, [{ kind: 'delete' }, { kind: 'delete' }])).toBe(false);
    expect(endsWithChange(m, [])).toBe(false);
  });
});
