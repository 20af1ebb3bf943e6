import { MAX_ITEMS, MAX_QUANTITY } from '../limits.ts';
import {
  array,
  boolean,
  httpUrl,
  integer,
  nullable,
  object,
  oneOf,
  optional,
  string,
  variants,
} from './check.ts';

/**
 * The request bodies of the creation endpoints (provisioning.md), of the payment endpoints (§4.1) and of the
 * token endpoint: what the reference server accepts, and (through each check's `schema`) what the OpenAPI
 * document says it accepts.
 */

const currency = string({ pattern: '^[A-Z]{3}$', expected: 'a three-letter ISO 4217 code in upper case' });
const nonEmpty = string({ nonEmpty: true });

/** `POST /v2/products` (provisioning.md §Catalog, §2.4). */
export const newProductBody = object({
  data: object({
    type: oneOf('product'),
    name: nonEmpty,
    slug: nonEmpty,
    sku: nonEmpty,
    description: string(),
    manage_stock: boolean,
    price: array(object({ amount: integer({ min: 0 }), currency, includes_tax: boolean }), {
      minItems: 1,
      maxItems: MAX_ITEMS,
    }),
    status: nonEmpty,
    commodity_type: nonEmpty,
    'tax-code': optional(nullable(string())),
  }),
});

/** `POST /v2/categories` (provisioning.md §Catalog, §2.3). */
export const newCategoryBody = object({
  data: object({
    type: oneOf('category'),
    name: nonEmpty,
    slug: nonEmpty,
    description: string(),
    status: nonEmpty,
    background_colour: optional(
      string({ pattern: '^#[0-9A-Fa-f]{6}$', expected: 'a hex colour such as "#ffffff"' }),
    ),
    background_image: optional(httpUrl),
  }),
});

/** `POST /v2/products/:id/relationships/categories` (provisioning.md §Catalog). */
export const categoryLinksBody = object({
  data: array(object({ type: oneOf('category'), id: nonEmpty }), { maxItems: MAX_ITEMS }),
});

/** `POST /v2/carts/:cartRef/items` (provisioning.md §Orders). */
export const cartItemBody = object({
  data: object({
    type: oneOf('cart_item'),
    id: nonEmpty,
    quantity: integer({ min: 1, max: MAX_QUANTITY }),
  }),
});

const address = object({
  first_name: string(),
  last_name: string(),
  line_1: string(),
  city: string(),
  postcode: string(),
  county: string(),
  country: string(),
});

/** `POST /v2/carts/:cartRef/checkout` (provisioning.md §Orders). */
export const checkoutBody = object({
  data: object({
    customer: object({
      email: string({
        pattern: '^[^@\\x00-\\x20]+@[^@\\x00-\\x20]+$',
        expected: 'an email address: text, "@", text, without spaces',
      }),
      name: string(),
    }),
    billing_address: address,
    shipping_address: address,
  }),
});

/** A payment-intent purchase with a payment method token (§4.1). */
const cardPayment = object({
  gateway: oneOf('card_payment_intents'),
  method: oneOf('purchase'),
  payment: nonEmpty,
});

/**
 * `POST /v2/orders/:orderId/payments` (§4.1, provisioning.md §Payments): a manual authorization ("The
 * authorize endpoint is for the manual gateway only"), or a payment-intent purchase with a payment method
 * token.
 */
export const paymentBody = object({
  data: variants('gateway', {
    manual: object({ gateway: oneOf('manual'), method: oneOf('authorize'), payment: optional(string()) }),
    card_payment_intents: cardPayment,
  }),
});

/** `POST …/capture`: no body, `{}`, or `{ data: { custom_reference?: string } }` (§4.1). */
export const captureBody = optional(
  object({ data: optional(object({ custom_reference: optional(string()) })) }),
);

/** `POST …/refund`: no body, or any JSON object (ignored) (§4.1: "No body"). */
export const refundBody = optional(object({}));

/** `POST …/confirm` (§4.1). */
export const confirmBody = object({ data: cardPayment });

/** `POST /v2/integrations` (provisioning.md §Integrations, §2.2, §6). */
export const newIntegrationBody = object({
  data: object({
    type: oneOf('integration'),
    integration_type: oneOf('webhook'),
    name: string(),
    description: string(),
    enabled: boolean,
    // §6: event names have the form <resource>.<action>, e.g. order.fulfilled.
    observes: array(
      string({ pattern: '^[a-z_]+[.][a-z_]+$', expected: 'an event name <resource>.<action>' }),
      { minItems: 1, maxItems: MAX_ITEMS },
    ),
    configuration: object({ url: httpUrl }),
  }),
});

/** `POST /oauth/access_token`, form-encoded or JSON (provisioning.md §Token). */
export const tokenBody = object({
  grant_type: oneOf('client_credentials'),
  client_id: nonEmpty,
  client_secret: nonEmpty,
});
