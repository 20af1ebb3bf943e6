import { createCategory, createProduct, linkProductToCategories } from './catalog.ts';
import { addToCart, checkout } from './checkout.ts';
import { capture, startPayment } from './payments.ts';
import type { ProductRecord } from './records.ts';
import type { Store } from './store.ts';

/** How many demo products share one demo category. */
export const DEMO_PRODUCTS_PER_CATEGORY = 10;

/** The cart that the demo records leave holding one demo product, ready to check out. */
export const DEMO_CART = 'demo-cart';

const DEMO_ADDRESS = {
  first_name: 'Demo',
  last_name: 'Customer',
  line_1: '1 Demo Street',
  city: 'Demo City',
  postcode: 'D3 MO1',
  county: 'Demo County',
  country: 'GB',
};

/**
 * Fills an empty store with `count` demo products, ten to a demo category; with one or more, also a demo
 * order with its transactions (by what each is ready for), the cart {@link DEMO_CART} and two integrations.
 * Ids are name-based, the same on every start.
 */
export function seedDemoRecords(store: Store, count: number) {
  const now = store.now();
  const categories = Array.from({ length: Math.ceil(count / DEMO_PRODUCTS_PER_CATEGORY) }, (_, c) => {
    const input = {
      name: `Demo category ${c + 1}`,
      slug: `demo-category-${c + 1}`,
      description: `Demo products ${c * DEMO_PRODUCTS_PER_CATEGORY + 1} to ${Math.min(count, (c + 1) * DEMO_PRODUCTS_PER_CATEGORY)}`,
      status: 'live',
    };
    return store.withNamedIds(`demo category ${c + 1}`, () => createCategory(store, input, now));
  });
  const products = Array.from({ length: count }, (_, i) => {
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
    const category = categories[Math.floor(i / DEMO_PRODUCTS_PER_CATEGORY)];
    if (category !== undefined) linkProductToCategories(store, product, [category.id]);
    return product;
  });
  const first = products[0];
  const order = first && seedDemoOrder(store, first);
  return { products, categories, order, integrations: first ? seedDemoIntegrations(store) : [] };
}

function seedDemoOrder(store: Store, product: ProductRecord) {
  const record = store.withNamedIds('demo order', () => {
    addToCart(store, 'demo-order', product.id, 1);
    return checkout(store, 'demo-order', {
      customer: { email: 'demo@example.com', name: 'Demo Customer' },
      billing_address: DEMO_ADDRESS,
      shipping_address: DEMO_ADDRESS,
    });
  });
  store.withNamedIds(DEMO_CART, () => addToCart(store, DEMO_CART, product.id, 1));
  return {
    record,
    authorized: store.withNamedIds('demo authorization', () => startPayment(store, record, 'manual')),
    captured: store.withNamedIds('demo capture', () => capture(store, startPayment(store, record, 'manual'))),
    purchase: store.withNamedIds('demo purchase', () => startPayment(store, record, 'card_payment_intents')),
  };
}

function seedDemoIntegrations(store: Store) {
  return [1, 2].map((n) =>
    store.withNamedIds(`demo integration ${n}`, () =>
      store.add(store.integrations, {
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
