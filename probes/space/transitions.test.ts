import { describe, expect, it } from 'vitest';
import type { Credentials, Method } from '../../helpers/http/journal.ts';
import { exchangeOf } from '../../test-support/judge/exchange.ts';
import { TRANSITIONS } from './transitions.ts';

const [O, P, C] = ['o', 'p', 'c'].map((c) => `${c.repeat(8)}-0000-4000-8000-000000000000`) as [
  string,
  string,
  string,
];

/** The points each exchange visits, in turn, over one suite file's state. */
function visitsOf(
  ...exchanges: [Method, string, number, unknown?, { json?: unknown; credentials?: Credentials }?][]
) {
  const state = new Map<string, unknown>();
  return exchanges.map(([method, path, status, body, extra]) =>
    TRANSITIONS.visits(
      exchangeOf(method, path, status, body, {
        options: extra?.json === undefined ? {} : { json: extra.json },
        credentials: extra?.credentials ?? 'token',
      }),
      state,
    ),
  );
}

describe('the transitions an exchange visits', () => {
  it('follows a product deleted while a category relates it, and a category deleted while a product links it', () => {
    const visits = visitsOf(
      ['POST', '/v2/categories', 201, { data: { id: C } }],
      ['POST', '/v2/products', 201, { data: { id: P } }],
      [
        'POST',
        `/v2/products/${P}/relationships/categories`,
        200,
        {},
        { json: { data: [{ type: 'category', id: C }] } },
      ],
      ['DELETE', `/v2/categories/${C}`, 204],
      ['GET', '/v2/products?include=categories', 200, { data: [{ id: P }] }],
      ['DELETE', `/v2/products/${P}`, 204],
      ['GET', `/v2/categories/${C}?include=products`, 404],
    );
    expect(visits[2]).toEqual(['product: create → link to a category', 'category: create → link a product']);
    expect(visits[4]).toContain('product: delete a related category → list with include=categories');
    expect(visits[4]).toContain('products listing: create → read');
    expect(visits[5]).toContain('category: delete → delete a related product');
    expect(visits[6]).toContain('category: delete a related product → read with include=products');
  });

  it('reads any body a malformed request carries without throwing', () => {
    const odd = Object.create(null);
    const visits = visitsOf(
      ['POST', '/v2/carts/x/checkout', 201, { data: { id: O } }],
      ['POST', `/v2/orders/${O}/payments`, 422, {}, { json: { data: { gateway: odd, method: odd } } }],
      ['POST', `/v2/products/${P}/relationships/categories`, 422, {}, { json: { data: [odd, 1] } }],
    );
    expect(visits.slice(1)).toEqual([[], []]);
  });

  it('has a point for every pair of each state machine, the gate’s covering set among them', () => {
    const ids = TRANSITIONS.points.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('category: delete a related product → read with include=products');
    expect(TRANSITIONS.points.filter((p) => p.gate).map((p) => p.id)).toContain('integration: delete → read');
  });
});
