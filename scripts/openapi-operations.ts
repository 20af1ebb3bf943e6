import { CLI_DEFAULT_DEMO_PRODUCTS } from '../reference/env.ts';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET } from '../reference/options.ts';
import { DEMO_CART, seedDemoRecords } from '../reference/store/demo.ts';
import { Store } from '../reference/store/store.ts';

/** The ids of the demo records that `npx commerce-conformance reference` starts with (the same on every start). */
function demoRecordIds() {
  const demo = seedDemoRecords(new Store(), CLI_DEFAULT_DEMO_PRODUCTS);
  const { order, products, categories, integrations } = demo;
  return {
    product: products[0]?.id,
    otherProduct: products.at(-1)?.id,
    category: categories[0]?.id,
    otherCategory: categories.at(-1)?.id,
    order: order?.record.id,
    authorized: order?.authorized.id,
    captured: order?.captured.id,
    purchase: order?.purchase.id,
    integration: integrations[0]?.id,
    otherIntegration: integrations.at(-1)?.id,
    cart: DEMO_CART,
  };
}

/** A demo record whose id is an example (`other…`: a second of the kind, for the operation that deletes one). */
export type DemoRecord = keyof ReturnType<typeof demoRecordIds>;

export function demoIds(): (record: DemoRecord) => string {
  const ids = demoRecordIds();
  return (record) => {
    const found = ids[record];
    if (found === undefined) throw new Error(`the reference server has no demo ${record}`);
    return found;
  };
}

/** One operation of the OpenAPI document, as data (`buildOpenApiDocument` makes its Operation Object). */
export interface OperationSpec {
  /** The method and the OpenAPI path template, `get /v2/orders/{orderId}/transactions`. */
  readonly route: `${'get' | 'post' | 'delete'} /${string}`;
  readonly summary: string;
  /** Where the operation is described: a `§` of commerce-api.md, or provisioning.md. */
  readonly source: '§4.1' | '§4.2' | '§4.3' | '§8' | `provisioning.md §${string}` | 'reference';
  /** The demo record whose id is the example of each path parameter, beyond {@link PATH_EXAMPLES}. */
  readonly examples?: Readonly<Record<string, DemoRecord>>;
  /** Query parameters, by name in `components.parameters`. */
  readonly query?: readonly ('PageLimit' | 'PageOffset' | 'PageOffsetHard' | 'Include' | 'IncludeProducts')[];
  readonly body?: {
    readonly schema: string;
    /** The capture's body may be left out. */
    readonly optional?: true;
    readonly mediaType?: 'application/x-www-form-urlencoded';
    /** A request body the reference accepts. */
    readonly example: (id: (record: DemoRecord) => string) => unknown;
  };
  /** The `2XX` answer, and its body's component where the documents show it. */
  readonly success: string;
  readonly schema?: string;
  /** No bearer token (the token endpoint). */
  readonly public?: true;
}

/** The OpenAPI tag of an operation, by its section (`reference`: served by the reference server beside them). */
export function tagOf({ source }: OperationSpec) {
  if (source === '§4.1') return 'transactions';
  if (source === '§4.2') return 'integrations';
  if (source === 'reference') return 'reference';
  return source === '§4.3' || source === '§8' ? 'catalog' : 'provisioning';
}

/** The example of a path parameter that names the same demo record in every operation. */
export const PATH_EXAMPLES: Readonly<Record<string, DemoRecord>> = {
  orderId: 'order',
  productId: 'product',
  cartRef: 'cart',
};

const MANUAL_AUTHORIZE = { data: { gateway: 'manual', method: 'authorize' } };
const CARD_PURCHASE = { gateway: 'card_payment_intents', method: 'purchase', payment: 'pm_card_visa' };
const ADDRESS = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  line_1: '1 Example Street',
  city: 'London',
  postcode: 'N1 1AA',
  county: 'Greater London',
  country: 'GB',
};

const NOT_SHOWN_BODY = 'Success. The response body is not shown by the specification.';

/**
 * Every endpoint of the specification (§4, and the listings §8 names for the hard offset limit) and of the
 * provisioning profile, by operationId.
 */
