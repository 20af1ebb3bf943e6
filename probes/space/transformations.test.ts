import { describe, expect, it } from 'vitest';
import { SPEC_ENDPOINTS } from '../../helpers/catalogue/endpoints.ts';
import type { HttpRequest } from '../../helpers/http/journal.ts';
import { exchangeOf } from '../../test-support/judge/exchange.ts';
import {
  appliesNow,
  appliesTo,
  GATE_DERIVED,
  TRANSFORMATION_DIMENSION,
  TRANSFORMATIONS,
  transformation,
} from './transformations.ts';

const ID = '0b6f3c1e-1111-4222-8333-444455556666';
const ctx = { token: 'tok' };
const entry = (id: string) => {
  const t = transformation(id);
  if (!t) throw new Error(`no entry ${id}`);
  return t;
};
const apply = (id: string, r: HttpRequest, more: Partial<typeof ctx> & { invalid?: string } = {}) =>
  entry(id).apply(r, { ...ctx, ...more });
const get = (path: string, options: HttpRequest['options'] = {}): HttpRequest => ({
  method: 'GET',
  path,
  options,
});

describe('the catalogue of transformations', () => {
  it('names each entry once, with a relation and where the relation comes from', () => {
    const ids = TRANSFORMATIONS.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const t of TRANSFORMATIONS) expect(t.source).not.toBe('');
    expect(new Set(TRANSFORMATIONS.map((t) => t.relation))).toEqual(
      new Set(['equivalent', 'may refuse', 'must refuse']),
    );
  });

  it('spells the query as the relation says: encoded alike, reordered, with an empty part', () => {
    const r = get('/v2/products?page[limit]=2&include=main_image,categories');
    expect(apply('query: as a form encoder writes it ([ ] , encoded)', r)?.path).toBe(
      '/v2/products?page%5Blimit%5D=2&include=main_image%2Ccategories',
    );
    expect(apply('query: parameters in another order', r)?.path).toBe(
      '/v2/products?include=main_image,categories&page[limit]=2',
    );
    expect(apply('query: an empty part (&&)', r)?.path).toBe(
      '/v2/products?page[limit]=2&&include=main_image,categories',
    );
    expect(apply('include: values in another order', r)?.path).toBe(
      '/v2/products?page[limit]=2&include=categories,main_image',
    );
  });

  it('edits the Authorization header a request carries: its name, its scheme; none stays none', () => {
    const withToken = get('/v2/products');
    expect(apply('Authorization named authorization', withToken)?.options.auth).toEqual({
      authorization: 'Bearer tok',
      name: 'authorization',
    });
    const invalid = apply('an invalid token', withToken, { invalid: 'Bearer TOK' }) as HttpRequest;
    expect(apply('the scheme in lower case (bearer)', invalid)?.options.auth).toEqual({
      authorization: 'bearer TOK',
    });
    const none = apply('without Authorization', withToken) as HttpRequest;
    expect(apply('Authorization named AUTHORIZATION', none)).toBe(none);
  });

  it('puts an id of the run in place of the one an action acts on, or none when the run knows none', () => {
    const capture = {
      method: 'POST' as const,
      path: `/v2/orders/${ID}/transactions/t1/capture`,
      options: {},
    };
    expect(apply('an id that names nothing', capture)).toBeUndefined();
    const swapped = entry("another order's transaction").apply(capture, { ...ctx, id: () => 'other' });
    expect(swapped?.path).toBe(`/v2/orders/${ID}/transactions/other/capture`);
  });

  it('applies where its endpoint and the request allow it', () => {
    const query = entry('query: a parameter repeated with the same value');
    expect(appliesTo(query, 'GET', '/v2/products')).toBe(true);
    expect(appliesTo(query, 'POST', '/v2/orders/:orderId/payments')).toBe(false);
    expect(appliesNow(query, get('/v2/products'))).toBe(false);
    expect(appliesNow(query, get('/v2/products?page[limit]=1'))).toBe(true);
    const id = entry('path: an id in upper case');
    expect(appliesNow(id, get(`/v2/integrations/${ID}`))).toBe(true);
    expect(appliesTo(id, 'GET', '/v2/products')).toBe(false);
  });
});

describe('the dimension of transformations', () => {
  it('has a point for each entry on each endpoint it applies to; the gate covers each may/must-refuse entry once', () => {
    const points = TRANSFORMATION_DIMENSION.points;
    const expected = TRANSFORMATIONS.flatMap((t) =>
      SPEC_ENDPOINTS.filter((e) => appliesTo(t, e.method, e.path)),
    );
    expect(points).toHaveLength(expected.length);
    for (const { entry: t, endpoint } of GATE_DERIVED)
      expect(points.find((p) => p.id === `${t.id} on ${endpoint}`)?.gate).toBe(true);
  });

  it('is visited by the transformation an exchange was sent with, its credentials and its method', () => {
    const x = exchangeOf(
      'HEAD',
      '/v2/products',
      401,
      {},
      {
        credentials: 'none',
        options: {
          auth: 'none',
          transformed: {
            id: 'without Authorization',
            relation: 'must refuse',
            method: 'GET',
            template: '/v2/products',
            also: 'HEAD instead of GET',
          },
        },
      },
    );
    expect([...TRANSFORMATION_DIMENSION.visits(x, new Map())].sort()).toEqual([
      'HEAD instead of GET on GET /v2/products',
      'without Authorization on GET /v2/products',
    ]);
  });
});
