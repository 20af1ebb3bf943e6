import {
  captureBody,
  cartItemBody,
  categoryLinksBody,
  checkoutBody,
  confirmBody,
  newCategoryBody,
  newIntegrationBody,
  newProductBody,
  paymentBody,
  tokenBody,
} from '../reference/validation/bodies.ts';
import type { Check } from '../reference/validation/check.ts';
import type { SchemaObject } from './openapi-components.ts';

/** The request bodies, each the JSON Schema of the reference server's own check, with its description. */
const REQUESTS: Readonly<Record<string, readonly [Check<unknown>, string]>> = {
  PaymentRequest: [
    paymentBody,
    'POST /v2/orders/:orderId/payments (§4.1). Manual authorization: gateway "manual", method "authorize" (§4.1: the authorize endpoint is for the manual gateway only). Payment-intent purchase (provisioning.md §Payments): gateway "card_payment_intents", method "purchase", payment a payment method token.',
  ],
  CaptureRequest: [
    captureBody,
    'Optional body of capture (§4.1): the custom reference to record. Beyond it, the capture body is not shown.',
  ],
  ConfirmRequest: [confirmBody, 'POST …/transactions/:transactionId/confirm (§4.1).'],
  NewProductRequest: [newProductBody, 'POST /v2/products (provisioning.md §Catalog).'],
  NewCategoryRequest: [newCategoryBody, 'POST /v2/categories (provisioning.md §Catalog).'],
  CategoryLinksRequest: [
    categoryLinksBody,
    "POST /v2/products/:productId/relationships/categories (provisioning.md §Catalog): adds to the product's existing links.",
  ],
  CartItemRequest: [
    cartItemBody,
    'POST /v2/carts/:cartRef/items (provisioning.md §Orders): data.id is the product id.',
  ],
  CheckoutRequest: [checkoutBody, 'POST /v2/carts/:cartRef/checkout (provisioning.md §Orders).'],
  NewIntegrationRequest: [newIntegrationBody, 'POST /v2/integrations (provisioning.md §Integrations).'],
  TokenRequest: [tokenBody, 'POST /oauth/access_token, form-encoded (provisioning.md §Token).'],
};

/**
 * Schemas that `schemas/` does not hold because they are not resources or response envelopes: the request
 * bodies (so that the document states exactly what the reference accepts) and the provisioning profile's token
 * and creation answers. Extra fields are allowed.
 */
export const REQUEST_COMPONENTS: Readonly<Record<string, SchemaObject>> = {
  ...Object.fromEntries(
    Object.entries(REQUESTS).map(([title, [check, description]]) => [
      title,
      { title, description, ...check.schema },
    ]),
  ),
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