export const OPERATIONS: Readonly<Record<string, OperationSpec>> = {
  listTransactions: {
    route: 'get /v2/orders/{orderId}/transactions',
    summary: "The order's transactions",
    source: '§4.1',
    success: '{ data: [Transaction, ...] }',
    schema: 'TransactionList',
  },
  createPayment: {
    route: 'post /v2/orders/{orderId}/payments',
    summary: 'Authorize a payment (manual gateway), or start a payment-intent purchase',
    source: '§4.1',
    body: { schema: 'PaymentRequest', example: () => MANUAL_AUTHORIZE },
    success: `${NOT_SHOWN_BODY} The new transaction is listed by listTransactions.`,
  },
  captureTransaction: {
    route: 'post /v2/orders/{orderId}/transactions/{transactionId}/capture',
    examples: { transactionId: 'authorized' },
    summary: 'Capture an authorized transaction',
    source: '§4.1',
    body: {
      schema: 'CaptureRequest',
      optional: true,
      example: () => ({ data: { custom_reference: 'ext-payment-0001' } }),
    },
    success: '{ data: Transaction }, transaction_type capture, with custom_reference when one was given.',
    schema: 'TransactionResponse',
  },
  refundTransaction: {
    route: 'post /v2/orders/{orderId}/transactions/{transactionId}/refund',
    examples: { transactionId: 'captured' },
    summary: 'Mark a captured transaction as refunded (no body)',
    source: '§4.1',
    success: '{ data: Transaction }, transaction_type refund, without meta (§2.1).',
    schema: 'TransactionRefundResponse',
  },
  confirmTransaction: {
    route: 'post /v2/orders/{orderId}/transactions/{transactionId}/confirm',
    examples: { transactionId: 'purchase' },
    summary: 'Confirm a payment-intent transaction',
    source: '§4.1',
    body: { schema: 'ConfirmRequest', example: () => ({ data: CARD_PURCHASE }) },
    success: '{ data: Transaction } including payment_intent.',
    schema: 'TransactionResponse',
  },
  getIntegration: {
    route: 'get /v2/integrations/{id}',
    examples: { id: 'integration' },
    summary: 'Read an integration',
    source: '§4.2',
    success: '{ data: Integration }',
    schema: 'IntegrationResponse',
  },
  deleteIntegration: {
    route: 'delete /v2/integrations/{id}',
    examples: { id: 'otherIntegration' },
    summary: 'Delete an integration',
    source: '§4.2',
    success: '{ data: { type: "integration", id } }',
    schema: 'IntegrationDeleteResponse',
  },
  listCategories: {
    route: 'get /v2/categories',
    summary: 'List categories, a page at a time',
    source: '§4.3',
    query: ['PageLimit', 'PageOffset'],
    success: 'Listing envelope of categories (§2.5).',
    schema: 'CategoryListing',
  },
  listProducts: {
    route: 'get /v2/products',
    summary: 'List products, a page at a time',
    source: '§4.3',
    query: ['PageLimit', 'PageOffset', 'Include'],
    success: 'Listing envelope of products (§2.5).',
    schema: 'ProductListing',
  },
  getCategory: {
    route: 'get /v2/categories/{id}',
    examples: { id: 'category' },
    summary: 'Read a category, with its products on include=products',
    source: '§4.3',
    query: ['IncludeProducts'],
    success: '{ data: Category, included?: { products: [Product, ...] } }',
    schema: 'CategoryResponse',
  },
  listOrders: {
    route: 'get /v2/orders',
    summary: 'List orders (§8 names it only for its hard offset limit)',
    source: '§8',
    query: ['PageLimit', 'PageOffsetHard'],
    success: 'A listing envelope (§2.5). Fields of the order: not shown.',
    schema: 'ListingEnvelope',
  },
  listFiles: {
    route: 'get /v2/files',
    summary: 'List files (§8 names it only for its hard offset limit)',
    source: '§8',
    query: ['PageLimit', 'PageOffsetHard'],
    success: 'A listing envelope (§2.5). Fields of a file: not shown.',
    schema: 'ListingEnvelope',
  },
  createToken: {
    route: 'post /oauth/access_token',
    summary: 'Exchange client credentials for a bearer token',
    source: 'provisioning.md §Token',
    public: true,
    body: {
      schema: 'TokenRequest',
      mediaType: 'application/x-www-form-urlencoded',
      example: () => ({
        grant_type: 'client_credentials',
        client_id: DEFAULT_CLIENT_ID,
        client_secret: DEFAULT_CLIENT_SECRET,
      }),
    },
    success: 'The token.',
    schema: 'TokenResponse',
  },
  createProduct: {
    route: 'post /v2/products',
    summary: 'Create a product',
    source: 'provisioning.md §Catalog',
    body: {
      schema: 'NewProductRequest',
      example: () => ({
        data: {
          type: 'product',
          name: 'Example product',
          slug: 'example-product',
          sku: 'EXAMPLE-0001',
          description: 'A product made from the example',
          manage_stock: false,
          price: [{ amount: 1999, currency: 'USD', includes_tax: true }],
          status: 'live',
          commodity_type: 'physical',
        },
      }),
    },
    success: 'The created product (200 or 201).',
    schema: 'CreatedResource',
  },
  deleteProduct: {
    route: 'delete /v2/products/{id}',
    examples: { id: 'otherProduct' },
    summary: 'Delete a product',
    source: 'provisioning.md §Catalog',
    success: 'Deleted (200 or 204); the body is not shown.',
  },
  createCategory: {
    route: 'post /v2/categories',
    summary: 'Create a category',
    source: 'provisioning.md §Catalog',
    body: {
      schema: 'NewCategoryRequest',
      example: () => ({
        data: {
          type: 'category',
          name: 'Example category',
          slug: 'example-category',
          description: 'A category made from the example',
          status: 'live',
        },
      }),
    },
    success: 'The created category (200 or 201).',
    schema: 'CreatedResource',
  },
  deleteCategory: {
    route: 'delete /v2/categories/{id}',
    examples: { id: 'otherCategory' },
    summary: 'Delete a category',
    source: 'provisioning.md §Catalog',
    success: 'Deleted (200 or 204); the body is not shown.',
  },
  linkProductCategories: {
    route: 'post /v2/products/{productId}/relationships/categories',
    summary: 'Link a product to categories',
    source: 'provisioning.md §Catalog',
    body: {
      schema: 'CategoryLinksRequest',
      example: (id) => ({ data: [{ type: 'category', id: id('category') }] }),
    },
    success: 'Linked; the body is not shown.',
  },
  addCartItem: {
    route: 'post /v2/carts/{cartRef}/items',
    summary: 'Add a product to a cart',
    source: 'provisioning.md §Orders',
    body: {
      schema: 'CartItemRequest',
      example: (id) => ({ data: { type: 'cart_item', id: id('product'), quantity: 1 } }),
    },
    success: 'Added; the body is not shown.',
  },
  checkoutCart: {
    route: 'post /v2/carts/{cartRef}/checkout',
    summary: 'Check a cart out: makes an order',
    source: 'provisioning.md §Orders',
    body: {
      schema: 'CheckoutRequest',
      example: () => ({
        data: {
          customer: { email: 'ada@example.com', name: 'Ada Lovelace' },
          billing_address: ADDRESS,
          shipping_address: ADDRESS,
        },
      }),
    },
    success: 'The order: { data: { id, type: "order", ... } }.',
    schema: 'CreatedResource',
  },
  createIntegration: {
    route: 'post /v2/integrations',
    summary: 'Create a webhook integration',
    source: 'provisioning.md §Integrations',
    body: {
      schema: 'NewIntegrationRequest',
      example: () => ({
        data: {
          type: 'integration',
          integration_type: 'webhook',
          name: 'Fulfilled orders',
          description: 'Called when an order is fulfilled',
          enabled: true,
          observes: ['order.fulfilled'],
          configuration: { url: 'https://hooks.example.com/orders' },
        },
      }),
    },
    success: 'The integration.',
    schema: 'IntegrationResponse',
  },
  getProduct: {
    route: 'get /v2/products/{id}',
    examples: { id: 'product' },
    summary: 'Read a product, with its categories on include=categories',
    source: 'reference',
    query: ['Include'],
    success: '{ data: Product, included?: { categories: [Category, ...] } } (§2.4).',
    schema: 'SingleEnvelope',
  },
  getOrder: {
    route: 'get /v2/orders/{id}',
    examples: { id: 'order' },
    summary: 'Read an order',
    source: 'reference',
    success: '{ data: Order } (the fields of an order are not shown).',
    schema: 'SingleEnvelope',
  },
  getCartItems: {
    route: 'get /v2/carts/{cartRef}/items',
    summary: "A cart's items (a cart nothing was added to has none)",
    source: 'reference',
    success: '{ data: [CartItem, ...] } (the fields of a cart item are not shown).',
    schema: 'ListEnvelope',
  },
};
