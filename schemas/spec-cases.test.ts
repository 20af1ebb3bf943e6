import { faker } from '@faker-js/faker';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Diagnostic, formatDiagnostics } from '../helpers/schema/diagnostics.ts';
import { type SchemaName, validate } from '../helpers/schema/registry.ts';
import { withAt, withoutAt } from '../test-support/schema/document-paths.ts';
import {
  sampleCategory,
  sampleCategoryListing,
  sampleCategoryResponse,
  sampleIntegration,
  samplePaymentIntentTransaction,
  sampleProduct,
  sampleRefundTransaction,
  sampleTransaction,
} from '../test-support/schema/samples.ts';

/** The diagnostics of a document that must be invalid; fails the test when it is valid. */
function diagnosticsOf(name: SchemaName, value: unknown): Diagnostic[] {
  const result = validate(name, value);
  if (result.valid) throw new Error(`expected ${name} to reject the document`);
  return result.diagnostics;
}

function expectValid(name: SchemaName, value: unknown): void {
  const result = validate(name, value);
  expect(result.valid ? '' : formatDiagnostics(result.diagnostics)).toBe('');
}

beforeEach(() => {
  faker.seed(20240501);
});

describe('extra fields are allowed everywhere (rules.md preamble)', () => {
  it.each([
    [
      'transaction-response',
      () => ({ data: { ...sampleTransaction(), extra: 1 }, jsonapi: { version: '1.0' } }),
    ],
    [
      'transaction',
      () => {
        const t = sampleTransaction();
        return {
          ...t,
          meta: { ...t.meta, display_price: { ...t.meta.display_price, extra: true }, other: {} },
          relationships: { order: { data: { type: 'order', id: 'x', extra: 1 } }, customer: { data: null } },
        };
      },
    ],
    [
      'integration',
      () => ({ ...sampleIntegration(), configuration: { url: 'https://hooks.example/x', secret: 's' } }),
    ],
    [
      'product',
      () => ({
        ...sampleProduct(),
        weight: { g: 100 },
        price: [{ amount: 1, currency: 'USD', includes_tax: true, x: 1 }],
      }),
    ],
    ['category', () => ({ ...sampleCategory(), children: [], relationships: { parent: { data: null } } })],
    [
      'category-listing',
      () => ({ ...sampleCategoryListing(), extra: 'x', meta: { ...sampleCategoryListing().meta, x: 1 } }),
    ],
  ] as const)('%s with extra fields passes', (name, build) => {
    expectValid(name, build());
  });
});

describe('"values seen" are examples, not the complete set (rules.md preamble)', () => {
  it.each([
    ['transaction_type', 'authorize'],
    ['status', 'pending'],
    ['gateway', 'stripe'],
  ])('transaction %s %s passes', (field, value) => {
    expectValid('transaction', { ...sampleTransaction(), [field]: value });
  });

  it('payment_intent.status other than requires_action passes', () => {
    const t = samplePaymentIntentTransaction();
    expectValid('transaction', { ...t, payment_intent: { ...t.payment_intent, status: 'succeeded' } });
  });

  it('integration_type other than webhook passes, and then needs no configuration.url', () => {
    expectValid('integration', {
      ...sampleIntegration(),
      integration_type: 'aws_sqs',
      configuration: { queue: 'q' },
    });
  });

  it('product status, commodity_type and stock availability other than those seen pass', () => {
    const p = sampleProduct();
    expectValid('product', {
      ...p,
      status: 'draft',
      commodity_type: 'digital',
      meta: { ...p.meta, stock: { level: 0, availability: 'backorder' } },
    });
  });

  it('category status draft passes', () => {
    expectValid('category', { ...sampleCategory(), status: 'draft' });
  });
});

