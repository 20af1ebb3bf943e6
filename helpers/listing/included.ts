/**
 * The `included` section of §4.3 and the relationships that reference its entities: an entity is referenced
 * when a linkage has its id and its `type`, or sits in the relationship named after its group
 * (`included.main_images` ↔ `relationships.main_image`).
 */
import { isObject } from '../http/response.ts';
import { sameId } from '../judge/knowledge.ts';

/** One `{ type, id }` found under `relationships.<name>.data` of a primary resource. */
interface Linkage extends Pick<IncludedEntity, 'type' | 'id'> {
  readonly relationship: string;
}

export interface IncludedEntity {
  readonly key: string;
  readonly index: number;
  readonly type: unknown;
  readonly id: unknown;
}

/** `files` → `file`, `categories` → `category`, `main_image` → `main_image`. */
export const singular = (name: string): string => name.replace(/ies$/, 'y').replace(/s$/, '');

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

/** Every linkage of the primary data (`data`: one resource or an array of them). */
export function linkagesOf(primary: unknown): Linkage[] {
  return list(primary).flatMap((resource) => {
    const relationships =
      isObject(resource) && isObject(resource.relationships) ? resource.relationships : {};
    return Object.entries(relationships).flatMap(([relationship, member]) =>
      list(isObject(member) ? member.data : []).flatMap((item) =>
        isObject(item) ? [{ relationship, type: item.type, id: item.id }] : [],
      ),
    );
  });
}

/** Every entity of every array in `included`. */
export function includedEntities(included: unknown): IncludedEntity[] {
  if (!isObject(included)) return [];
  return Object.entries(included).flatMap(([key, entities]) =>
    (Array.isArray(entities) ? entities : []).map((entity, index) => {
      const { type, id } = isObject(entity) ? entity : {};
      return { key, index, type, id };
    }),
  );
}

/** The included entities that no linkage of the primary data references. */
export function unreferencedIncluded(primary: unknown, included: unknown): IncludedEntity[] {
  const linkages = linkagesOf(primary);
  return includedEntities(included).filter(
    (entity) =>
      !linkages.some(
        (link) =>
          sameId(link.id, entity.id) &&
          (link.type === entity.type || singular(link.relationship) === singular(entity.key)),
      ),
  );
}

/** The second and later occurrences of an entity (same `type` and `id`) within one `included` array. */
export function duplicateIncluded(included: unknown): IncludedEntity[] {
  const entities = includedEntities(included);
  return entities.filter((entity, i) =>
    entities
      .slice(0, i)
      .some(
        (e) =>
          e.key === entity.key && e.type === entity.type && (e.id === entity.id || sameId(e.id, entity.id)),
      ),
  );
}
