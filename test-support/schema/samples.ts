import { faker } from '@faker-js/faker';
import type {
  Category,
  CategoryListing,
  CategoryResponse,
  DisplayPrice,
  Integration,
  IntegrationDeleteResponse,
  ListingLinks,
  ListingMeta,
  Product,
  ProductListing,
  SchemaName,
  SchemaTypes,
  Timestamps,
  Transaction,
  TransactionRefund,
} from '../../schemas/types.generated.ts';

/**
 * Realistic, valid sample documents for every schema, built with faker. Each builder takes optional
 * overrides, merged deeply into the sample: objects are merged key by key, arrays and other values replace
 * the sample's, and a key whose override is `undefined` is removed (`sampleTransaction({ meta: undefined })`).
 * Values that the specification ties together stay consistent when the driving value is overridden
 * (a transaction's `amount` and `meta.display_price`, an integration's `id` and `links.self`, a listing's
 * links and counts). Seed with `faker.seed(n)` for repeatable documents.
 */

/** Overrides of a sample: any part of the document, deeply; `undefined` removes a key. */
export type Overrides<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T]?: Overrides<T[K]> | undefined }
    : T;

/** Base URL of the links in samples (integration `links.self`, listing links). */
export const SAMPLE_BASE_URL = 'https://api.commerce.example';

const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD', 'SEK'] as const;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Merges `overrides` deeply into a copy of `base` (see the module comment for the rules).
 *
 * @param base - the sample.
 * @param overrides - the parts to change; `undefined` values remove keys.
 */
export function mergeOverrides<T>(base: T, overrides?: NoInfer<Overrides<T>>): T {
  if (overrides === undefined) return base;
  if (!isPlainObject(base) || !isPlainObject(overrides)) return overrides as T;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete out[key];
    else if (isPlainObject(value) && isPlainObject(out[key])) out[key] = mergeOverrides(out[key], value);
    else out[key] = value;
  }
  return out as T;
}

/** A random UUID (v4). */
export function sampleUuid(): string {
  return faker.string.uuid();
}

/** A common currency code, upper case. */
export function sampleCurrency(): string {
  return faker.helpers.arrayElement(CURRENCIES);
}

/**
 * `amount` (in the currency's minor unit) formatted in `currency` (three letters), as a display price shows
 * it, e.g. `$12.34`; a code that is not a currency code (a bad override) precedes the amount in 1/100ths.
 */
