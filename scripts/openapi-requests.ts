import { componentRef, type SchemaObject } from './openapi-components.ts';

/**
 * Schemas that `schemas/` does not hold because they are not resources or response envelopes: the request
 * bodies of §4.1 and of the provisioning profile (provisioning.md), and the provisioning profile's token and
 * creation answers. Written from those two documents, as loose as they are: extra fields are allowed, and
 * values the documents only show as examples (`manual`, `authorize`, `live`) are examples, not constants.
 * Each refers to the generated components where one fits (`ProductPrice`, `WebhookUrl`).
 */
export const REQUEST_COMPONENTS: Readonly<Record<string, SchemaObject>> = {
  PaymentRequest: envelope({
    title: 'PaymentRequest',
    description:
      'POST /v2/orders/:orderId/payments (§4.1). Manual authorization: gateway "manual", method "authorize". Payment-intent purchase (provisioning.md §Payments): gateway "card_payment_intents", method "purchase", payment a payment method token.',
    required: ['gateway', 'method'],
    properties: {
      gateway: { type: 'string', examples: ['manual', 'card_payment_intents'] },
      method: { type: 'string', examples: ['authorize', 'purchase'] },
      payment: { description: 'Payment method token (purchase only).', type: 'string' },
    },
  }),
  CaptureRequest: {
    title: 'CaptureRequest',
    description:
      'Optional body of capture (§4.1): the custom reference to record. Beyond it, the capture body is not shown.',
    type: 'object',
    properties: {
      data: {
        type: 'object',
        properties: { custom_reference: { type: 'string' } },
      },
    },
  },
  ConfirmRequest: envelope({
    title: 'ConfirmRequest',
    description: 'POST …/transactions/:transactionId/confirm (§4.1).',
    required: ['gateway', 'method', 'payment'],
    properties: {
      gateway: { const: 'card_payment_intents' },
      method: { const: 'purchase' },
      payment: { description: 'Payment method token.', type: 'string', examples: ['pm_card_visa'] },
    },
  }),
  NewProductRequest: envelope({
    title: 'NewProductRequest',
    description: 'POST /v2/products (provisioning.md §Catalog).',
    required: [
      'type',
      'name',
      'slug',
      'sku',
      'description',
      'manage_stock',
      'price',
      'status',
      'commodity_type',
    ],
    properties: {
      type: { const: 'product' },
      name: { type: 'string' },
      slug: { type: 'string' },
      sku: { type: 'string' },
      description: { type: 'string' },
      manage_stock: { type: 'boolean' },
      price: { type: 'array', items: { $ref: componentRef('ProductPrice') } },
      status: { type: 'string', examples: ['live'] },
      commodity_type: { type: 'string', examples: ['physical'] },
    },
  }),
  NewCategoryRequest: envelope({
    title: 'NewCategoryRequest',
    description: 'POST /v2/categories (provisioning.md §Catalog).',
    required: ['type', 'name', 'slug', 'description', 'status'],
    properties: {
      type: { const: 'category' },
      name: { type: 'string' },
      slug: { type: 'string' },
      description: { type: 'string' },
      status: { type: 'string', examples: ['live'] },
    },
  }),
  CategoryLinksRequest: {
    title: 'CategoryLinksRequest',
    description:
      "POST /v2/products/:productId/relationships/categories (provisioning.md §Catalog): adds to the product's existing links.",
    type: 'object',
    required: ['data'],
    properties: {
      data: {
        type: 'array',
        items: {
          type: 'object',
          required: ['type', 'id'],
          properties: { type: { const: 'category' }, id: { type: 'string' } },
        },
      },
    },
  },
  CartItemRequest: envelope({
    title: 'CartItemRequest',
    description: 'POST /v2/carts/:cartRef/items (provisioning.md §Orders).',
    required: ['type', 'id', 'quantity'],
    properties: {
      type: { const: 'cart_item' },
      id: { description: 'The product id.', type: 'string' },
      quantity: { type: 'integer', minimum: 1 },
    },
  }),
  Address: {
    title: 'Address',
    description: 'A billing or shipping address of checkout (provisioning.md §Orders).',
    type: 'object',
    required: ['first_name', 'last_name', 'line_1', 'city', 'postcode', 'county', 'country'],
    properties: Object.fromEntries(
      ['first_name', 'last_name', 'line_1', 'city', 'postcode', 'county', 'country'].map((name) => [
        name,
        { type: 'string' },
      ]),
    ),
  },
  CheckoutRequest: envelope({
    title: 'CheckoutRequest',
    description: 'POST /v2/carts/:cartRef/checkout (provisioning.md §Orders).',
    required: ['customer', 'billing_address', 'shipping_address'],
    properties: {
      customer: {
        type: 'object',
        required: ['email', 'name'],
        properties: { email: { type: 'string' }, name: { type: 'string' } },
      },
      billing_address: { $ref: componentRef('Address') },
      shipping_address: { $ref: componentRef('Address') },
    },
  }),
  NewIntegrationRequest: envelope({
    title: 'NewIntegrationRequest',
    description: 'POST /v2/integrations (provisioning.md §Integrations).',
    required: ['type', 'integration_type', 'name', 'description', 'enabled', 'observes', 'configuration'],
    properties: {
      type: { const: 'integration' },
      integration_type: { type: 'string', examples: ['webhook'] },
      name: { type: 'string' },
      description: { type: 'string' },
      enabled: { type: 'boolean' },
      observes: { type: 'array', items: { type: 'string', examples: ['order.fulfilled'] } },
      configuration: {
        type: 'object',
        required: ['url'],
        properties: { url: { $ref: componentRef('WebhookUrl') } },
      },
    },
  }),
  TokenRequest: {
    title: 'TokenRequest',
    description: 'POST /oauth/access_token, form-encoded (provisioning.md §Token).',
    type: 'object',
    required: ['grant_type', 'client_id', 'client_secret'],
    properties: {
      grant_type: { const: 'client_credentials' },
      client_id: { type: 'string' },
      client_secret: { type: 'string' },
    },
  },
  TokenResponse: {
    title: 'TokenResponse',
    description:
      'The answer of POST /oauth/access_token (provisioning.md §Token): { access_token, token_type: "Bearer", expires_in, ... }.',
    type: 'object',
    required: ['access_token', 'token_type'],
    properties: {
      access_token: { type: 'string' },
      token_type: { type: 'string', examples: ['Bearer'] },
      expires_in: { description: 'Lifetime in seconds.', type: 'integer' },
    },
  },
  CreatedResource: {
    title: 'CreatedResource',
    description: 'A created resource as the provisioning profile answers it: { data: { id, type, ... } }.',
    type: 'object',
    required: ['data'],
    properties: {
      data: {
        type: 'object',
        required: ['id', 'type'],
        properties: { id: { type: 'string' }, type: { type: 'string' } },
      },
    },
  },
};

/** `{ data: { ... } }` with `data` required. */
function envelope(data: {
  title: string;
  description: string;
  required: string[];
  properties: Record<string, SchemaObject>;
}): SchemaObject {
  return {
    title: data.title,
    description: data.description,
    type: 'object',
    required: ['data'],
    properties: {
      data: { type: 'object', required: data.required, properties: data.properties },
    },
  };
}
