/**
 * One operation of the OpenAPI document, as data: `buildOpenApiDocument` (`openapi-document.ts`) turns it into
 * an Operation Object. (The suites take the endpoints of §4 from `helpers/catalogue/endpoints.ts`.)
 */
export interface OperationSpec {
  readonly method: 'get' | 'post' | 'delete';
  /** OpenAPI path template, `/v2/orders/{orderId}/transactions`. */
  readonly path: string;
  readonly operationId: string;
  readonly summary: string;
  /** Where the operation is described: a `§` of commerce-api.md, or provisioning.md (see {@link tagOf}). */
  readonly source: '§4.1' | '§4.2' | '§4.3' | '§8' | `provisioning.md §${string}`;
  /** Query parameters, by component name (`components.parameters`). */
  readonly query?: readonly ('PageLimit' | 'PageOffset' | 'PageOffsetHard' | 'Include' | 'IncludeProducts')[];
  readonly body?: {
    /** Component name in `components.schemas`. */
    readonly schema: string;
    readonly required: boolean;
    readonly mediaType?: 'application/x-www-form-urlencoded';
  };
  /** The `2XX` answer: a description and, where the documents show the body, its component. */
  readonly success: { readonly description: string; readonly schema?: string };
  /** No bearer token (the token endpoint). */
  readonly public?: true;
}

/**
 * The OpenAPI tag of an operation, by its section: `provisioning` for an endpoint of the provisioning
 * profile, not of the specification (`x-provisioning: true`).
 */
export function tagOf({
  source,
}: OperationSpec): 'transactions' | 'integrations' | 'catalog' | 'provisioning' {
  if (source === '§4.1') return 'transactions';
  if (source === '§4.2') return 'integrations';
  return source === '§4.3' || source === '§8' ? 'catalog' : 'provisioning';
}

const NOT_SHOWN_BODY = 'Success. The response body is not shown by the specification.';

/**
 * Every endpoint of the specification (§4, and the `/v2/orders` and `/v2/files` listings that §8 names for
 * the hard offset limit) and of the provisioning profile. Success answers are `2XX`: the specification shows
 * no status code (§4.1 "Success status codes of all endpoints: not shown"); refusals are `4XX` (§5, §7).
 */
