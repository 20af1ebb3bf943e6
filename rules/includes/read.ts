/**
 * What the includes rules read of an exchange (§4.3): the decoded `include` as any server may read it (a
 * repeated key joined, first or last taken, or refused; a name's case and spaces are open choices), and the
 * products a category relates, by its answer and by what the run linked to it.
 */
import { CATEGORY, PRODUCTS } from '../../helpers/catalogue/endpoints.ts';
import { show } from '../../helpers/check/failure.ts';
import type { Answered } from '../../helpers/http/journal.ts';
import { isObject } from '../../helpers/http/response.ts';
import type { Judgement } from '../../helpers/judge/judgement.ts';
import { type Knowledge, sameId } from '../../helpers/judge/knowledge.ts';
import { field } from '../../helpers/judge/resources.ts';
import { ordinaryPage, pageParams } from '../../helpers/listing/params.ts';

/** The relationships §2.3 and §2.4 show for the primary data of each endpoint that takes `include`. */
export const RELATED: Readonly<Record<string, readonly string[]>> = {
  [CATEGORY]: ['products'],
  [PRODUCTS]: ['categories', 'main_image', 'files'],
};

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
    names: values.flatMap((parts) => parts.map((name) => name.trim()).filter((name) => name !== '')),
  };
}

/** Every value names `name` exactly: every reading of the request asks for it. */
export function asksEverywhere(asked: Asked, name: string): boolean {
  return asked.values.length > 0 && asked.values.every((parts) => parts.includes(name));
}

/** Each name, in any case and spaces, is a relationship §2 shows for the resource or one the run made up. */
export function asksOnlyShownOrMadeUp(asked: Asked, template: string, known: Knowledge): boolean {
  const related = RELATED[template] ?? [];
  return asked.names.every((name) => related.includes(name.toLowerCase()) || known.isMadeUpInclude(name));
}

/** The ids of a resource's `relationships.<name>.data`; undefined when that is not an array. */
function relatedIds(resource: unknown, name: string): unknown[] | undefined {
  const data = field(field(field(resource, 'relationships'), name), 'data');
  return Array.isArray(data) ? data.map((link) => field(link, 'id')) : undefined;
}

export const productIdsOf = (category: unknown) => relatedIds(category, 'products');
export const categoryIdsOf = (product: unknown) => relatedIds(product, 'categories');

/** Two lists of ids name the same records, as sets (UUIDs in any case). */
export function sameIds(a: readonly unknown[], b: readonly unknown[]): boolean {
  const within = (xs: readonly unknown[], ys: readonly unknown[]) =>
    xs.every((x) => ys.some((y) => x === y || sameId(x, y)));
  return within(a, b) && within(b, a);
}

/** The products the run linked to a category of the answer, as known when sent; undefined if unknown. */
export function knownProducts(category: unknown, x: Answered, known: Knowledge): string[] | undefined {
  const id = field(category, 'id');
  const products = typeof id === 'string' ? known.categoryProducts(id, x.sent) : undefined;
  return products && [...products];
}

/** The run's categories linked to a product of the answer, and its others, as known when sent. */
export function knownCategories(product: unknown, x: Answered, known: Knowledge) {
  const id = field(product, 'id');
  return typeof id === 'string' ? known.productCategories(id, x.sent) : undefined;
}

/** A category relates other products than the run linked to it (the category schema's failure). */
export function relatesOtherThanKnown(category: unknown, x: Answered, known: Knowledge): boolean {
  const products = knownProducts(category, x, known);
  return products !== undefined && !sameIds(productIdsOf(category) ?? [], products);
}

/** What is wrong with an `included` section (the shape rule's failure); undefined for an object of arrays. */
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

/** How many products a category read includes while its relationships list none (the schema's failure). */
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
 * Ends the judgement unless only the include is in doubt: not a category id the run made up, and nothing else
 * a target may refuse (page parameters valid or absent, no other parameter).
 */
export function needOnlyIncludeInDoubt(x: Answered, t: Judgement): void {
  t.need(
    x.template !== CATEGORY || !t.known.isMadeUp(x.params.id as string),
    'a category id the run made up',
  );
  const params = pageParams(x.query);
  t.need(
    ordinaryPage(params) !== undefined && params.others.every((name) => name === 'include'),
    'the request has page or other parameters a target may refuse',
  );
}
