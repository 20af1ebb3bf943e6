import { apiError } from '../errors.ts';
import { MAX_QUANTITY } from '../limits.ts';
import type { CartRecord, CheckoutDetails, OrderRecord } from './records.ts';
import type { Store } from './store.ts';

/**
 * Adds `quantity` of a product to the cart `cartRef` (made on first use), copying its name and first price;
 * a cart holds one currency. Errors name the fields of the request (`data.id`, `data.quantity`).
 * @throws ApiError RELATED_NOT_FOUND, CURRENCY_MISMATCH, CONFLICT
 */
export function addToCart(store: Store, cartRef: string, productId: string, quantity: number): CartRecord {
  const product = store.products.get(productId);
  if (product === undefined)
    throw apiError('RELATED_NOT_FOUND', `data.id names no existing product ("${productId}")`);
  // A product always has at least one price (the create validator requires it).
  const price = product.price[0];
  if (price === undefined) throw apiError('VALIDATION_FAILED', `product "${productId}" has no price`);
  const cart = store.carts.get(cartRef);
  const existing = cart?.items.find((item) => item.productId === productId);
  const first = cart?.items[0];
  if (first !== undefined && first.currency !== price.currency) {
    throw apiError(
      'CURRENCY_MISMATCH',
      `the cart holds ${first.currency} items; product "${productId}" is priced in ${price.currency}`,
    );
  }
  if ((existing?.quantity ?? 0) + quantity > MAX_QUANTITY)
    throw apiError('CONFLICT', `data.quantity would exceed ${MAX_QUANTITY} for this product`);

  const now = store.now();
  const target = cart ?? { ref: cartRef, items: [], createdAt: now, updatedAt: now };
  store.carts.set(cartRef, target);
  if (existing !== undefined) {
    existing.quantity += quantity;
  } else {
    target.items.push({
      id: store.newId(),
      productId,
      name: product.name,
      sku: product.sku,
      unitAmount: price.amount,
      currency: price.currency,
      quantity,
    });
  }
  target.updatedAt = now;
  return target;
}

/** Total of a cart's or order's lines: unit amount × quantity, summed. */
export function lineTotal(items: readonly { unitAmount: number; quantity: number }[]): number {
  return items.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
}

/** Turns the cart into a new unpaid order and empties it. @throws ApiError NOT_FOUND, CART_EMPTY, CONFLICT */
export function checkout(store: Store, cartRef: string, details: CheckoutDetails): OrderRecord {
  const cart = store.carts.get(cartRef);
  if (cart === undefined) throw apiError('NOT_FOUND', `no cart with reference "${cartRef}"`);
  const first = cart.items[0];
  if (first === undefined) throw apiError('CART_EMPTY', `cart "${cartRef}" has no items to check out`);
  const total = lineTotal(cart.items);
  if (!Number.isSafeInteger(total))
    throw apiError('CONFLICT', `the total of cart "${cartRef}" is too large to be paid`);
  const now = store.now();
  const order = store.orders.add({
    id: store.newId(),
    status: 'incomplete',
    customer: { ...details.customer },
    billingAddress: { ...details.billing_address },
    shippingAddress: { ...details.shipping_address },
    items: cart.items.map((item) => ({ ...item, id: store.newId() })),
    total,
    currency: first.currency,
    transactionIds: [],
    createdAt: now,
    updatedAt: now,
  });
  cart.items = [];
  cart.updatedAt = now;
  return order;
}
