import { faker } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { formatDiagnostics } from '../../helpers/schema/diagnostics.ts';
import { SCHEMA_NAMES, validate } from '../../helpers/schema/registry.ts';
import {
  formatMinorUnits,
  mergeOverrides,
  sampleCategoryListing,
  sampleCategoryResponse,
  sampleFor,
  sampleIntegration,
  sampleListing,
  samplePaymentIntentTransaction,
  sampleProduct,
  sampleRefundTransaction,
  sampleTransaction,
} from './samples.ts';

describe('sampleFor', () => {
  it.each(SCHEMA_NAMES)('builds documents valid against %s (50 seeds)', (name) => {
    for (let seed = 1; seed <= 50; seed += 1) {
      faker.seed(seed);
      const result = validate(name, sampleFor(name));
      expect(result.valid ? '' : `seed ${seed}:\n${formatDiagnostics(result.diagnostics)}`).toBe('');
    }
  });

  it('builds a fresh document on each call', () => {
    expect(sampleFor('transaction')).not.toBe(sampleFor('transaction'));
    expect(sampleFor('transaction').id).not.toBe(sampleFor('transaction').id);
  });
});

describe('mergeOverrides', () => {
  it('merges objects deeply, replaces arrays and scalars, and removes keys set to undefined', () => {
    const base = { a: { b: 1, c: 2 }, list: [1, 2], keep: 'x', drop: 'y' };
    expect(mergeOverrides(base, { a: { c: 3 }, list: [9], drop: undefined })).toEqual({
      a: { b: 1, c: 3 },
      list: [9],
      keep: 'x',
    });
    expect(base).toEqual({ a: { b: 1, c: 2 }, list: [1, 2], keep: 'x', drop: 'y' });
  });

  it('returns the base when there are no overrides, and null replaces an object', () => {
    const base = { a: { b: 1 } };
    expect(mergeOverrides(base)).toBe(base);
    expect(mergeOverrides<{ a: { b: number } | null }>(base, { a: null })).toEqual({ a: null });
  });
});

describe('transaction samples', () => {
  it('keep amount, currency and meta.display_price consistent (TXN-AMOUNT)', () => {
    const t = sampleTransaction({ amount: 1234, currency: 'USD' });
    expect(t.meta.display_price).toEqual({ amount: 1234, currency: 'USD', formatted: '$12.34' });
  });

  it('give the manual gateway the reference "manual" (TXN-MANUAL-REF)', () => {
    const t = sampleTransaction();
    expect(t).toMatchObject({
      gateway: 'manual',
      reference: 'manual',
      transaction_type: 'capture',
      status: 'complete',
    });
  });

  it('build a refund without meta (TXN-REFUND, TXN-REFUND-NO-META)', () => {
    const t = sampleRefundTransaction({ amount: 500 });
    expect(t).toMatchObject({ transaction_type: 'refund', status: 'complete', amount: 500 });
    expect(t).not.toHaveProperty('meta');
  });

  it('build a payment-intent confirmation (TXN-CONFIRM)', () => {
    const t = samplePaymentIntentTransaction({ reference: 'pi_123' });
    expect(t).toMatchObject({
      gateway: 'card_payment_intents',
      transaction_type: 'purchase',
      reference: 'pi_123',
      payment_intent: { status: 'requires_action', client_secret: expect.stringMatching(/^pi_123_secret_/) },
    });
  });

  it('accept a custom reference and order id', () => {
    const t = sampleTransaction({
      custom_reference: 'ref-1',
      relationships: { order: { data: { id: 'o-1' } } },
    });
    expect(t.custom_reference).toBe('ref-1');
    expect(t.relationships.order.data).toEqual({ type: 'order', id: 'o-1' });
  });
});

describe('other samples', () => {
  it('integration links.self follows the id (INT-SELF-LINK), timestamps carry milliseconds', () => {
    const i = sampleIntegration({ id: '6f1c7f43-54d5-4b70-8d5f-b0cd0e5a4a0e' });
    expect(i.links.self).toMatch(/\/v2\/integrations\/6f1c7f43-54d5-4b70-8d5f-b0cd0e5a4a0e$/);
    expect(i.meta.timestamps.created_at).toMatch(/\.\d{3}Z$/);
    expect(i.observes.every((e) => /^[^.]+\.[^.]+$/.test(e))).toBe(true);
  });

  it('product display prices agree with the price', () => {
    const p = sampleProduct();
    expect(p.meta.display_price.without_tax.amount).toBe(p.price[0]?.amount);
    expect(p.meta.stock.availability).toBe(p.meta.stock.level > 0 ? 'in-stock' : 'out-stock');
  });

  it('category response includes exactly the related products (INC-PRODUCTS), or nothing (INC-NONE-RELATED)', () => {
    const r = sampleCategoryResponse({ products: 3 });
    expect(r.included?.products?.map((p) => p.id)).toEqual(
      r.data.relationships?.products?.data.map((l) => l.id),
    );
    const none = sampleCategoryResponse({ products: 0 });
    expect(none).not.toHaveProperty('included');
    expect(none.data).not.toHaveProperty('relationships');
  });

  it('listing links and counts follow the paging (PAGE-LINKS, PAGE-PREV-NEXT, PAGE-COUNTS)', () => {
    const l = sampleListing(['a', 'b'], { limit: 2, offset: 2, total: 5, path: '/v2/products' });
    expect(l.links).toEqual({
      current: 'https://api.commerce.example/v2/products?page[limit]=2&page[offset]=2',
      first: 'https://api.commerce.example/v2/products?page[limit]=2&page[offset]=0',
      last: 'https://api.commerce.example/v2/products?page[limit]=2&page[offset]=4',
      prev: 'https://api.commerce.example/v2/products?page[limit]=2&page[offset]=0',
      next: 'https://api.commerce.example/v2/products?page[limit]=2&page[offset]=4',
    });
    expect(l.meta).toEqual({
      page: { limit: 2, offset: 2, current: 2, total: 3 },
      results: { total: 5, all: 5 },
    });
  });

  it('a first and last page has null prev and next', () => {
    const l = sampleCategoryListing(3);
    expect(l.links.prev).toBeNull();
    expect(l.links.next).toBeNull();
    expect(l.meta.page).toEqual({ limit: 100, offset: 0, current: 1, total: 1 });
  });

  it('formats minor units per currency', () => {
    expect(formatMinorUnits(1234, 'usd')).toBe('$12.34');
    expect(formatMinorUnits(1234, 'JPY')).toBe('¥1,234');
    expect(formatMinorUnits(1234, 'US')).toBe('US 12.34');
  });
});
