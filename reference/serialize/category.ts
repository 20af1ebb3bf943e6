import type { CategoryRecord } from '../store/records.ts';
import { timestamps } from './resources.ts';

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
