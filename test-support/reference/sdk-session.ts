/**
 * One session of the service family's JavaScript SDK, `@moltin/sdk`, against a server: the catalogue (three
 * products, two categories, links, a category read with its products, two pages of products), an order and
 * its payments (authorize, list, capture, refund; a payment-intent purchase confirmed), an integration made,
 * read, deleted and read again, then the SDK's own cleanup. Every call goes through the SDK's methods (its
 * URLs, headers, bodies, token handling). A step the server answers badly is noted and the session goes on:
 * the same session drives a faulted server through the proxy (`cli/traffic/`).
 */
import { gateway, MemoryStorageFactory } from '@moltin/sdk';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET } from '../../reference/options.ts';

/** Loosely typed answers: the point is what the server sends. */
// biome-ignore lint/suspicious/noExplicitAny: the SDK's own types are too loose to help here
export type SdkAnswer = any;

/** What each step answered (undefined when it threw), and the steps that threw. */
export interface SdkSession {
  readonly answers: Record<string, SdkAnswer>;
  readonly errors: string[];
}

export const ADDRESS = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  line_1: '1 Analytical Way',
  city: 'London',
  postcode: 'N1 1AA',
  county: 'Greater London',
  country: 'GB',
};
export const CUSTOMER = { email: 'ada@example.com', name: 'Ada Lovelace' };
const PURCHASE = { gateway: 'card_payment_intents', method: 'purchase', payment: 'pm_card_visa' };

/** Runs the session against the server at `url` (http); `fetch` sees every exchange (default: global fetch). */
export async function runSdkSession(url: string, fetcher: typeof fetch = fetch): Promise<SdkSession> {
  const { host } = new URL(url);
  // `protocol` is an option of the SDK's configuration that its type declarations leave out.
  const options: Parameters<typeof gateway>[0] & { protocol: 'http' } = {
    client_id: DEFAULT_CLIENT_ID,
    client_secret: DEFAULT_CLIENT_SECRET,
    host,
    protocol: 'http',
    storage: new MemoryStorageFactory(),
    custom_fetch: (input: string, init: RequestInit) => fetcher(input, init),
  };
  const sdk = gateway(options);
  const answers: Record<string, SdkAnswer> = {};
  const errors: string[] = [];
  const step = async (name: string, call: () => Promise<SdkAnswer>): Promise<SdkAnswer> => {
    try {
      answers[name] = await call();
    } catch (error) {
      errors.push(`${name}: ${JSON.stringify(error)?.slice(0, 300) ?? String(error)}`);
    }
    return answers[name];
  };

  await step('token', () => sdk.Authenticate());
  const products: SdkAnswer[] = [];
  for (const n of [1, 2, 3]) {
    const created = await step(`product${n}`, () =>
      sdk.Products.Create({
        name: `SDK product ${n}`,
        slug: `sdk-product-${n}`,
        sku: `SDK-${n}`,
        description: 'Made through @moltin/sdk',
        manage_stock: false,
        price: [{ amount: 1000 * n, currency: 'USD', includes_tax: true }],
        status: 'live',
        commodity_type: 'physical',
      } as SdkAnswer),
    );
    products.push(created?.data);
  }
  const [first, second] = products;
  const category = await step('category', () =>
    sdk.Categories.Create({
      name: 'SDK category',
      slug: 'sdk-category',
      description: 'With products',
      status: 'live',
    } as SdkAnswer),
  );
  const empty = await step('empty', () =>
    sdk.Categories.Create({
      name: 'SDK empty category',
      slug: 'sdk-empty-category',
      description: 'Without products',
      status: 'live',
    } as SdkAnswer),
  );
  // POST /v2/products/:id/relationships/categories, { data: [{ type: "category", id }] }.
  await step('link1', () => sdk.Products.CreateRelationships(first?.id, 'category', [category?.data?.id]));
  await step('link2', () => sdk.Products.CreateRelationships(second?.id, 'category', category?.data?.id));
  await step('withProducts', () => sdk.Categories.With('products').Get(category?.data?.id));
  await step('without', () => sdk.Categories.With('products').Get(empty?.data?.id));
  await step('page1', () => sdk.Products.Limit(2).All());
  await step('page2', () => sdk.Products.Limit(2).Offset(2).All());

  // A cart, checked out; authorize (manual gateway), list, capture, refund.
  const cart = sdk.Cart('sdk-cart-1');
  await step('cartItem', () => cart.AddProduct(first?.id, 2));
  const order = await step('order', () => cart.Checkout(CUSTOMER as SdkAnswer, ADDRESS as SdkAnswer));
  const orderId = order?.data?.id;
  await step('authorize', () =>
    sdk.Orders.Payment(orderId, { gateway: 'manual', method: 'authorize' } as SdkAnswer),
  );
  const listed = await step('listed', () => sdk.Transactions.All({ order: orderId }));
  const authorized = listed?.data?.[0];
  await step('captured', () => sdk.Transactions.Capture({ order: orderId, transaction: authorized?.id }));
  await step('refunded', () => sdk.Transactions.Refund({ order: orderId, transaction: authorized?.id }));

  // A payment-intent purchase on a second order, confirmed.
  const intentCart = sdk.Cart('sdk-cart-2');
  await step('intentItem', () => intentCart.AddProduct(second?.id, 1));
  const intentOrder = await step('intentOrder', () =>
    intentCart.Checkout(CUSTOMER as SdkAnswer, ADDRESS as SdkAnswer),
  );
  await step('purchase', () => sdk.Orders.Payment(intentOrder?.data?.id, PURCHASE as SdkAnswer));
  const intents = await step('intents', () => sdk.Transactions.All({ order: intentOrder?.data?.id }));
  const intent = intents?.data?.find?.((t: SdkAnswer) => t.gateway === 'card_payment_intents');
  await step('confirmed', () => sdk.Orders.Confirm(intentOrder?.data?.id, intent?.id, PURCHASE));

  // An integration: create, read, delete, read again.
  const integration = await step('integration', () =>
    sdk.Integrations.Create({
      integration_type: 'webhook',
      name: 'SDK webhook',
      description: 'Fulfilled orders',
      enabled: true,
      observes: ['order.fulfilled'],
      configuration: { url: 'https://hooks.example.com/sdk' },
    } as SdkAnswer),
  );
  const id = integration?.data?.id;
  await step('read', () => sdk.Integrations.Get(id));
  await step('deleted', () => sdk.Integrations.Delete(id));
  try {
    answers.readAfterDelete = await sdk.Integrations.Get(id);
  } catch (error) {
    answers.readAfterDeleteError = error;
  }

  // The SDK cleans up after itself too.
  for (const [n, product] of products.entries())
    await step(`deleteProduct${n + 1}`, () => sdk.Products.Delete(product?.id));
  await step('deleteCategory', () => sdk.Categories.Delete(category?.data?.id));
  await step('deleteEmpty', () => sdk.Categories.Delete(empty?.data?.id));
  return { answers: { ...answers, products }, errors };
}
