import { apiError } from '../errors.ts';
import type { CategoryRecord, ProductRecord } from './records.ts';
import type { Store } from './store.ts';

type Created = 'id' | 'createdAt' | 'updatedAt';

/** What a client gives to create a product (provisioning.md §Catalog). */
export type NewProduct = Omit<ProductRecord, Created | 'categoryIds' | 'stockLevel'> & {
  stockLevel?: number;
};

/** What a client gives to create a category (provisioning.md §Catalog). */
export type NewCategory = Omit<
  CategoryRecord,
  Created | 'productIds' | 'backgroundColour' | 'backgroundImage'
> &
  Partial<Pick<CategoryRecord, 'backgroundColour' | 'backgroundImage'>>;

/** A category's `background_colour` when none is given. */
export const DEFAULT_BACKGROUND_COLOUR = '#ffffff';
/** A category's `background_image` when none is given: an absolute URL (§2.3) that is never fetched. */
export const DEFAULT_BACKGROUND_IMAGE = 'https://images.invalid/category-placeholder.png';

/** Adds a product, linked to no category. */
export function createProduct(store: Store, input: NewProduct, now = store.now()): ProductRecord {
  return store.products.add({
    id: store.newId(),
    taxCode: input.taxCode,
    name: input.name,
    slug: input.slug,
    sku: input.sku,
    description: input.description,
    manageStock: input.manageStock,
    price: input.price.map((p) => ({ ...p })),
    status: input.status,
    commodityType: input.commodityType,
    stockLevel: input.stockLevel ?? 0,
    categoryIds: [],
    createdAt: now,
    updatedAt: now,
  });
}

/** Adds a category, with no products. */
export function createCategory(store: Store, input: NewCategory, now = store.now()): CategoryRecord {
  return store.categories.add({
    id: store.newId(),
    name: input.name,
    slug: input.slug,
    description: input.description,
    status: input.status,
    backgroundColour: input.backgroundColour ?? DEFAULT_BACKGROUND_COLOUR,
    backgroundImage: input.backgroundImage ?? DEFAULT_BACKGROUND_IMAGE,
    productIds: [],
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * Links a product to categories, each link once (provisioning.md); when one is missing, nothing changes.
 * `fieldOf` names the request field of the n-th id. @throws ApiError RELATED_NOT_FOUND
 */
export function linkProductToCategories(
  store: Store,
  product: ProductRecord,
  categoryIds: readonly string[],
  fieldOf: (index: number) => string = (index) => `categories[${index}]`,
): void {
  const categories = categoryIds.map((id, index) => {
    const category = store.categories.get(id);
    if (category === undefined)
      throw apiError('RELATED_NOT_FOUND', `${fieldOf(index)} names no existing category ("${id}")`);
    return category;
  });
  const now = store.now();
  for (const category of categories) {
    if (!product.categoryIds.includes(category.id)) {
      product.categoryIds.push(category.id);
      product.updatedAt = now;
    }
    if (!category.productIds.includes(product.id)) {
      category.productIds.push(product.id);
      category.updatedAt = now;
    }
  }
}

/** Deletes a product and unlinks it from its categories. @throws ApiError NOT_FOUND */
export function deleteProduct(store: Store, id: string): ProductRecord {
  const product = store.products.require(id, 'product');
  const now = store.now();
  for (const categoryId of product.categoryIds) {
    const category = store.categories.get(categoryId);
    if (category !== undefined) {
      category.productIds = category.productIds.filter((productId) => productId !== id);
      category.updatedAt = now;
    }
  }
  store.products.delete(id);
  return product;
}

/** Deletes a category and unlinks its products. @throws ApiError NOT_FOUND */
export function deleteCategory(store: Store, id: string): CategoryRecord {
  const category = store.categories.require(id, 'category');
  const now = store.now();
  for (const productId of category.productIds) {
    const product = store.products.get(productId);
    if (product !== undefined) {
      product.categoryIds = product.categoryIds.filter((categoryId) => categoryId !== id);
      product.updatedAt = now;
    }
  }
  store.categories.delete(id);
  return category;
}
