import type { CategoryRecord, ProductRecord } from '../store/records.ts';
import type { Store } from '../store/store.ts';

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
