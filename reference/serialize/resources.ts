import { lineTotal } from '../store/checkout.ts';
import { paymentStatus } from '../store/payments.ts';
import type {
  CartRecord,
  IntegrationRecord,
  OrderRecord,
  ProductRecord,
  Timestamps,
  TransactionRecord,
} from '../store/records.ts';
import { displayPrice } from './money.ts';

/** `meta.timestamps`: ISO 8601 with milliseconds (§2.2). */
export function timestamps(record: Timestamps): { created_at: string; updated_at: string } {
  return { created_at: record.createdAt, updated_at: record.updatedAt };
}

/**
 * A product resource (§2.4): `with_tax` and `without_tax` both show the first price (no tax rate to apply);
 * no `relationships.main_image` (the reference server has no images).
 */
export function serializeProduct(product: ProductRecord) {
  const first = product.price[0] ?? { amount: 0, currency: 'USD', includesTax: true };
  const shown = displayPrice(first.amount, first.currency);
  return {
    id: product.id,
    type: 'product' as const,
    'tax-code': product.taxCode,
    name: product.name,
    slug: product.slug,
    sku: product.sku,
    description: product.description,
    manage_stock: product.manageStock,
    price: product.price.map((p) => ({
      amount: p.amount,
      currency: p.currency,
      includes_tax: p.includesTax,
    })),
    status: product.status,
    commodity_type: product.commodityType,
    relationships: {
      files: { data: [] as { type: 'file'; id: string }[] },
      categories: { data: product.categoryIds.map((id) => ({ type: 'category' as const, id })) },
    },
    meta: {
      timestamps: timestamps(product),
      display_price: { with_tax: shown, without_tax: { ...shown } },
      stock: {
        level: product.stockLevel,
        // Without stock management a product is always available.
        availability: !product.manageStock || product.stockLevel > 0 ? 'in-stock' : 'out-stock',
      },
    },
  };
}

/** An integration resource (§2.2); `links.self` is absolute, built on the request's origin. */
export function serializeIntegration(integration: IntegrationRecord, origin: string) {
  return {
    id: integration.id,
    type: 'integration' as const,
    integration_type: integration.integrationType,
    name: integration.name,
    description: integration.description,
    enabled: integration.enabled,
    configuration: { url: integration.url },
    observes: [...integration.observes],
    links: { self: `${origin}/v2/integrations/${integration.id}` },
    meta: { timestamps: timestamps(integration) },
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
    billing_address: { ...order.billingAddress },
    shipping_address: { ...order.shippingAddress },
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
