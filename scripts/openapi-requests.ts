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

/**
 * Schemas that `schemas/` does not hold because they are not resources or response envelopes: the request
 * bodies of §4.1, of the provisioning profile (provisioning.md) and of the token endpoint, and the provisioning
 * profile's token and creation answers. The request bodies are the JSON Schemas of the reference server's own
 * checks (`reference/validation/bodies.ts`), so that the document states exactly what the reference accepts:
 * a request the document allows is accepted, one it forbids is refused. Extra fields are allowed.
 */
export const REQUEST_COMPONENTS: Readonly<Record<string, SchemaObject>> = {
  PaymentRequest: request(
    'PaymentRequest',
    paymentBody,
    'POST /v2/orders/:orderId/payments (§4.1). Manual authorization: gateway "manual", method "authorize" (§4.1: the authorize endpoint is for the manual gateway only). Payment-intent purchase (provisioning.md §Payments): gateway "card_payment_intents", method "purchase", payment a payment method token.',
  ),
  CaptureRequest: request(
    'CaptureRequest',
    captureBody,
    'Optional body of capture (§4.1): the custom reference to record. Beyond it, the capture body is not shown.',
  ),
  ConfirmRequest: request(
    'ConfirmRequest',
    confirmBody,
    'POST …/transactions/:transactionId/confirm (§4.1).',
  ),
  NewProductRequest: request(
    'NewProductRequest',
    newProductBody,
    'POST /v2/products (provisioning.md §Catalog).',
  ),
  NewCategoryRequest: request(
    'NewCategoryRequest',
    newCategoryBody,
    'POST /v2/categories (provisioning.md §Catalog).',
  ),
  CategoryLinksRequest: request(
    'CategoryLinksRequest',
    categoryLinksBody,
    "POST /v2/products/:productId/relationships/categories (provisioning.md §Catalog): adds to the product's existing links.",
  ),
  CartItemRequest: request(
    'CartItemRequest',
    cartItemBody,
    'POST /v2/carts/:cartRef/items (provisioning.md §Orders): data.id is the product id.',
  ),
  CheckoutRequest: request(
    'CheckoutRequest',
    checkoutBody,
    'POST /v2/carts/:cartRef/checkout (provisioning.md §Orders).',
  ),
  NewIntegrationRequest: request(
    'NewIntegrationRequest',
    newIntegrationBody,
    'POST /v2/integrations (provisioning.md §Integrations).',
  ),
  TokenRequest: request(
    'TokenRequest',
    tokenBody,
    'POST /oauth/access_token, form-encoded (provisioning.md §Token).',
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

/** The JSON Schema of a request body check, titled and described (the title is the component's name). */
function request(title: string, check: Check<unknown>, description: string): SchemaObject {
  return { title, description, ...check.schema };
}
