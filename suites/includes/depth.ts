/**
 * Depth of the includes area (§4.3; issue 10): `include` in the spellings the rules allow or forbid, on the
 * single and the listing endpoints. Both profiles: a name given twice (`products,products`,
 * `categories,categories`: INC-LINKAGE, each entity once) and an unsupported name on the products listing
 * and a single product (INC-UNSUPPORTED; today's check sends it to a category only). Deep: a category with
 * more products than a small page ({@link LARGE_CATEGORY_PRODUCTS}), and include values drawn from the
 * names each endpoint supports and names no endpoint supports, repeated or not, each answer judged by
 * INC-LINKAGE, INC-UNSUPPORTED (only unsupported names) and INC-PRODUCTS (the large category).
 */
import fc from 'fast-check';
import { check } from '../../helpers/check/check.ts';
import type { CheckContext } from '../../helpers/check/context.ts';
import { judgeEach } from '../../helpers/depth/each.ts';
import { exploration, exploreCheck } from '../../helpers/depth/explore.ts';
import { ExplorationPool } from '../../helpers/depth/pool.ts';
import { skipInput } from '../../helpers/depth/record.ts';
import { createCategory, createProduct, linkProductToCategory } from '../../helpers/fixtures/create.ts';
import { once } from '../../helpers/fixtures/once.ts';
import {
  judgeLinkage,
  judgeProducts,
  judgeUnsupported,
  type SpellingAnswer,
  type SpellingRuleId,
} from './depth-judges.ts';
import { type IncludeReads, NO_CATEGORY, type SuiteRun, UNSUPPORTED } from './reads.ts';

/** How many products the deep profile links to its large category: more than a small page of related ones. */
export const LARGE_CATEGORY_PRODUCTS = 7;
/** The page length of the products listing read with an include. */
const LISTING_PAGE = 10;
/** The include names each endpoint supports in the reference (§4.3 include rule 5: each resource defines its own). */
const SUPPORTED = {
  category: ['products'],
  products: ['main_image', 'categories', 'files'],
  product: ['main_image', 'categories', 'files'],
} as const;
type Endpoint = keyof typeof SUPPORTED;

/** An include spelling: an endpoint and the names of the value, comma-joined as sent. */
interface Spelling {
  readonly endpoint: Endpoint;
  readonly names: readonly string[];
}

/** Names no endpoint supports, in any case the spec allows to differ: `conformance_` and lower-case letters. */
function unsupportedNames(): fc.Arbitrary<string> {
  return fc.stringMatching(/^[a-z]{1,8}$/).map((suffix) => `conformance_${suffix}`);
}

/** Include values of one to four names (within the soft limit of §8), supported or not, repeats allowed. */
function spellings(): fc.Arbitrary<Spelling> {
  return fc.constantFrom<Endpoint>('category', 'products', 'product').chain((endpoint) =>
    fc
      .array(fc.oneof(fc.constantFrom(...SUPPORTED[endpoint]), unsupportedNames()), {
        minLength: 1,
        maxLength: 4,
      })
      .map((names) => ({ endpoint, names })),
  );
}

/** Whether every name of the value is one the endpoint supports nowhere (the suite's own unsupported names). */
function allUnsupported(names: readonly string[]): boolean {
  return names.every((name) => name.startsWith('conformance_'));
}

