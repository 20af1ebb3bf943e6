import { createCategory, createProduct, linkProductToCategories } from './catalog.ts';
import { addToCart, checkout } from './checkout.ts';
import { createIntegration } from './integrations.ts';
import { authorizeManual, capture, startCardPurchase } from './payments.ts';
import type {
  CategoryRecord,
  IntegrationRecord,
  OrderRecord,
  ProductRecord,
  TransactionRecord,
} from './records.ts';
import type { Store } from './store.ts';

/** How many demo products share one demo category. */
export const DEMO_PRODUCTS_PER_CATEGORY = 10;

/** The cart that the demo records leave holding one demo product, ready to check out. */
export const DEMO_CART = 'demo-cart';

/** What {@link seedDemoRecords} made. */
export interface DemoRecords {
  readonly products: readonly ProductRecord[];
  readonly categories: readonly CategoryRecord[];
  /** With the demo products: an order of demo product 1, and its transactions by what they are ready for. */
  readonly order?: {
    readonly record: OrderRecord;
    /** A manual authorization, ready to capture. */
    readonly authorized: TransactionRecord;
    /** A captured manual authorization, ready to refund. */
    readonly captured: TransactionRecord;
    /** A payment-intent purchase, ready to confirm. */
    readonly purchase: TransactionRecord;
  };
  /** With the demo products: two webhook integrations. */
  readonly integrations: readonly IntegrationRecord[];
}

const DEMO_ADDRESS = {
  firstName: 'Demo',
  lastName: 'Customer',
  line1: '1 Demo Street',
  city: 'Demo City',
  postcode: 'D3 MO1',
  county: 'Demo County',
  country: 'GB',
};

/**
 * Fills an empty store with `count` demo products, ten to a demo category; with one or more, also a demo
 * order with its transactions, the cart {@link DEMO_CART} and two integrations. Ids are name-based, the same
 * on every start.
 */
export function seedDemoRecords(store: Store, count: number): DemoRecords {
  const now = store.now();
  const categories: CategoryRecord[] = [];
  for (let c = 0; c < Math.ceil(count / DEMO_PRODUCTS_PER_CATEGORY); c++) {
    const input = {
      name: `Demo category ${c + 1}`,
      slug: `demo-category-${c + 1}`,
      description: `Demo products ${c * DEMO_PRODUCTS_PER_CATEGORY + 1} to ${Math.min(count, (c + 1) * DEMO_PRODUCTS_PER_CATEGORY)}`,
      status: 'live',
    };
    categories.push(store.withNamedIds(`demo category ${c + 1}`, () => createCategory(store, input, now)));
  }
  const products: ProductRecord[] = [];
  for (let i = 0; i < count; i++) {
    const n = i + 1;
    const input = {
      name: `Demo product ${n}`,
      slug: `demo-product-${n}`,
      sku: `DEMO-${String(n).padStart(5, '0')}`,
      description: `Demo product number ${n}`,
      manageStock: true,
      // Every seventh product is out of stock, so that both availabilities appear (§2.4).
      stockLevel: n % 7 === 0 ? 0 : 1 + ((n * 13) % 50),
      price: [{ amount: 500 + ((n * 137) % 9500), currency: 'USD', includesTax: true }],
      status: 'live',
      commodityType: 'physical',
      taxCode: null,
    };
    const product = store.withNamedIds(`demo product ${n}`, () => createProduct(store, input, now));
    products.push(product);
    const category = categories[Math.floor(i / DEMO_PRODUCTS_PER_CATEGORY)];
    if (category !== undefined) linkProductToCategories(store, product, [category.id]);
  }
  const first = products[0];
  if (first === undefined) return { products, categories, integrations: [] };
  return {
    products,
    categories,
    order: seedDemoOrder(store, first),
    integrations: seedDemoIntegrations(store),
  };
}

function seedDemoOrder(store: Store, product: ProductRecord): DemoRecords['order'] {
  const record = store.withNamedIds('demo order', () => {
    addToCart(store, 'demo-order', product.id, 1);
    return checkout(store, 'demo-order', {
      customer: { email: 'demo@example.com', name: 'Demo Customer' },
      billingAddress: DEMO_ADDRESS,
      shippingAddress: DEMO_ADDRESS,
    });
  });
  store.withNamedIds(DEMO_CART, () => addToCart(store, DEMO_CART, product.id, 1));
  return {
    record,
    authorized: store.withNamedIds('demo authorization', () => authorizeManual(store, record)),
    captured: store.withNamedIds('demo capture', () => capture(store, authorizeManual(store, record))),
    purchase: store.withNamedIds('demo purchase', () => startCardPurchase(store, record)),
  };
}

function seedDemoIntegrations(store: Store): IntegrationRecord[] {
  return [1, 2].map((n) =>
    store.withNamedIds(`demo integration ${n}`, () =>
      createIntegration(store, {
        integrationType: 'webhook',
        name: `Demo integration ${n}`,
        description: 'Called when an order is fulfilled',
        enabled: true,
        observes: ['order.fulfilled'],
        url: `https://hooks.example.com/demo-${n}`,
      }),
    ),
  );
}
