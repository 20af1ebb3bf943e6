import { lineTotal } from '../store/checkout.ts';
import { paymentStatus } from '../store/payments.ts';
import type { Address, CartRecord, OrderRecord, TransactionRecord } from '../store/records.ts';
import { displayPrice } from './money.ts';
import { timestamps } from './timestamps.ts';

function address(a: Address) {
  return {
    first_name: a.firstName,
    last_name: a.lastName,
    line_1: a.line1,
    city: a.city,
    postcode: a.postcode,
    county: a.county,
    country: a.country,
  };
}

/** An order resource. §2.1 leaves its fields open; these follow the public v2 API of the service family. */
export function serializeOrder(order: OrderRecord, transactions: readonly TransactionRecord[]) {
  const total = displayPrice(order.total, order.currency);
  return {
    id: order.id,
    type: 'order' as const,
    status: order.status,
    payment: paymentStatus(transactions),
    shipping: 'unfulfilled',
    customer: { ...order.customer },
    billing_address: address(order.billingAddress),
    shipping_address: address(order.shippingAddress),
    relationships: {
      items: { data: order.items.map((item) => ({ type: 'item' as const, id: item.id })) },
    },
    meta: {
      display_price: { with_tax: total, without_tax: { ...total } },
      timestamps: timestamps(order),
    },
  };
}

/** The items of a cart, as `POST /v2/carts/:cartRef/items` answers them. */
export function serializeCartItems(cart: CartRecord) {
  const currency = cart.items[0]?.currency ?? 'USD';
  return {
    data: cart.items.map((item) => ({
      id: item.id,
      type: 'cart_item' as const,
      product_id: item.productId,
      name: item.name,
      sku: item.sku,
      quantity: item.quantity,
      unit_price: { amount: item.unitAmount, currency: item.currency, includes_tax: true },
      meta: {
        display_price: {
          with_tax: {
            unit: displayPrice(item.unitAmount, item.currency),
            value: displayPrice(item.unitAmount * item.quantity, item.currency),
          },
        },
      },
    })),
    meta: {
      display_price: { with_tax: displayPrice(lineTotal(cart.items), currency) },
      timestamps: timestamps(cart),
    },
  };
}
