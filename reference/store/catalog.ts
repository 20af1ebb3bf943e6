import { apiError } from '../errors.ts';
import type { CategoryRecord, ProductRecord, Stamped } from './records.ts';
import type { Store } from './store.ts';

/** The fields of a new record of type `R` (no id, timestamps or links), those of `K` optional. */
type New<R, K extends keyof R> = Omit<R, keyof Stamped | 'categoryIds' | 'productIds' | K> &
  Partial<Pick<R, K>>;

/** What a client gives to create a product (provisioning.md §Catalog). */
export type NewProduct = New<ProductRecord, 'stockLevel'>;

/** What a client gives to create a category (provisioning.md §Catalog). */
export type NewCategory = New<CategoryRecord, 'backgroundColour' | 'backgroundImage'>;

/** A category's `background_colour` when none is given. */
export const DEFAULT_BACKGROUND_COLOUR = '#ffffff';
/** A category's `background_image` when none is given: an absolute URL (§2.3) that is never fetched. */
export const DEFAULT_BACKGROUND_IMAGE = 'https://images.invalid/category-placeholder.png';

/** Adds a product, linked to no category. */
export function createProduct(store: Store, input: NewProduct, now = store.now()): ProductRecord {
  const price = input.price.map((p) => ({ ...p }));
  return store.add(
    store.products,
    { ...input, price, stockLevel: input.stockLevel ?? 0, categoryIds: [] },
    now,
  );
}

/** Adds a category, with no products. */
export function createCategory(store: Store, input: NewCategory, now = store.now()): CategoryRecord {
  return store.add(
    store.categories,
    {
      ...input,
      backgroundColour: input.backgroundColour ?? DEFAULT_BACKGROUND_COLOUR,
      backgroundImage: input.backgroundImage ?? DEFAULT_BACKGROUND_IMAGE,
      productIds: [],
    },
    now,
  );
}

/** Adds `id` to `ids` once, marking `record` updated when it was not there yet. */
function link(record: { updatedAt: string }, ids: string[], id: string, now: string): void {
  if (ids.includes(id)) return;
  ids.push(id);
  record.updatedAt = now;
}

/**
 * Links a product to categories, each link once (provisioning.md); when one is missing, nothing changes.
 * @throws ApiError RELATED_NOT_FOUND naming the request field `data[n].id` of the missing one
 */
export function linkProductToCategories(
  store: Store,
  product: ProductRecord,
  categoryIds: readonly string[],
): void {
  const categories = categoryIds.map((id, index) => {
    const category = store.categories.get(id);
    if (category === undefined)
      throw apiError('RELATED_NOT_FOUND', `data[${index}].id names no existing category ("${id}")`);
    return category;
  });
  const now = store.now();
  for (const category of categories) {
    link(product, product.categoryIds, category.id, now);
    link(category, category.productIds, product.id, now);
  }
}

/** Deletes a product and unlinks it from its categories. @throws ApiError NOT_FOUND */
export function deleteProduct(store: Store, id: string): ProductRecord {
  const product = store.products.remove(id, 'product');
  const now = store.now();
  for (const category of product.categoryIds.flatMap((c) => store.categories.get(c) ?? [])) {
    category.productIds = category.productIds.filter((productId) => productId !== id);
    category.updatedAt = now;
  }
  return product;
}

/** Deletes a category and unlinks its products. @throws ApiError NOT_FOUND */
export function deleteCategory(store: Store, id: string): CategoryRecord {
  const category = store.categories.remove(id, 'category');
  const now = store.now();
  for (const product of category.productIds.flatMap((p) => store.products.get(p) ?? [])) {
    product.categoryIds = product.categoryIds.filter((categoryId) => categoryId !== id);
    product.updatedAt = now;
  }
  return category;
}
