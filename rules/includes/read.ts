/**
 * What the rules of the includes area read of an exchange (§4.3): the `include` parameter as any server may
 * read it, and the products a category relates, by its answer and by what the run linked to it.
 *
 * The query is read decoded (`%2C` is a comma, `%20` and `+` spaces). A repeated `include` key is read in
 * different ways (its values joined, the first or the last taken, or the request refused): a name is asked
 * for in every reading only when every value names it. A name counts only as spelled exactly: its case and
 * the spaces around it are open choices (`PRODUCTS`, ` main_image` may or may not be `products`, `main_image`:
 * reference variants `include-case-insensitive` and `include-names-untrimmed`).
 */
import { CATEGORY, PRODUCTS } from '../../helpers/catalogue/endpoints.ts';
import { show } from '../../helpers/check/failure.ts';
import type { Answered } from '../../helpers/http/journal.ts';
import { isObject } from '../../helpers/http/response.ts';
import { type Knowledge, sameId } from '../../helpers/judge/knowledge.ts';
import { field } from '../../helpers/judge/resources.ts';
import { ordinaryPage, pageParams } from '../../helpers/listing/params.ts';

/** The relationships §2.3 and §2.4 show for the primary data of each endpoint that takes `include`. */
export const RELATED: Readonly<Record<string, readonly string[]>> = {
  [CATEGORY]: ['products'],
  [PRODUCTS]: ['categories', 'main_image', 'files'],
};

/** The `include` parameter of a request. */
export interface Asked {
  /** Each value of `include` (one per key), split at its commas, the parts as sent (spaces kept). */
  readonly values: readonly (readonly string[])[];
  /** The non-empty names of all values, trimmed, repeats kept: what a server that joins the values reads. */
  readonly names: readonly string[];
}

export function askedOf(x: Answered): Asked {
  const values = x.query.all('include').map((value) => value.split(','));
  return {
    values,
    names: values
      .flat()
      .map((name) => name.trim())
      .filter((name) => name !== ''),
  };
}

/** Every value names `name` exactly: every reading of the request asks for it. */
export function asksEverywhere(asked: Asked, name: string): boolean {
  return asked.values.length > 0 && asked.values.every((parts) => parts.includes(name));
}

/**
 * Each name, whatever its case and spaces, is a relationship of the endpoint's resource (§2.3, §2.4) or a
 * name the run made up: the answer shows, by its relationships, whether anything it asks for is related.
 */
export function asksOnlyShownOrMadeUp(asked: Asked, template: string, known: Knowledge): boolean {
  const related = RELATED[template] ?? [];
  return asked.names.every((name) => related.includes(name.toLowerCase()) || known.isMadeUpInclude(name));
}

/** The ids of a category's `relationships.products.data`; undefined when that is not an array. */
export function productIdsOf(category: unknown): unknown[] | undefined {
  const data = field(field(field(category, 'relationships'), 'products'), 'data');
  return Array.isArray(data) ? data.map((link) => field(link, 'id')) : undefined;
}

/** Two lists of ids name the same records, as sets (UUIDs in any case). */
export function sameIds(a: readonly unknown[], b: readonly unknown[]): boolean {
  const within = (xs: readonly unknown[], ys: readonly unknown[]) =>
    xs.every((x) => ys.some((y) => x === y || sameId(x, y)));
  return within(a, b) && within(b, a);
}

/**
 * The products the run linked to a category of the answer (by its `id`), as known when the request was
 * sent; undefined when the category is not the run's, or its products changed since.
 */
export function knownProducts(category: unknown, x: Answered, known: Knowledge): string[] | undefined {
  const id = field(category, 'id');
  const products = typeof id === 'string' ? known.categoryProducts(id, x.sent) : undefined;
  return products && [...products];
}

/** The ids of a product's `relationships.categories.data`; undefined when that is not an array. */
export function categoryIdsOf(product: unknown): unknown[] | undefined {
  const data = field(field(field(product, 'relationships'), 'categories'), 'data');
  return Array.isArray(data) ? data.map((link) => field(link, 'id')) : undefined;
}

/**
 * The run's categories it linked a product of the answer to (by its `id`), and its other categories, as
 * known when the request was sent; undefined when the run linked the product to none, or what one of its
 * categories relates changed since.
 */
export function knownCategories(product: unknown, x: Answered, known: Knowledge) {
  const id = field(product, 'id');
  return typeof id === 'string' ? known.productCategories(id, x.sent) : undefined;
}

/**
 * A category of the answer that relates other products than the run linked to it: the category schema's failure,
 * which the rules that read inside the category's relationships leave to it.
 */
export function relatesOtherThanKnown(category: unknown, x: Answered, known: Knowledge): boolean {
  const products = knownProducts(category, x, known);
  return products !== undefined && !sameIds(productIdsOf(category) ?? [], products);
}

/**
 * What is wrong with an `included` section (the shape rule's failure, which the rules that read inside it leave to
 * it): undefined when it is an object whose every value is an array of entities (objects).
 */
export function misshapen(included: unknown): string | undefined {
  if (!isObject(included)) return `included: ${show(included)}`;
  const wrong = Object.entries(included).find(([, list]) => !Array.isArray(list) || !list.every(isObject));
  return wrong && `included.${wrong[0]}: ${show(wrong[1])}`;
}

/** Whether an included section holds any entity: an item of one of its arrays (or of itself, an array). */
export function holdsEntities(included: unknown): boolean {
  if (Array.isArray(included)) return included.length > 0;
  return isObject(included) && Object.values(included).some((list) => Array.isArray(list) && list.length > 0);
}

/** An included section that is there but holds nothing: `{}`, or only empty arrays (`{"files": []}`). */
export function emptyIncluded(included: unknown): boolean {
  return (
    isObject(included) && Object.values(included).every((list) => Array.isArray(list) && list.length === 0)
  );
}

/**
 * The products a category read includes (`included.products`) while its `relationships.products.data` lists
 * none: by the answer itself, the category relates products its relationships do not list (CAT-SCHEMA's
 * failure, which the rules that read its included products leave to it). 0 otherwise.
 */
export function unlistedIncludedProducts(x: Answered, category: unknown): number {
  if (x.template !== CATEGORY || (productIdsOf(category) ?? []).length > 0) return 0;
  const body = bodyOf(x);
  const included = isObject(body?.included) ? body.included.products : undefined;
  return Array.isArray(included) ? included.filter(isObject).length : 0;
}

/** The answer's body when it is a JSON object (the envelope rules judge any other). */
export function bodyOf(x: Answered): Record<string, unknown> | undefined {
  return isObject(x.response.json) ? x.response.json : undefined;
}

/**
 * Nothing in the request but `include` that a target may refuse: its page parameters (the products listing)
 * absent or valid, and no other query parameter (a target may refuse an unknown one). A rule that asks for a
 * 2xx judges only such requests: a refusal of anything else is not the include's.
 */
export function onlyIncludeInDoubt(x: Answered): boolean {
  const params = pageParams(x.query);
  return ordinaryPage(params) !== undefined && params.others.every((name) => name === 'include');
}
