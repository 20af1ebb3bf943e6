/** The endpoints of the specification (§4, §8) as the path templates the exchange rules are scoped with. */
export const TRANSACTIONS = '/v2/orders/:orderId/transactions';
export const PAYMENTS = '/v2/orders/:orderId/payments';
export const CAPTURE = '/v2/orders/:orderId/transactions/:transactionId/capture';
export const REFUND = '/v2/orders/:orderId/transactions/:transactionId/refund';
export const CONFIRM = '/v2/orders/:orderId/transactions/:transactionId/confirm';
export const ACTIONS = [CAPTURE, REFUND, CONFIRM] as const;
export const INTEGRATION = '/v2/integrations/:id';
/** Where integrations are made (provisioning.md; §4.2 shows no create). */
export const INTEGRATIONS = '/v2/integrations';
export const CATEGORIES = '/v2/categories';
export const PRODUCTS = '/v2/products';
export const CATEGORY = '/v2/categories/:id';
/** The listings of §4.3 (the soft offset limit of §8 applies to them). */
export const LISTINGS = [CATEGORIES, PRODUCTS] as const;
/** The listings of §8's hard offset limit. */
export const HARD_LISTINGS = ['/v2/orders', '/v2/files'] as const;
/** The endpoints that take `include` (§4.3). */
export const INCLUDING = [CATEGORY, PRODUCTS] as const;

export const SPEC_ENDPOINTS = [
  { method: 'GET', path: TRANSACTIONS },
  { method: 'POST', path: PAYMENTS },
  { method: 'POST', path: CAPTURE },
  { method: 'POST', path: REFUND },
  { method: 'POST', path: CONFIRM },
  { method: 'GET', path: INTEGRATION },
  { method: 'DELETE', path: INTEGRATION },
  { method: 'GET', path: CATEGORIES },
  { method: 'GET', path: PRODUCTS },
  { method: 'GET', path: CATEGORY },
] as const;

export const SPEC_PATHS = [...new Set(SPEC_ENDPOINTS.map((e) => e.path))];

/** The methods the specification names on a path template (§4, and `GET` on §8's hard-limit listings). */
export function namedMethods(template: string): string[] {
  if ((HARD_LISTINGS as readonly string[]).includes(template)) return ['GET'];
  return SPEC_ENDPOINTS.filter((e) => e.path === template).map((e) => e.method);
}

/** A 501 to a method the path does not serve: allowed (RFC 9110 §15.6.2: not implemented), and no refusal's failure. */
export const unimplemented = (x: { method: string; template: string; response: { status: number } }) =>
  x.response.status === 501 && !namedMethods(x.template).includes(x.method);

/** Every path template the suite sends to or reads in traffic; no two match the same path. */
export const TEMPLATES: readonly string[] = [
  ...SPEC_PATHS,
  ...HARD_LISTINGS,
  INTEGRATIONS,
  '/v2/products/:id',
  '/v2/products/:productId/relationships/categories',
  '/v2/carts/:cartRef/items',
  '/v2/carts/:cartRef/checkout',
  '/oauth/access_token',
];
