import { describe, expect, it } from 'vitest';
import { exchangeOf } from '../../test-support/judge/exchange.ts';
import { SHAPES } from './shapes.ts';

const P = 'a1b2c3d4-0000-4000-8000-00000000000a';
const C = 'a1b2c3d4-0000-4000-8000-00000000000c';

/** The points a file's exchanges visit, in order, with the dimension's memory of the file. */
function visitsOf(...exchanges: ReturnType<typeof exchangeOf>[]): string[][] {
  const state = new Map<string, unknown>();
  return exchanges.map((x) => [...SHAPES.visits(x, state)]);
}

describe('the shapes of the records and where they are read', () => {
  it('has unique points, and a covering set of the gate that holds every shape of every field at least once', () => {
    const ids = SHAPES.points.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    const fields = SHAPES.points.filter((p) => p.id.includes(': '));
    const gateShapes = new Set(fields.filter((p) => p.gate).map((p) => p.id.split(': ')[1]));
    const shapes = new Set(fields.map((p) => p.id.split(': ')[1]));
    expect([...shapes].filter((s) => !gateShapes.has(s))).toEqual([]);
  });

  it('reads the shapes of a request body, whatever the answer, and the records it made from a 2xx', () => {
    const product = {
      data: {
        name: '  Zürich 🚀 ',
        slug: 's',
        description: '',
        price: [
          { amount: 1, currency: 'USD', includes_tax: true },
          { amount: 1, currency: 'EUR', includes_tax: false },
        ],
        manage_stock: true,
        commodity_type: 'digital',
      },
    };
    const [refused, made, listed, unaligned, category] = visitsOf(
      exchangeOf('POST', '/v2/products', 422, {}, { options: { json: product } }),
      exchangeOf('POST', '/v2/products', 201, { data: { id: P } }, { options: { json: product } }),
      exchangeOf('GET', '/v2/products?page[limit]=2&page[offset]=2&include=categories', 200, {
        data: [{ id: P }],
      }),
      exchangeOf('GET', '/v2/products?page[offset]=3', 200, {
        data: [{ id: P }],
        meta: { page: { limit: 2 } },
      }),
      exchangeOf(
        'POST',
        '/v2/integrations',
        201,
        { data: { id: C } },
        {
          options: {
            json: {
              data: {
                enabled: false,
                observes: ['a.b', 'c.d'],
                configuration: { url: 'https://h.example:8443/a%20b?x=1#f' },
              },
            },
          },
        },
      ),
    );
    expect(refused).toEqual(made);
    expect(made).toEqual([
      'product.name: non-ASCII',
      'product.name: above U+FFFF',
      'product.name: spaces around',
      'product.slug: ASCII',
      'product.description: empty',
      'product.price: several prices',
      'product.price: several currencies',
      'product.price: tax excluded',
      'product.manage_stock: true',
      'product.commodity_type: another',
    ]);
    expect(listed).toEqual([
      'product (several prices) in GET /v2/products',
      'product in GET /v2/products, a later page',
      'product in GET /v2/products, a later page, with include',
    ]);
    expect(unaligned).toEqual([
      'product (several prices) in GET /v2/products',
      'product in GET /v2/products, an unaligned page',
    ]);
    expect(category).toEqual([
      'integration.enabled: false',
      'integration.observes: several',
      'integration.configuration.url: port',
      'integration.configuration.url: percent-encoding',
      'integration.configuration.url: query string',
      'integration.configuration.url: fragment',
    ]);
    for (const id of [made, listed, unaligned, category].flatMap((v) => v ?? []))
      expect(
        SHAPES.points.some((p) => p.id === id),
        id,
      ).toBe(true);
  });

  it('knows a category by the products the run linked to it', () => {
    const visits = visitsOf(
      exchangeOf(
        'POST',
        '/v2/categories',
        201,
        { data: { id: C } },
        { options: { json: { data: { name: 'c' } } } },
      ),
      exchangeOf('GET', `/v2/categories/${C}`, 200, { data: { id: C } }),
      ...Array.from({ length: 11 }, (_, i) =>
        exchangeOf(
          'POST',
          `/v2/products/p${i}/relationships/categories`,
          200,
          {},
          {
            options: { json: { data: [{ type: 'category', id: C }] } },
          },
        ),
      ),
      exchangeOf('GET', '/v2/categories', 200, { data: [{ id: C }] }),
    );
    expect(visits[1]).toEqual(['category (no products) in GET /v2/categories/:id']);
    expect(visits[visits.length - 1]).toEqual([
      'category (more than 10 products) in GET /v2/categories',
      'category in GET /v2/categories, first page',
    ]);
  });
});
