/**
 * How the depth checks of the includes area (§4.3) judge one answer to an `include` spelling, each by what
 * its rule states only: INC-LINKAGE (every included entity referenced, and once), INC-UNSUPPORTED (only
 * unsupported names: 2xx without `included`), INC-PRODUCTS (a category's `included.products` are exactly its
 * linked products). An answer the target may legitimately give another way (a 4xx to a spelling the
 * specification does not show, such as a name repeated) leaves the input unjudged, with the reason.
 */
import type { CheckContext } from '../../helpers/check/context.ts';
import { show } from '../../helpers/check/failure.ts';
import { skipInput } from '../../helpers/depth/record.ts';
import { type ApiResponse, isObject } from '../../helpers/http/response.ts';
import { expectLinkage } from './linkage.ts';
import { idSet, productLinkage } from './reads.ts';

/** The include rules a spelling is judged by (a narrow union, so that the rule index can read them). */
export type SpellingRuleId = 'INC-LINKAGE' | 'INC-UNSUPPORTED' | 'INC-PRODUCTS';

/** One answer to an include spelling: the request as shown, and the names of its include value. */
export interface SpellingAnswer {
  readonly what: string;
  readonly names: readonly string[];
  readonly response: ApiResponse;
}

/** A 2xx answer with a JSON object body; any other answer leaves the input unjudged (not this rule's). */
function okBody(answer: SpellingAnswer): Record<string, unknown> {
  const { response } = answer;
  if (!response.ok || !isObject(response.json)) {
    skipInput(`${answer.what} answered ${response.status}: a spelling the target may refuse`);
  }
  return response.json;
}

/** INC-LINKAGE: every included entity is referenced by a relationship of the primary data, and appears once. */
export function judgeLinkage(t: CheckContext, answer: SpellingAnswer): void {
  const body = okBody(answer);
  if (!('included' in body)) skipInput('no included section');
  expectLinkage(t, { body, response: answer.response, what: answer.what });
}

/** INC-UNSUPPORTED: an include value of names the endpoint does not support answers 2xx without included. */
export function judgeUnsupported(t: CheckContext, answer: SpellingAnswer): void {
  const { response, what } = answer;
  t.expectStatus(response, '2xx');
  const body = t.expectJsonObject(response);
  t.assert(
    !('included' in body),
    `no included key (${what}: no name the endpoint supports)`,
    () => `included: ${show(body.included)}`,
    response,
  );
}

/**
 * INC-PRODUCTS: a category read with `products` among the include names answers `included.products` whose
 * ids (as a set) are those of `relationships.products.data`; `linked` are the products the run linked.
 */
export function judgeProducts(t: CheckContext, answer: SpellingAnswer, linked: readonly string[]): void {
  const { response, what } = answer;
  t.expectStatus(response, '2xx');
  const body = t.expectJsonObject(response);
  const category = t.expectObject(body.data, 'data', response);
  const linkage = productLinkage(category);
  if (linkage === undefined || linkage.length === 0)
    skipInput('relationships.products.data lists no products (see CAT-SCHEMA)');
  if (!isObject(body.included) || !Array.isArray(body.included.products ?? [])) {
    skipInput('included is not an object of arrays (see INC-SHAPE)');
  }
  const included = t.expectObject(body.included, `included (${what}: the category has products)`, response);
  const products = t.expectArray(included.products, 'included.products', response);
  const ids = products.map((product) => (isObject(product) ? product.id : undefined));
  t.expectEqual(
    idSet(ids),
    idSet(linkage),
    `the ids of included.products (as a set) = the ids of relationships.products.data (${linkage.length}; the run linked ${linked.length})`,
    response,
  );
}
