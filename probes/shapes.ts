/**
 * The deep profile's catalog records of generated shapes (`probes/space/shapes.ts`), made (plain if refused)
 * and read wherever §4 shows them, beside a category of more than {@link MANY_PRODUCTS} products.
 */
import fc from 'fast-check';
import { CATEGORIES, PRODUCTS } from '../helpers/catalogue/endpoints.ts';
import { probe } from '../helpers/check/check.ts';
import { pageLimits, priceLists } from '../helpers/inputs/arbitraries.ts';
import { showText, textsOf } from '../helpers/inputs/text.ts';
import { pagePath, viewPage } from '../helpers/listing/page.ts';
import { type CategoryShape, type ProductShape, productBody } from '../helpers/provisioning/bodies.ts';
import { createCategory, createProduct, linkProductToCategory } from '../helpers/provisioning/create.ts';
import { once } from '../helpers/provisioning/once.ts';
import type { SuiteRun } from '../helpers/run/suite.ts';
import { MANY_PRODUCTS } from './space/shapes.ts';

/** One input: a product, a category of its own (or none), a page length. */
interface Catalog {
  readonly product: ProductShape;
  readonly category?: CategoryShape;
  readonly limit: number;
}

const text = () => textsOf({ type: 'string' });

/** The text after the run tag, spaces before the text kept before the tag. */
export const tagged = (tag: string, value: string) => {
  const before = /^ */.exec(value)?.[0] ?? '';
  return `${before}[${tag}] ${value.slice(before.length)}`;
};

function products(tag: string): fc.Arbitrary<Catalog['product']> {
  const sometimes = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined, freq: 3 });
  return fc
    .record({
      name: text(),
      description: fc.oneof({ weight: 5, arbitrary: text() }, fc.constant('')),
      price: priceLists(),
      manage_stock: fc.boolean(),
      commodity_type: fc.constantFrom('physical', 'physical', 'digital'),
      // Slugs and skus of other alphabets are refused by many targets (then the product is made plain).
      slug: sometimes(text()),
      sku: sometimes(text()),
    })
    .map(({ name, slug, sku, ...shape }) => ({
      ...shape,
      name: tagged(tag, name),
      ...(slug === undefined ? {} : { slug: tagged(tag, slug) }),
      ...(sku === undefined ? {} : { sku: tagged(tag, sku) }),
    }));
}

function catalogs(tag: string): fc.Arbitrary<Catalog> {
  const category = fc
    .record({
      name: text(),
      description: fc.oneof({ weight: 5, arbitrary: text() }, fc.constant('')),
      slug: fc.option(text(), { nil: undefined, freq: 3 }),
    })
    .map(({ name, description, slug }) => ({
      name: tagged(tag, name),
      description,
      ...(slug === undefined ? {} : { slug: tagged(tag, slug) }),
    }));
  return fc.record({
    product: products(tag),
    category: fc.option(category, { nil: undefined, freq: 4 }),
    limit: pageLimits(),
  });
}

const show = ({ product, category, limit }: Catalog) =>
  `product ${showText(String(product.name))} with ${product.price?.length} price(s) ${JSON.stringify(product.price)}${category ? `, in category ${showText(String(category.name))}` : ''}; pages of ${limit}`;

export function shapeProbes(run: SuiteRun): void {
  const { settings, api } = run;
  if (settings.depth !== 'deep') return;
  const tag = settings.runTag;
  const made = (shape: ProductShape) => createProduct(run, productBody(tag, {}, shape), productBody(tag));

  /** The category of many products, each of a shape drawn with the run's seed. */
  const many = once(async () => {
    const shapes = fc.sample(products(tag), { seed: settings.seed, numRuns: MANY_PRODUCTS + 1 });
    const [category, ...members] = await Promise.all([createCategory(run), ...shapes.map(made)]);
    await Promise.all(members.map((p) => linkProductToCategory(run, p.id, category.id)));
    return category.id;
  });

  const ends = async (endpoint: string, limit: number) => {
    const spelling = endpoint === PRODUCTS ? { include: 'categories' } : {};
    const first = await api.get(pagePath(endpoint, { limit, offset: 0 }, spelling));
    const total = viewPage(first.json).resultsTotal;
    if (total !== undefined && total > limit)
      await api.get(pagePath(endpoint, { limit, offset: total - limit }, spelling));
  };

  probe(
    'catalog records of generated shapes, read where §4 shows them',
    { show, deep: { row: 'shapes/catalog', arbitrary: catalogs(tag) } },
    async ({ product, category, limit }) => {
      const [manyId, own, item] = await Promise.all([
        many(),
        category ? createCategory(run, category) : undefined,
        made(product),
      ]);
      if (own) await linkProductToCategory(run, item.id, own.id);
      await Promise.all([
        api.get(`/v2/categories/${manyId}`),
        api.get(`/v2/categories/${manyId}?include=products`),
        own && api.get(`/v2/categories/${own.id}?include=products`),
        ends(CATEGORIES, limit),
        ends(PRODUCTS, limit),
      ]);
    },
    { writes: true },
  );
}
