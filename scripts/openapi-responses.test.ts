import { describe, expect, it } from 'vitest';
import {
  sampleIntegration,
  sampleProductListing,
  sampleRefundTransaction,
  sampleTransaction,
} from '../test-support/schema/samples.ts';
import { buildOpenApiDocument } from './openapi-document.ts';
import { createExchangeChecker, type RecordedExchange } from './openapi-responses.ts';

const check = createExchangeChecker(buildOpenApiDocument());
const JSON_TYPE = 'application/json; charset=utf-8';
const REFUND = '/v2/orders/o-1/transactions/t-1/refund';

function answer(method: string, path: string, status: number, body: unknown): RecordedExchange {
  return { method, path, status, contentType: JSON_TYPE, body: JSON.stringify(body) };
}

describe('createExchangeChecker', () => {
  it('finds the operation by method and path template, ignoring the query string', () => {
    const listing = check(
      answer('GET', '/v2/products?page[limit]=3&include=x', 200, sampleProductListing(3)),
    );
    expect(listing).toEqual({
      operationId: 'listProducts',
      responseKey: '2XX',
      validated: true,
      problems: [],
    });
    expect(check(answer('DELETE', '/v2/products/p-1', 204, '')).operationId).toBe('deleteProduct');
    expect(check(answer('PUT', '/v2/products/p-1', 405, {})).operationId).toBeUndefined();
    expect(check(answer('GET', '/v2/products/', 404, {})).operationId).toBeUndefined();
  });

  it('accepts valid answers of the transaction operations, the refund without meta', () => {
    const refund = sampleRefundTransaction();
    expect(refund).not.toHaveProperty('meta');
    expect(check(answer('POST', REFUND, 200, { data: refund })).problems).toEqual([]);
    const capture = '/v2/orders/o-1/transactions/t-1/capture';
    expect(check(answer('POST', capture, 201, { data: sampleTransaction(), extra: 1 })).problems).toEqual([]);
  });

  it('reports a body that breaks the schema of its operation', () => {
    const listing = sampleProductListing(1);
    const product = listing.data[0] as unknown as Record<string, unknown>;
    product.tax_code = product['tax-code'];
    delete product['tax-code'];
    const verdict = check(answer('GET', '/v2/products', 200, listing));
    expect(verdict.validated).toBe(true);
    expect(verdict.problems.join('\n')).toContain("must have required property 'tax-code'");

    const { links: _links, ...withoutLinks } = sampleIntegration();
    expect(check(answer('GET', '/v2/integrations/i-1', 200, { data: withoutLinks })).problems).toEqual([
      "/data must have required property 'links'",
    ]);
    expect(
      check(answer('GET', '/v2/integrations/i-1', 200, { data: { ...sampleIntegration(), id: 'x' } }))
        .problems,
    ).toEqual(['/data/id must match format "uuid"']);
  });

  it('reports an undocumented status (a 5xx), a body that is not JSON, and another media type', () => {
    expect(check(answer('POST', REFUND, 500, {})).problems).toEqual([
      'status 500 is not a documented answer of refundTransaction',
    ]);
    expect(
      check({ method: 'POST', path: REFUND, status: 200, contentType: 'application/json', body: '{' })
        .problems,
    ).toEqual(['the body is not JSON']);
    expect(
      check({ method: 'POST', path: REFUND, status: 200, contentType: 'text/html', body: '<p>' }).problems,
    ).toEqual(['Content-Type "text/html" is not one of application/json']);
  });

  it('accepts any body for refusals and for answers the specification does not show', () => {
    expect(check(answer('GET', '/v2/integrations/i-1', 404, { anything: true }))).toEqual({
      operationId: 'getIntegration',
      responseKey: '4XX',
      validated: false,
      problems: [],
    });
    const authorize = check(answer('POST', '/v2/orders/o-1/payments', 204, ''));
    expect(authorize).toMatchObject({ operationId: 'createPayment', validated: false, problems: [] });
  });
});
