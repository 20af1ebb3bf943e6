import { describe, expect, it } from 'vitest';
import type { SentRequest } from '../../helpers/http/client.ts';
import {
  endpointOf,
  oneOfEachKind,
  parameterNames,
  replayable,
  SPEC_ENDPOINTS,
} from './recorded-requests.ts';

const ORDER = '0b6f3c1e-1111-4222-8333-444455556666';
const TXN = '9a8b7c6d-1111-4222-8333-444455556666';

const sent = (method: SentRequest['method'], path: string, status = 200, json?: unknown): SentRequest => ({
  method,
  path,
  options: json === undefined ? { auth: 'token' } : { auth: 'token', json },
  status,
});

describe('the endpoints of §4', () => {
  it('are the ten of the specification, from the OpenAPI operations', () => {
    expect(SPEC_ENDPOINTS.map((e) => `${e.method} ${e.template}`).sort()).toEqual([
      'DELETE /v2/integrations/{id}',
      'GET /v2/categories',
      'GET /v2/categories/{id}',
      'GET /v2/integrations/{id}',
      'GET /v2/orders/{orderId}/transactions',
      'GET /v2/products',
      'POST /v2/orders/{orderId}/payments',
      'POST /v2/orders/{orderId}/transactions/{transactionId}/capture',
      'POST /v2/orders/{orderId}/transactions/{transactionId}/confirm',
      'POST /v2/orders/{orderId}/transactions/{transactionId}/refund',
    ]);
  });

  it('match paths with their query string, and nothing of provisioning', () => {
    expect(endpointOf('GET', `/v2/orders/${ORDER}/transactions?page[limit]=1`)?.template).toBe(
      '/v2/orders/{orderId}/transactions',
    );
    expect(endpointOf('POST', `/v2/orders/${ORDER}/transactions/${TXN}/capture`)?.template).toBe(
      '/v2/orders/{orderId}/transactions/{transactionId}/capture',
    );
    expect(endpointOf('POST', '/v2/products')).toBeUndefined();
    expect(endpointOf('GET', '/v2/products/abc')).toBeUndefined();
    expect(endpointOf('POST', '/v2/carts/c1/checkout')).toBeUndefined();
    expect(endpointOf('DELETE', '/v2/categories/abc')).toBeUndefined();
    expect(endpointOf('GET', '/v2/orders?page[offset]=1')).toBeUndefined();
  });
});

describe('parameter names of a kind', () => {
  it('count the page parameters as one, include by name, and any other name as one', () => {
    expect(parameterNames('/v2/products')).toEqual([]);
    expect(parameterNames('/v2/products?page[limit]=1&page[offset]=2')).toEqual(['page[…]']);
    expect(parameterNames('/v2/categories?page%5Blimit%5D%5Bx%5D=1')).toEqual(['page[…]']);
    expect(parameterNames('/v2/products?include=main_image&page[limit]=3')).toEqual(['include', 'page[…]']);
    expect(parameterNames('/v2/integrations/x?conformance=1&%E0%A4%A=2')).toEqual(['…']);
  });
});

describe('the requests replayed', () => {
  const journal = [
    sent('GET', '/v2/products?page[limit]=3&page[offset]=3'),
    sent('GET', '/v2/products?page[limit]=3&page[offset]=0'),
    sent('GET', '/v2/products?page[limit]=3&page[offset]=0'),
    sent('GET', '/v2/products'),
    sent('GET', '/v2/products?include=categories', 400),
    sent('POST', '/v2/products', 201, { data: {} }),
    sent('POST', `/v2/orders/${ORDER}/payments`, 201, { data: { gateway: 'manual', method: 'authorize' } }),
    sent('POST', `/v2/orders/${ORDER}/payments`, 201, { data: { gateway: 'manual', method: 'authorize' } }),
    sent('POST', `/v2/orders/${ORDER}/transactions/${TXN}/capture`, 200, { data: { custom_reference: 'r' } }),
  ];

  it('are those to §4 answered 2xx, each distinct request once (a body is part of it), sorted by kind then path', () => {
    const requests = replayable(journal);
    expect(requests.map((r) => `${r.kind} | ${r.path}`)).toEqual([
      'GET /v2/products | /v2/products',
      'GET /v2/products?page[…] | /v2/products?page[limit]=3&page[offset]=0',
      'GET /v2/products?page[…] | /v2/products?page[limit]=3&page[offset]=3',
      `POST /v2/orders/{orderId}/payments | /v2/orders/${ORDER}/payments`,
      `POST /v2/orders/{orderId}/transactions/{transactionId}/capture | /v2/orders/${ORDER}/transactions/${TXN}/capture`,
    ]);
    expect(requests[4]?.options).toEqual({ json: { data: { custom_reference: 'r' } } });
  });

  it('do not depend on the order they were sent in', () => {
    expect(replayable([...journal].reverse())).toEqual(replayable(journal));
  });

  it('in the gate profile: one of each kind, the first by path', () => {
    expect(oneOfEachKind(replayable(journal)).map((r) => r.path)).toEqual([
      '/v2/products',
      '/v2/products?page[limit]=3&page[offset]=0',
      `/v2/orders/${ORDER}/payments`,
      `/v2/orders/${ORDER}/transactions/${TXN}/capture`,
    ]);
  });
});