export function includeDepthChecks({ info, api, cleanup }: SuiteRun, reads: IncludeReads): void {
  const { category } = reads;
  const path = (endpoint: Endpoint, ids: { category: string; product: string }, include: string) =>
    endpoint === 'category'
      ? `/v2/categories/${ids.category}?include=${include}`
      : endpoint === 'product'
        ? `/v2/products/${ids.product}?include=${include}`
        : `/v2/products?include=${include}&page[limit]=${LISTING_PAGE}`;

  /** Reads the run's category with products (or the configured one) and one of its products. */
  async function ids(t: CheckContext) {
    const read = t.need(await category(), NO_CATEGORY);
    return { category: read.id, product: read.productIds[0] };
  }

  check(
    'INC-LINKAGE',
    'an include value naming a resource twice lists each entity once (products,products on a category, categories,categories on a product)',
    async (t) => {
      const known = await ids(t);
      const inputs: Spelling[] = [
        { endpoint: 'category', names: ['products', 'products'] },
        ...(known.product ? [{ endpoint: 'product' as const, names: ['categories', 'categories'] }] : []),
      ];
      await judgeEach(t, {
        inputs,
        show: (s) => `GET ${path(s.endpoint, { category: ':id', product: ':id' }, s.names.join(','))}`,
        judge: async (s) => judgeLinkage(t, await answer(t, s, known)),
      });
    },
  );

  check(
    'INC-UNSUPPORTED',
    `GET /v2/products and GET /v2/products/:id with include=${UNSUPPORTED} answer 2xx with no included key`,
    async (t) => {
      const known = await ids(t);
      const inputs: Spelling[] = [
        { endpoint: 'products', names: [UNSUPPORTED] },
        ...(known.product ? [{ endpoint: 'product' as const, names: [UNSUPPORTED] }] : []),
      ];
      await judgeEach(t, {
        inputs,
        show: (s) => `GET ${path(s.endpoint, { category: ':id', product: ':id' }, s.names.join(','))}`,
        judge: async (s) => judgeUnsupported(t, await answer(t, s, known)),
      });
    },
  );

  async function answer(
    t: CheckContext,
    s: Spelling,
    known: { category: string; product?: string },
    get: (path: string) => Promise<SpellingAnswer['response']> = (p) => t.api.get(p),
  ): Promise<SpellingAnswer> {
    const shown = path(s.endpoint, { category: ':id', product: ':id' }, s.names.join(','));
    const sent = path(
      s.endpoint,
      { category: known.category, product: known.product ?? '' },
      s.names.join(','),
    );
    return { what: `GET ${shown}`, names: s.names, response: await get(sent) };
  }

  if (info.depth !== 'deep') return;

  /** The deep profile's category with more products than a small page (none in read-only mode). */
  const large = once(async () => {
    if (info.readOnly) return undefined;
    const [made, ...products] = await Promise.all([
      createCategory(api, info.runTag, cleanup),
      ...Array.from({ length: LARGE_CATEGORY_PRODUCTS }, () => createProduct(api, info.runTag, cleanup)),
    ]);
    await Promise.all(products.map((product) => linkProductToCategory(api, product.id, made.id)));
    return { category: made.id, product: products[0]?.id, linked: products.map((product) => product.id) };
  });

  const pool = new ExplorationPool('includes/spellings', info);
  const judges: Record<SpellingRuleId, (t: CheckContext, a: SpellingAnswer, linked: string[]) => void> = {
    'INC-LINKAGE': (t, a) => judgeLinkage(t, a),
    'INC-UNSUPPORTED': (t, a) => {
      if (!allUnsupported(a.names)) skipInput('a name the endpoint may support');
      judgeUnsupported(t, a);
    },
    'INC-PRODUCTS': (t, a, linked) => {
      if (!a.what.startsWith('GET /v2/categories/') || !a.names.includes('products'))
        skipInput('not a category read with include=products');
      judgeProducts(t, a, linked);
    },
  };
  for (const rule of Object.keys(judges) as SpellingRuleId[]) {
    exploreCheck(
      rule,
      `include spellings on a category with ${LARGE_CATEGORY_PRODUCTS} products, its product and the products listing`,
      async (t) => {
        const fixture = t.need(await large(), 'read-only mode: the run makes no category of its own');
        return exploration({
          name: 'includes/spellings',
          pool,
          arbitrary: spellings(),
          show: (s: Spelling) => `${s.endpoint} include=${s.names.join(',')}`,
          judge: async (s: Spelling, client) =>
            judges[rule](t, await answer(t, s, fixture, (p) => client.get(p)), fixture.linked),
        });
      },
    );
  }
}