export function formatMinorUnits(amount: number, currency: string): string {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() });
  } catch {
    return `${currency} ${(amount / 100).toFixed(2)}`;
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

/**
 * A display price whose `formatted` agrees with `amount` and `currency`.
 *
 * @param amount - amount in minor units; random when omitted.
 * @param currency - currency code; random when omitted.
 */
export function sampleDisplayPrice(
  amount: number = faker.number.int({ min: 100, max: 500_000 }),
  currency: string = sampleCurrency(),
): DisplayPrice {
  return { amount, currency, formatted: formatMinorUnits(amount, currency) };
}

/** `created_at` in the past two years and `updated_at` after it, ISO 8601 with milliseconds (UTC). */
export function sampleTimestamps(): Timestamps {
  const created = faker.date.past({ years: 2 });
  const updated = faker.date.between({ from: created, to: new Date() });
  return { created_at: created.toISOString(), updated_at: updated.toISOString() };
}

/**
 * A manual-gateway capture transaction (§2.1), with `meta`. Overriding `amount` or `currency` keeps
 * `meta.display_price` in step; overriding `gateway` to anything but `manual` gives a provider-style
 * `reference`.
 */
export function sampleTransaction(overrides?: Overrides<Transaction>): Transaction {
  const amount = overrides?.amount ?? faker.number.int({ min: 100, max: 500_000 });
  const currency = overrides?.currency ?? sampleCurrency();
  const gateway = overrides?.gateway ?? 'manual';
  const base: Transaction = {
    id: sampleUuid(),
    type: 'transaction',
    reference: gateway === 'manual' ? 'manual' : `pi_${faker.string.alphanumeric(24)}`,
    gateway,
    amount,
    currency,
    transaction_type: 'capture',
    status: 'complete',
    relationships: { order: { data: { type: 'order', id: sampleUuid() } } },
    meta: { display_price: sampleDisplayPrice(amount, currency), timestamps: sampleTimestamps() },
  };
  return mergeOverrides(base, overrides);
}

/** A refund response's transaction (§2.1, §4.1): `transaction_type` `refund`, `status` `complete`, no `meta`. */
export function sampleRefundTransaction(overrides?: Overrides<TransactionRefund>): TransactionRefund {
  const { meta: _meta, ...transaction } = sampleTransaction({
    transaction_type: 'refund',
    ...(overrides?.amount === undefined ? {} : { amount: overrides.amount }),
    ...(overrides?.currency === undefined ? {} : { currency: overrides.currency }),
  });
  return mergeOverrides<TransactionRefund>(transaction, overrides);
}

/**
 * A payment-intent confirmation's transaction (§4.1 confirm): gateway `card_payment_intents`,
 * `transaction_type` `purchase`, the payment-intent id as `reference`, and `payment_intent`.
 */
export function samplePaymentIntentTransaction(overrides?: Overrides<Transaction>): Transaction {
  const reference = overrides?.reference ?? `pi_${faker.string.alphanumeric(24)}`;
  const base = sampleTransaction({
    gateway: 'card_payment_intents',
    transaction_type: 'purchase',
    reference,
    payment_intent: {
      client_secret: `${reference}_secret_${faker.string.alphanumeric(24)}`,
      status: 'requires_action',
    },
  });
  return mergeOverrides(base, overrides);
}

/** An enabled webhook integration (§2.2) observing `order.fulfilled`; `links.self` follows `id`. */
export function sampleIntegration(overrides?: Overrides<Integration>): Integration {
  const id = overrides?.id ?? sampleUuid();
  const base: Integration = {
    id,
    type: 'integration',
    integration_type: 'webhook',
    name: `${faker.company.name()} order webhook`,
    description: faker.lorem.sentence(),
    enabled: true,
    configuration: {
      url: `https://${faker.internet.domainName()}/webhooks/${faker.string.alphanumeric(12)}`,
    },
    observes: ['order.fulfilled'],
    links: { self: `${SAMPLE_BASE_URL}/v2/integrations/${id}` },
    meta: { timestamps: sampleTimestamps() },
  };
  return mergeOverrides(base, overrides);
}

/** The answer to deleting an integration (§4.2): `{ data: { type: "integration", id } }`. */
export function sampleIntegrationDelete(id: string = sampleUuid()): IntegrationDeleteResponse {
  return { data: { type: 'integration', id } };
}

/**
 * A live product (§2.4) with a price, display prices with and without tax (20 %), stock, and relationships
 * to a category, a file and a main image.
 */
export function sampleProduct(overrides?: Overrides<Product>): Product {
  const name = faker.commerce.productName();
  const currency = sampleCurrency();
  const amount = faker.number.int({ min: 100, max: 100_000 });
  const level = faker.number.int({ min: 0, max: 500 });
  const base: Product = {
    id: sampleUuid(),
    type: 'product',
    'tax-code': `P${faker.string.numeric(7)}`,
    name,
    slug: faker.helpers.slugify(name).toLowerCase(),
    sku: faker.string.alphanumeric({ length: 10, casing: 'upper' }),
    description: faker.commerce.productDescription(),
    manage_stock: true,
    price: [{ amount, currency, includes_tax: false }],
    status: 'live',
    commodity_type: 'physical',
    meta: {
      timestamps: sampleTimestamps(),
      display_price: {
        with_tax: sampleDisplayPrice(Math.round(amount * 1.2), currency),
        without_tax: sampleDisplayPrice(amount, currency),
      },
      stock: { level, availability: level > 0 ? 'in-stock' : 'out-stock' },
    },
    relationships: {
      categories: { data: [{ type: 'category', id: sampleUuid() }] },
      files: { data: [{ type: 'file', id: sampleUuid() }] },
      main_image: { data: { type: 'main_image', id: sampleUuid() } },
    },
  };
  return mergeOverrides(base, overrides);
}

/**
 * A live category (§2.3). Its `relationships.products` lists `productIds` (three random ids by default);
 * with no product ids it has no `relationships` at all.
 */
export function sampleCategory(
  overrides?: Overrides<Category>,
  productIds: readonly string[] = [sampleUuid(), sampleUuid(), sampleUuid()],
): Category {
  const name = faker.commerce.department();
  const base: Category = {
    id: sampleUuid(),
    type: 'category',
    status: 'live',
    name,
    slug: faker.helpers.slugify(name).toLowerCase(),
    description: faker.lorem.sentence(),
    meta: { timestamps: sampleTimestamps() },
    background_colour: faker.color.rgb(),
    background_image: faker.image.url(),
    ...(productIds.length === 0
      ? {}
      : {
          relationships: { products: { data: productIds.map((id) => ({ type: 'product' as const, id })) } },
        }),
  };
  return mergeOverrides(base, overrides);
}

/**
 * `GET /v2/categories/:id?include=products` (§4.3): a category, and `included.products` holding exactly the
 * products its relationships name (`options.products`: how many, default 2, or the products themselves;
 * `options.category`: overrides). With `products: 0` there is neither relationship nor `included`.
 */
export function sampleCategoryResponse(
  options: { products?: number | readonly Product[]; category?: Overrides<Category> } = {},
): CategoryResponse {
  const wanted = options.products ?? 2;
  const products =
    typeof wanted === 'number' ? Array.from({ length: wanted }, () => sampleProduct()) : [...wanted];
  const data = sampleCategory(
    options.category,
    products.map((p) => p.id),
  );
  return products.length === 0 ? { data } : { data, included: { products } };
}

/** How a sample listing is paged. */
export interface ListingOptions {
  /** `page[limit]` (default 100, the spec's default page length). */
  limit?: number;
  /** `page[offset]` in records (default 0). */
  offset?: number;
  /** `meta.results.total` (default: offset plus the number of items). */
  total?: number;
  /** Path of the listing, for the links (default `/v2/categories`). */
  path?: string;
  /** Whether `meta.results.all` is present, equal to the total (default true). */
  resultsAll?: boolean;
}

/**
 * A listing envelope (§2.5) around `items`, with links and counts consistent with the paging options:
 * `links.prev` null on the first page, `links.next` null on the last, `meta.page.current` =
 * floor(offset / limit) + 1, `meta.page.total` = ceil(total / limit).
 */
export function sampleListing<T>(
  items: readonly T[],
  options: ListingOptions = {},
): { data: T[]; links: ListingLinks; meta: ListingMeta } {
  const { limit = 100, offset = 0, path = '/v2/categories', resultsAll = true } = options;
  const total = options.total ?? offset + items.length;
  const pages = Math.ceil(total / limit);
  const url = (at: number) => `${SAMPLE_BASE_URL}${path}?page[limit]=${limit}&page[offset]=${at}`;
  return {
    data: [...items],
    links: {
      current: url(offset),
      first: url(0),
      last: url(Math.max(0, pages - 1) * limit),
      prev: offset > 0 ? url(Math.max(0, offset - limit)) : null,
      next: offset + limit < total ? url(offset + limit) : null,
    },
    meta: {
      page: { limit, offset, current: Math.floor(offset / limit) + 1, total: pages },
      results: resultsAll ? { total, all: total } : { total },
    },
  };
}

/** `GET /v2/categories` (§4.3): a listing of `count` categories (default 3). */
export function sampleCategoryListing(count = 3, options: ListingOptions = {}): CategoryListing {
  return sampleListing(
    Array.from({ length: count }, () => sampleCategory()),
    { path: '/v2/categories', ...options },
  );
}

/** `GET /v2/products` (§4.3): a listing of `count` products (default 3), without `included`. */
export function sampleProductListing(count = 3, options: ListingOptions = {}): ProductListing {
  return sampleListing(
    Array.from({ length: count }, () => sampleProduct()),
    { path: '/v2/products', ...options },
  );
}

const BUILDERS: { readonly [N in SchemaName]: () => SchemaTypes[N] } = {
  category: () => sampleCategory(),
  'category-listing': () => sampleCategoryListing(),
  'category-response': () => sampleCategoryResponse(),
  included: () => ({ products: [sampleProduct()] }),
  integration: () => sampleIntegration(),
  'integration-delete': () => sampleIntegrationDelete(),
  'integration-response': () => ({ data: sampleIntegration() }),
  'list-envelope': () => ({ data: [sampleTransaction(), sampleTransaction()] }),
  'listing-envelope': () => sampleCategoryListing(),
  product: () => sampleProduct(),
  'product-listing': () => sampleProductListing(),
  'single-envelope': () => ({ data: sampleIntegration() }),
  transaction: () => sampleTransaction(),
  'transaction-list': () => ({ data: [sampleTransaction(), samplePaymentIntentTransaction()] }),
  'transaction-refund': () => sampleRefundTransaction(),
  'transaction-refund-response': () => ({ data: sampleRefundTransaction() }),
  'transaction-response': () => ({
    data: sampleTransaction({ custom_reference: faker.string.alphanumeric(16) }),
  }),
};

/**
 * A fresh valid sample document for the schema `name`.
 *
 * @param name - any schema name; envelopes wrap the resource samples above.
 */
export function sampleFor<N extends SchemaName>(name: N): SchemaTypes[N] {
  return BUILDERS[name]();
}
