import { lineTotal } from '../store/checkout.ts';
import { paymentStatus } from '../store/payments.ts';
import type {
  CartRecord,
  CategoryRecord,
  IntegrationRecord,
  OrderRecord,
  ProductRecord,
  Timestamps,
  TransactionRecord,
} from '../store/records.ts';
import type { Store } from '../store/store.ts';
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
    price: product.price.map(({ includesTax, ...price }) => ({ ...price, includes_tax: includesTax })),
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

/** A category resource (§2.3), every listed field present; products in link order. */
export function serializeCategory(category: CategoryRecord) {
  return {
    id: category.id,
    type: 'category' as const,
    status: category.status,
    name: category.name,
    slug: category.slug,
    description: category.description,
    background_colour: category.backgroundColour,
    background_image: category.backgroundImage,
    relationships: {
      products: { data: category.productIds.map((id) => ({ type: 'product' as const, id })) },
    },
    meta: { timestamps: timestamps(category) },
  };
}

/**
 * A transaction resource (§2.1); `custom_reference` when a capture stored one. The refund response omits
 * `meta`; only a payment-intent confirmation response carries `payment_intent` (§2.1).
 */
export function serializeTransaction(
  transaction: TransactionRecord,
  view: { omitMeta?: boolean; withPaymentIntent?: boolean } = {},
) {
  return {
    id: transaction.id,
    type: 'transaction' as const,
    reference: transaction.reference,
    ...(transaction.customReference === undefined ? {} : { custom_reference: transaction.customReference }),
    gateway: transaction.gateway,
    amount: transaction.amount,
    currency: transaction.currency,
    transaction_type: transaction.transactionType,
    status: transaction.status,
    ...(view.withPaymentIntent && transaction.clientSecret !== undefined
      ? { payment_intent: { client_secret: transaction.clientSecret, status: 'requires_action' } }
      : {}),
    relationships: { order: { data: { type: 'order' as const, id: transaction.orderId } } },
    ...(view.omitMeta
      ? {}
      : {
          meta: {
            display_price: displayPrice(transaction.amount, transaction.currency),
            timestamps: timestamps(transaction),
          },
        }),
  };
}

/** The top-level `included` section (§4.3) of one name, to spread: none at all when it has no entities (rule 3). */
export function includedSection(name: string, entities: unknown[]): { included?: Record<string, unknown[]> } {
  return entities.length > 0 ? { included: { [name]: entities } } : {};
}

/** The distinct categories the given products are linked to, in order of first reference (§4.3). */
export function categoriesOfProducts(store: Store, products: readonly ProductRecord[]): CategoryRecord[] {
  const ids = new Set(products.flatMap((product) => product.categoryIds));
  return [...ids].flatMap((id) => store.categories.get(id) ?? []);
}

/** The products linked to a category, in link order, each once (§4.3). */
export function productsOfCategory(store: Store, category: CategoryRecord): ProductRecord[] {
  return [...new Set(category.productIds)].flatMap((id) => store.products.get(id) ?? []);
}