describe('transactions (§2.1, TXN-SCHEMA)', () => {
  it('a refund without meta passes transaction-refund and transaction-refund-response', () => {
    const refund = sampleRefundTransaction();
    expect(refund).not.toHaveProperty('meta');
    expectValid('transaction-refund', refund);
    expectValid('transaction-refund-response', { data: refund });
  });

  it('a refund without meta fails transaction, naming meta', () => {
    expect(diagnosticsOf('transaction', sampleRefundTransaction())).toEqual([
      { path: 'meta', keyword: 'required', message: 'is required' },
    ]);
  });

  it('transaction-refund still checks meta when it is present', () => {
    const refund = { ...sampleRefundTransaction(), meta: { display_price: { amount: 1 } } };
    expect(diagnosticsOf('transaction-refund', refund).map((d) => d.path)).toEqual([
      'meta.display_price.currency',
      'meta.display_price.formatted',
      'meta.timestamps',
    ]);
  });

  it('a transaction-list item without meta passes (whether a listed refund keeps meta is open), a broken one fails', () => {
    expectValid('transaction-list', { data: [sampleTransaction(), sampleRefundTransaction()] });
    const paths = diagnosticsOf('transaction-list', {
      data: [sampleTransaction(), sampleTransaction({ id: 'not-a-uuid' })],
    }).map((d) => d.path);
    expect(paths).toEqual(['data[1].id']);
  });

  it('custom_reference and payment_intent are optional', () => {
    const t = sampleTransaction();
    expect(t).not.toHaveProperty('custom_reference');
    expect(t).not.toHaveProperty('payment_intent');
    expectValid('transaction', t);
  });

  it('custom_reference, when present, is a string', () => {
    expect(diagnosticsOf('transaction', { ...sampleTransaction(), custom_reference: 42 })).toEqual([
      { path: 'custom_reference', keyword: 'type', message: 'must be string, got 42' },
    ]);
  });

  it('payment_intent, when present, has client_secret and status strings', () => {
    const t = samplePaymentIntentTransaction();
    expectValid('transaction', t);
    expect(diagnosticsOf('transaction', { ...t, payment_intent: { status: 1 } })).toEqual([
      { path: 'payment_intent.client_secret', keyword: 'required', message: 'is required' },
      { path: 'payment_intent.status', keyword: 'type', message: 'must be string, got 1' },
    ]);
  });

  it.each(['usd', 'USD', 'Eur'])('currency %s (three letters, any case) passes', (currency) => {
    expectValid('transaction', sampleTransaction({ currency }));
  });

  it.each(['US', 'USDX', 'U$D', ''])('currency %j fails', (currency) => {
    expect(
      diagnosticsOf('transaction', sampleTransaction({ currency })).map((d) => [d.path, d.keyword]),
    ).toEqual([['currency', 'pattern']]);
  });

  it('id must be a UUID; the order linkage id need not be', () => {
    expect(diagnosticsOf('transaction', sampleTransaction({ id: 'txn-1' })).map((d) => d.keyword)).toEqual([
      'format',
    ]);
    expectValid('transaction', sampleTransaction({ relationships: { order: { data: { id: 'order-1' } } } }));
  });

  it('relationships.order.data.type must be "order"', () => {
    expect(
      diagnosticsOf(
        'transaction',
        withAt(sampleTransaction(), ['relationships', 'order', 'data', 'type'], 'cart'),
      ),
    ).toEqual([
      { path: 'relationships.order.data.type', keyword: 'const', message: 'must equal "order", got "cart"' },
    ]);
  });

  it('amount must be an integer (minor units)', () => {
    expect(diagnosticsOf('transaction', { ...sampleTransaction(), amount: 12.5 })).toEqual([
      { path: 'amount', keyword: 'type', message: 'must be integer, got 12.5' },
    ]);
  });

  it.each([
    '2024-05-01T12:30:00Z',
    '2024-05-01T12:30:00+02:00',
    '2024-05-01T12:30:00.5Z',
    '2024-05-01T12:30:00',
    '2024-05-01T12:30:00.123+0200',
  ])(
    'meta.timestamps %s (no milliseconds needed, a zone in any ISO 8601 form or none) passes',
    (created_at) => {
      expectValid('transaction', sampleTransaction({ meta: { timestamps: { created_at } } }));
    },
  );

  it.each(['2024-05-01', 'yesterday', '2024-13-01T00:00:00Z'])('meta.timestamps %s fails', (created_at) => {
    expect(
      diagnosticsOf('transaction', sampleTransaction({ meta: { timestamps: { created_at } } })).map(
        (d) => d.keyword,
      ),
    ).toEqual(['format']);
  });
});

