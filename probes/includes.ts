/**
 * The probes of the includes area (§2.3, §2.4, §4.3, §8): `include` in many spellings on a category read and
 * the products listing. Records: a category without products and one with one, made so through deletes (a
 * related product and a category of the product deleted before any read); deep, a category of seven.
 */
import fc from 'fast-check';
import { probe } from '../helpers/check/check.ts';
import { skip } from '../helpers/check/failure.ts';
import { productBody, SEVERAL_PRICES } from '../helpers/provisioning/bodies.ts';
import {
  createCategory,
  createProduct,
  linkProductToCategory,
  removeRecord,
} from '../helpers/provisioning/create.ts';
import { once } from '../helpers/provisioning/once.ts';
import type { SuiteRun } from '../helpers/run/suite.ts';

/** Where a spelling is sent: one of the run's categories, or the products listing. */
type Target = 'without' | 'with' | 'large' | 'products';

/** One read: its target and its query string as sent (`include=products&include=products`). */
interface Spelling {
  readonly target: Target;
  readonly query: string;
  /** Drawn (deep): sent once the large category is complete. */
  readonly drawn?: true;
}

/** How the names the run makes up begin: no target supports them (§4.3 rule 4). */
const MADE_UP = 'conformance_';
const UNSUPPORTED = `${MADE_UP}unsupported`;
/** How many products the deep profile's large category has (more than a small page of related ones). */
const LARGE = 7;

/** The gate's reads, each in the scope of as many rules as it can be (spellings: the catalogue's, too). */
const GATE: readonly Spelling[] = [
  { target: 'with', query: 'include=products' },
  { target: 'with', query: `${MADE_UP}x=1&%69nclude=products,products` },
  { target: 'with', query: `include=${UNSUPPORTED}` },
  // Near misses of a name shown (another case, singular): supported or not, answered 2xx.
  { target: 'with', query: 'include=Products' },
  // A relationship path through a name shown (JSON:API's `a.b`), which §4.3 does not show.
  { target: 'without', query: 'include=products.categories' },
  { target: 'products', query: 'include=category&page[limit]=1' },
  { target: 'with', query: `include=products,main_image,categories,files,brands,${UNSUPPORTED}` },
  { target: 'without', query: 'include=products' },
  { target: 'without', query: `include=${UNSUPPORTED}%2C${MADE_UP}other` },
  { target: 'without', query: `include=PRODUCTS,%20products,products,${MADE_UP}a,${MADE_UP}b,${MADE_UP}c` },
  { target: 'products', query: 'page[limit]=1&include=categories,main_image' },
  { target: 'products', query: `include=${UNSUPPORTED}&page[limit]=5` },
  { target: 'products', query: 'include=categories&include=categories,main_image&page[limit]=10' },
  { target: 'products', query: 'include=main_image%2Ccategories%2Cfiles&page[limit]=100' },
  // As many names as the soft limit (§8: 5), the boundary a server must still serve.
  {
    target: 'products',
    query: `include=files,categories,main_image,${MADE_UP}four,${MADE_UP}five&page[limit]=1&page[offset]=1`,
  },
];

