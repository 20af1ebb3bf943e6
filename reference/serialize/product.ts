import type { ProductRecord } from '../store/records.ts';
import { displayPrice } from './money.ts';
import { timestamps } from './timestamps.ts';

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