describe('integrations (§2.2, INT-SCHEMA, INT-TIMESTAMP-MS)', () => {
  it('timestamps with milliseconds pass, with finer fractions too', () => {
    expectValid(
      'integration',
      sampleIntegration({ meta: { timestamps: { created_at: '2024-05-01T12:30:00.123Z' } } }),
    );
    expectValid(
      'integration',
      sampleIntegration({ meta: { timestamps: { updated_at: '2024-05-01T12:30:00.123456+00:00' } } }),
    );
    expectValid(
      'integration',
      sampleIntegration({ meta: { timestamps: { created_at: '2024-05-01T12:30:00.123' } } }),
    );
  });

  it.each(['2024-05-01T12:30:00Z', '2024-05-01T12:30:00.1Z', '2024-05-01T12:30:00.12+01:00'])(
    'a timestamp without milliseconds (%s) fails',
    (created_at) => {
      expect(
        diagnosticsOf('integration', sampleIntegration({ meta: { timestamps: { created_at } } })),
      ).toEqual([
        {
          path: 'meta.timestamps.created_at',
          keyword: 'pattern',
          message: `must match pattern "^\\d{4}-\\d{2}-\\d{2}[Tt ]\\d{2}:\\d{2}:\\d{2}\\.\\d{3}", got "${created_at}"`,
        },
      ]);
    },
  );

  it('a webhook without configuration.url fails, naming configuration.url', () => {
    expect(diagnosticsOf('integration', sampleIntegration({ configuration: { url: undefined } }))).toEqual([
      { path: 'configuration.url', keyword: 'required', message: 'is required' },
    ]);
  });

  it.each(['/hooks/1', 'hooks.example.com/x', 'not a url'])(
    'a configuration.url %j that is not absolute fails',
    (url) => {
      expect(
        diagnosticsOf('integration', sampleIntegration({ configuration: { url } })).map((d) => d.keyword),
      ).toEqual(['format']);
    },
  );

  it('enabled false passes; enabled "true" fails', () => {
    expectValid('integration', sampleIntegration({ enabled: false }));
    expect(diagnosticsOf('integration', { ...sampleIntegration(), enabled: 'true' })[0]?.path).toBe(
      'enabled',
    );
  });

  it('observes may be empty; its items are strings', () => {
    expectValid('integration', sampleIntegration({ observes: [] }));
    expect(
      diagnosticsOf('integration', sampleIntegration({ observes: ['order.fulfilled', 3] as string[] })),
    ).toEqual([{ path: 'observes[1]', keyword: 'type', message: 'must be string, got 3' }]);
  });

  it('integration-delete is { data: { type: "integration", id } }', () => {
    expectValid('integration-delete', { data: { type: 'integration', id: 'abc' } });
    expect(diagnosticsOf('integration-delete', { data: { type: 'integrations' } })).toEqual([
      { path: 'data.id', keyword: 'required', message: 'is required' },
      { path: 'data.type', keyword: 'const', message: 'must equal "integration", got "integrations"' },
    ]);
  });
});

