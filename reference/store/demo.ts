import { createCategory, createProduct, linkProductToCategories } from './catalog.ts';
import type { Store } from './store.ts';

/** How many demo products share one demo category. */
export const DEMO_PRODUCTS_PER_CATEGORY = 10;

/**
 * Fills an empty store with `count` demo products and ceil(count / 10) demo categories: "Demo category 1"
 * holds "Demo product 1" to "Demo product 10", and so on. Linear in `count`.
 */
export function seedDemoCatalog(store: Store, count: number): void {
  const now = store.now();
  const categories = [];
  for (let c = 0; c < Math.ceil(count / DEMO_PRODUCTS_PER_CATEGORY); c++) {
    categories.push(
      createCategory(
        store,
        {
          name: `Demo category ${c + 1}`,
          slug: `demo-category-${c + 1}`,
          description: `Demo products ${c * DEMO_PRODUCTS_PER_CATEGORY + 1} to ${Math.min(count, (c + 1) * DEMO_PRODUCTS_PER_CATEGORY)}`,
          status: 'live',
        },
        now,
      ),
    );
  }
  for (let i = 0; i < count; i++) {
    const n = i + 1;
    const product = createProduct(
      store,
      {
        name: `Demo product ${n}`,
        slug: `demo-product-${n}`,
        sku: `DEMO-${String(n).padStart(5, '0')}`,
        description: `Demo product number ${n}`,
        manageStock: true,
        // Every seventh product is out of stock, so that both availabilities appear (§2.4).
        stockLevel: n % 7 === 0 ? 0 : 1 + ((n * 13) % 50),
        price: [{ amount: 500 + ((n * 137) % 9500), currency: 'USD', includesTax: true }],
        status: 'live',
        commodityType: 'physical',
        taxCode: null,
      },
      now,
    );
    const category = categories[Math.floor(i / DEMO_PRODUCTS_PER_CATEGORY)];
    if (category !== undefined) {
      linkProductToCategories(store, product, [category.id]);
    }
  }
}