export const OPERATIONS: readonly OperationSpec[] = [
  {
    method: 'get',
    path: '/v2/orders/{orderId}/transactions',
    operationId: 'listTransactions',
    summary: "The order's transactions",
    source: '§4.1',
    success: { description: '{ data: [Transaction, ...] }', schema: 'TransactionList' },
  },
  {
    method: 'post',
    path: '/v2/orders/{orderId}/payments',
    operationId: 'createPayment',
    summary: 'Authorize a payment (manual gateway), or start a payment-intent purchase',
    source: '§4.1',
    body: { schema: 'PaymentRequest', required: true },
    success: { description: `${NOT_SHOWN_BODY} The new transaction is listed by listTransactions.` },
  },
  {
    method: 'post',
    path: '/v2/orders/{orderId}/transactions/{transactionId}/capture',
    operationId: 'captureTransaction',
    summary: 'Capture an authorized transaction',
    source: '§4.1',
    body: { schema: 'CaptureRequest', required: false },
    success: {
      description:
        '{ data: Transaction }, transaction_type capture, with custom_reference when one was given.',
      schema: 'TransactionResponse',
    },
  },
  {
    method: 'post',
    path: '/v2/orders/{orderId}/transactions/{transactionId}/refund',
    operationId: 'refundTransaction',
    summary: 'Mark a captured transaction as refunded (no body)',
    source: '§4.1',
    success: {
      description: '{ data: Transaction }, transaction_type refund, without meta (§2.1).',
      schema: 'TransactionRefundResponse',
    },
  },
  {
    method: 'post',
    path: '/v2/orders/{orderId}/transactions/{transactionId}/confirm',
    operationId: 'confirmTransaction',
    summary: 'Confirm a payment-intent transaction',
    source: '§4.1',
    body: { schema: 'ConfirmRequest', required: true },
    success: {
      description: '{ data: Transaction } including payment_intent.',
      schema: 'TransactionResponse',
    },
  },
  {
    method: 'get',
    path: '/v2/integrations/{id}',
    operationId: 'getIntegration',
    summary: 'Read an integration',
    source: '§4.2',
    success: { description: '{ data: Integration }', schema: 'IntegrationResponse' },
  },
  {
    method: 'delete',
    path: '/v2/integrations/{id}',
    operationId: 'deleteIntegration',
    summary: 'Delete an integration',
    source: '§4.2',
    success: { description: '{ data: { type: "integration", id } }', schema: 'IntegrationDeleteResponse' },
  },
  {
    method: 'get',
    path: '/v2/categories',
    operationId: 'listCategories',
    summary: 'List categories, a page at a time',
    source: '§4.3',
    query: ['PageLimit', 'PageOffset'],
    success: { description: 'Listing envelope of categories (§2.5).', schema: 'CategoryListing' },
  },
  {
    method: 'get',
    path: '/v2/products',
    operationId: 'listProducts',
    summary: 'List products, a page at a time',
    source: '§4.3',
    query: ['PageLimit', 'PageOffset', 'Include'],
    success: { description: 'Listing envelope of products (§2.5).', schema: 'ProductListing' },
  },
  {
    method: 'get',
    path: '/v2/categories/{id}',
    operationId: 'getCategory',
    summary: 'Read a category, with its products on include=products',
    source: '§4.3',
    query: ['IncludeProducts'],
    success: {
      description: '{ data: Category, included?: { products: [Product, ...] } }',
      schema: 'CategoryResponse',
    },
  },
  {
    method: 'get',
    path: '/v2/orders',
    operationId: 'listOrders',
    summary: 'List orders (§8 names it only for its hard offset limit)',
    source: '§8',
    query: ['PageLimit', 'PageOffsetHard'],
    success: {
      description: 'A listing envelope (§2.5). Fields of the order: not shown.',
      schema: 'ListingEnvelope',
    },
  },
  {
    method: 'get',
    path: '/v2/files',
    operationId: 'listFiles',
    summary: 'List files (§8 names it only for its hard offset limit)',
    source: '§8',
    query: ['PageLimit', 'PageOffsetHard'],
    success: {
      description: 'A listing envelope (§2.5). Fields of a file: not shown.',
      schema: 'ListingEnvelope',
    },
  },
  {
    method: 'post',
    path: '/oauth/access_token',
    operationId: 'createToken',
    summary: 'Exchange client credentials for a bearer token',
    source: 'provisioning.md §Token',
    public: true,
    body: { schema: 'TokenRequest', required: true, mediaType: 'application/x-www-form-urlencoded' },
    success: { description: 'The token.', schema: 'TokenResponse' },
  },
  {
    method: 'post',
    path: '/v2/products',
    operationId: 'createProduct',
    summary: 'Create a product',
    source: 'provisioning.md §Catalog',
    body: { schema: 'NewProductRequest', required: true },
    success: { description: 'The created product (200 or 201).', schema: 'CreatedResource' },
  },
  {
    method: 'delete',
    path: '/v2/products/{id}',
    operationId: 'deleteProduct',
    summary: 'Delete a product',
    source: 'provisioning.md §Catalog',
    success: { description: 'Deleted (200 or 204); the body is not shown.' },
  },
  {
    method: 'post',
    path: '/v2/categories',
    operationId: 'createCategory',
    summary: 'Create a category',
    source: 'provisioning.md §Catalog',
    body: { schema: 'NewCategoryRequest', required: true },
    success: { description: 'The created category (200 or 201).', schema: 'CreatedResource' },
  },
  {
    method: 'delete',
    path: '/v2/categories/{id}',
    operationId: 'deleteCategory',
    summary: 'Delete a category',
    source: 'provisioning.md §Catalog',
    success: { description: 'Deleted (200 or 204); the body is not shown.' },
  },
  {
    method: 'post',
    path: '/v2/products/{productId}/relationships/categories',
    operationId: 'linkProductCategories',
    summary: 'Link a product to categories',
    source: 'provisioning.md §Catalog',
    body: { schema: 'CategoryLinksRequest', required: true },
    success: { description: 'Linked; the body is not shown.' },
  },
  {
    method: 'post',
    path: '/v2/carts/{cartRef}/items',
    operationId: 'addCartItem',
    summary: 'Add a product to a cart',
    source: 'provisioning.md §Orders',
    body: { schema: 'CartItemRequest', required: true },
    success: { description: 'Added; the body is not shown.' },
  },
  {
    method: 'post',
    path: '/v2/carts/{cartRef}/checkout',
    operationId: 'checkoutCart',
    summary: 'Check a cart out: makes an order',
    source: 'provisioning.md §Orders',
    body: { schema: 'CheckoutRequest', required: true },
    success: { description: 'The order: { data: { id, type: "order", ... } }.', schema: 'CreatedResource' },
  },
  {
    method: 'post',
    path: '/v2/integrations',
    operationId: 'createIntegration',
    summary: 'Create a webhook integration',
    source: 'provisioning.md §Integrations',
    body: { schema: 'NewIntegrationRequest', required: true },
    success: { description: 'The integration.', schema: 'IntegrationResponse' },
  },
];