describe('products and categories (§2.3, §2.4, PRD-SCHEMA, CAT-SCHEMA)', () => {
  it('tax-code null passes; a missing tax-code fails; a number fails', () => {
    expectValid('product', sampleProduct({ 'tax-code': null }));
    expect(diagnosticsOf('product', withoutAt(sampleProduct(), ['tax-code']))).toEqual([
      { path: 'tax-code', keyword: 'required', message: 'is required' },
    ]);
    expect(diagnosticsOf('product', sampleProduct({ 'tax-code': 7 as unknown as string }))).toEqual([
      { path: 'tax-code', keyword: 'type', message: 'must be string or null, got 7' },
    ]);
  });

  it('a product without relationships.main_image passes, with its data null, and without relationships at all', () => {
    expectValid('product', sampleProduct({ relationships: { main_image: undefined } }));
    expectValid('product', sampleProduct({ relationships: { main_image: { data: null } } }));
    expectValid('product', sampleProduct({ relationships: undefined }));
  });

  it('a present relationship must have its shape', () => {
    const bad = sampleProduct({
      relationships: {
        main_image: { data: [] as never },
        files: { data: [{ type: 'image', id: 'f' }] as never },
      },
    });
    expect(diagnosticsOf('product', bad)).toEqual([
      {
        path: 'relationships.files.data[0].type',
        keyword: 'const',
        message: 'must equal "file", got "image"',
      },
      {
        path: 'relationships.main_image.data',
        keyword: 'type',
        message: 'must be object or null, got an array',
      },
    ]);
  });

  it('a category without products (no relationships) passes', () => {
    expectValid('category', sampleCategory({}, []));
  });

  it('background_colour and background_image are any strings', () => {
    expectValid('category', sampleCategory({ background_colour: 'teal', background_image: '' }));
  });

  it('a category response without included passes; with included.products they must be products', () => {
    expectValid('category-response', sampleCategoryResponse({ products: 0 }));
    const response = sampleCategoryResponse({ products: 1 });
    expectValid('category-response', response);
    expect(
      diagnosticsOf('category-response', withAt(response, ['included', 'products', 0, 'type'], 'file')),
    ).toEqual([
      { path: 'included.products[0].type', keyword: 'const', message: 'must equal "product", got "file"' },
    ]);
  });

  it('included values must be arrays of objects with a string type (INC-SHAPE)', () => {
    expectValid('included', { products: [], main_images: [{ type: 'main_image', id: 'x' }] });
    expect(diagnosticsOf('included', { products: {}, files: [{ id: 'x' }] })).toEqual([
      { path: 'files[0].type', keyword: 'required', message: 'is required' },
      { path: 'products', keyword: 'type', message: 'must be array, got an object' },
    ]);
    expect(diagnosticsOf('category-response', { ...sampleCategoryResponse(), included: [] })).toEqual([
      { path: 'included', keyword: 'type', message: 'must be object, got an array' },
    ]);
  });
});

describe('listings (§2.5, PAGE-ENVELOPE)', () => {
  it('links.prev null passes; links.prev missing fails', () => {
    const listing = sampleCategoryListing();
    expect(listing.links.prev).toBeNull();
    expectValid('listing-envelope', listing);
    expect(diagnosticsOf('listing-envelope', withoutAt(listing, ['links', 'prev']))).toEqual([
      { path: 'links.prev', keyword: 'required', message: 'is required' },
    ]);
  });

  it('links.next as a string passes, as a number fails', () => {
    const listing = sampleCategoryListing(2, { limit: 2, total: 5 });
    expect(listing.links.next).toMatch(/page\[offset\]=2$/);
    expectValid('category-listing', listing);
    expect(diagnosticsOf('category-listing', withAt(listing, ['links', 'next'], 2))).toEqual([
      { path: 'links.next', keyword: 'type', message: 'must be string or null, got 2' },
    ]);
  });

  it('meta.results.all absent passes', () => {
    expectValid('listing-envelope', sampleCategoryListing(3, { resultsAll: false }));
  });

  it('an empty listing still has its pagination meta (PAGE-META-EMPTY)', () => {
    const empty = sampleCategoryListing(0, { offset: 500 });
    expectValid('category-listing', empty);
    expect(diagnosticsOf('listing-envelope', { data: [], links: empty.links })).toEqual([
      { path: 'meta', keyword: 'required', message: 'is required' },
    ]);
  });

  it('page numbers must be integers', () => {
    const listing = sampleCategoryListing();
    expect(diagnosticsOf('listing-envelope', withAt(listing, ['meta', 'page', 'limit'], '100'))).toEqual([
      { path: 'meta.page.limit', keyword: 'type', message: 'must be integer, got "100"' },
    ]);
  });

  it('the generic envelopes check only data', () => {
    expectValid('single-envelope', { data: { anything: true } });
    expectValid('list-envelope', { data: [] });
    expect(diagnosticsOf('single-envelope', { data: [] })).toEqual([
      { path: 'data', keyword: 'type', message: 'must be object, got an array' },
    ]);
    expect(diagnosticsOf('list-envelope', {})).toEqual([
      { path: 'data', keyword: 'required', message: 'is required' },
    ]);
  });
});