/** Include values drawn for a target: one to eight names, sometimes over two keys (their encodings are the catalogue's). */
function spellings(): fc.Arbitrary<Spelling> {
  const targets = fc.constantFrom<Target>('without', 'with', 'large', 'products', 'products');
  return targets.chain((target) => {
    const related = target === 'products' ? ['categories', 'main_image', 'files'] : ['products'];
    const madeUp = fc.stringMatching(/^[a-z]{1,8}$/).map((s) => `${MADE_UP}${s}`);
    const respelt = fc.constantFrom(...related).chain((n) =>
      // Near misses: in another case, with spaces around, singular for plural and plural for singular, and a
      // relationship path through it (JSON:API's `a.b`, which §4.3 does not show).
      fc.constantFrom(
        n.toUpperCase(),
        `${n[0]?.toUpperCase()}${n.slice(1)}`,
        ` ${n}`,
        `${n} `,
        n.endsWith('s') ? n.slice(0, -1) : `${n}s`,
        `${n}.${n === 'products' ? 'categories' : 'products'}`,
      ),
    );
    const name = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...related) },
      { weight: 1, arbitrary: fc.constantFrom('products', 'categories', 'main_image', 'files', 'brands') },
      { weight: 2, arbitrary: madeUp },
      { weight: 1, arbitrary: respelt },
    );
    const names = fc.oneof(
      { weight: 3, arbitrary: fc.shuffledSubarray(related, { minLength: Math.min(2, related.length) }) },
      { weight: 1, arbitrary: fc.array(madeUp, { minLength: 1, maxLength: 3 }) },
      { weight: 3, arbitrary: fc.array(name, { minLength: 1, maxLength: 4 }) },
      { weight: 1, arbitrary: fc.array(name, { minLength: 5, maxLength: 8 }) },
    );
    const page = fc.record({
      limit: fc.oneof(fc.constantFrom(1, 2, 5), fc.integer({ min: 1, max: 100 })),
      offset: fc.nat(9),
    });
    return fc
      .record({
        names,
        split: fc.nat(9),
        page: target === 'products' ? fc.option(page, { nil: undefined }) : fc.constant(undefined),
      })
      .map(({ names, split, page }) => {
        const values =
          split > 0 && split < names.length ? [names.slice(0, split), names.slice(split)] : [names];
        const include = values.map((v) => `include=${v.map(encodeURIComponent).join(',')}`);
        const paging = page ? [`page[limit]=${page.limit}`, `page[offset]=${page.offset}`] : [];
        return { target, query: [...include, ...paging].join('&'), drawn: true as const };
      });
  });
}

const show = (s: Spelling) =>
  `GET ${s.target === 'products' ? '/v2/products' : `/v2/categories/:${s.target}`}?${s.query}`;

export function includeProbes(run: SuiteRun): void {
  const { settings, api, known } = run;

  const records = once(async () => {
    if (settings.readOnly) {
      const { categoryWithoutProducts: without, categoryWithProducts: with_ } = settings.existingIds;
      return { without, with: with_, product: undefined };
    }
    const tag = settings.runTag;
    const [without, withOne, product, gone, dropped] = await Promise.all([
      createCategory(run),
      createCategory(run),
      createProduct(run, productBody(tag, {}, { price: SEVERAL_PRICES }), productBody(tag)),
      createProduct(run),
      createCategory(run),
    ]);
    await Promise.all([
      linkProductToCategory(run, product.id, withOne.id, dropped.id),
      linkProductToCategory(run, gone.id, withOne.id),
    ]);
    await Promise.all([
      removeRecord(run, { kind: 'product', id: gone.id }),
      removeRecord(run, { kind: 'category', id: dropped.id }),
    ]);
    return { without: without.id, with: withOne.id, product: product.id };
  });

  /** Deep: a category of {@link LARGE} products, the first also in the category with one. */
  const large = once(async () => {
    const { product } = await records();
    if (!product) return undefined;
    const [category, ...others] = await Promise.all([
      createCategory(run),
      ...Array.from({ length: LARGE - 1 }, () => createProduct(run)),
    ]);
    const ids = [product, ...others.map((p) => p.id)];
    await Promise.all(ids.map((id) => linkProductToCategory(run, id, category.id)));
    return category.id;
  });

  /** The request of a spelling, once the records exist (the listing shows them too). */
  const pathOf = async ({ target, query, drawn }: Spelling) => {
    const made = await records();
    const largeId = drawn ? await large() : undefined;
    if (target === 'products') return `/v2/products?${query}`;
    const id = target === 'large' ? largeId : made[target];
    if (!id) skip(`read-only mode: no category ${target} products (CONFORMANCE_*CATEGORY_ID)`);
    return `/v2/categories/${id}?${query}`;
  };

  probe(
    'include spellings on a category and the products listing',
    { show, gate: GATE, deep: { row: 'includes/spellings', arbitrary: spellings() } },
    async (spelling) => {
      const names = new URLSearchParams(spelling.query).getAll('include').flatMap((v) => v.split(','));
      for (const name of names) if (name.trim().startsWith(MADE_UP)) known.includeMadeUp(name);
      await api.get(await pathOf(spelling));
    },
  );
}
