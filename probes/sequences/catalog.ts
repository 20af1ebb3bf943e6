/**
 * Model-based sequences over the states of the catalog (§2.3, §2.4, §4.3; `probes/space/transitions.ts`), deep:
 * links and deletes on two new categories and two new products, reads after each delete, every step judged by
 * every exchange rule with the run's knowledge as the model; fast-check shrinks a failing sequence.
 */
import fc from 'fast-check';
import { probe } from '../../helpers/check/check.ts';
import {
  createCategory,
  createProduct,
  linkProductToCategory,
  removeRecord,
} from '../../helpers/provisioning/create.ts';
import type { SuiteRun } from '../../helpers/run/suite.ts';
import { lanes, showSequence, steps } from './sequence.ts';

const RECORDS = 2;
const STEPS = 7;

interface Item {
  readonly id: string;
  deleted: boolean;
}

/** A sequence's categories and products, and which products each category was linked to. */
interface Model {
  readonly categories: readonly Item[];
  readonly products: readonly (Item & { readonly categories: Set<number> })[];
}

type Command = fc.AsyncCommand<Model, SuiteRun>;

const nth = (i: number) => ['first', 'second'][i] ?? `#${i + 1}`;
const readCategory = (run: SuiteRun, id: string, include: boolean) =>
  run.api.get(`/v2/categories/${id}${include ? '?include=products' : ''}`);
const listProducts = (run: SuiteRun) => run.api.get('/v2/products?include=categories&page[limit]=100');

class Link implements Command {
  constructor(
    readonly product: number,
    readonly category: number,
  ) {}
  check = (m: Readonly<Model>) => !m.products[this.product]?.deleted && !m.categories[this.category]?.deleted;
  async run(m: Model, run: SuiteRun) {
    const product = m.products[this.product] as Model['products'][number];
    await linkProductToCategory(run, product.id, (m.categories[this.category] as Item).id);
    product.categories.add(this.category);
  }
  toString = () => `link the ${nth(this.product)} product to the ${nth(this.category)} category`;
}

/** Deletes a product (again, once deleted: RESTler's use-after-free), then reads the categories it was linked to. */
class DeleteProduct implements Command {
  constructor(readonly product: number) {}
  check = () => true;
  async run(m: Model, run: SuiteRun) {
    const product = m.products[this.product] as Model['products'][number];
    product.deleted ||= (await removeRecord(run, { kind: 'product', id: product.id })).ok;
    for (const c of product.categories) await readCategory(run, (m.categories[c] as Item).id, true);
  }
  toString = () => `delete the ${nth(this.product)} product`;
}

/** Deletes a category (again, once deleted), then lists the products with their categories when it related some. */
class DeleteCategory implements Command {
  constructor(readonly category: number) {}
  check = () => true;
  async run(m: Model, run: SuiteRun) {
    const category = m.categories[this.category] as Item;
    category.deleted ||= (await removeRecord(run, { kind: 'category', id: category.id })).ok;
    if (m.products.some((p) => !p.deleted && p.categories.has(this.category))) await listProducts(run);
  }
  toString = () => `delete the ${nth(this.category)} category`;
}

class ReadCategory implements Command {
  constructor(
    readonly category: number,
    readonly include: boolean,
  ) {}
  check = () => true;
  async run(m: Model, run: SuiteRun) {
    await readCategory(run, (m.categories[this.category] as Item).id, this.include);
  }
  toString = () => `read the ${nth(this.category)} category${this.include ? ' with include=products' : ''}`;
}

class ListProducts implements Command {
  check = () => true;
  async run(_m: Model, run: SuiteRun) {
    await listProducts(run);
  }
  toString = () => 'list the products with include=categories';
}

function sequences() {
  const index = fc.nat(RECORDS - 1);
  const command = fc.oneof(
    { weight: 4, arbitrary: fc.tuple(index, index).map(([p, c]) => new Link(p, c)) },
    { weight: 2, arbitrary: index.map((p) => new DeleteProduct(p)) },
    { weight: 2, arbitrary: index.map((c) => new DeleteCategory(c)) },
    { weight: 2, arbitrary: fc.tuple(index, fc.boolean()).map(([c, i]) => new ReadCategory(c, i)) },
    { weight: 1, arbitrary: fc.constant(null).map(() => new ListProducts()) },
  );
  return fc.commands([command as fc.Arbitrary<Command>], { maxCommands: STEPS });
}

/** Declares the deep profile's catalog sequences: a probe, every rule judging what they send. */
export function catalogSequences(run: SuiteRun): void {
  if (run.settings.depth !== 'deep' || run.settings.readOnly) return;
  const inTurn = lanes(3);
  probe(
    'sequences of links and deletes on new categories and products (model-based, fc.commands)',
    {
      show: (commands) => showSequence(`${RECORDS} new categories and ${RECORDS} new products`, commands),
      deep: {
        row: 'sequences/catalog',
        arbitrary: sequences(),
        // First the states a link and a delete reach: a record whose one related record is deleted, read back.
        classes: [
          [new Link(0, 0), new DeleteProduct(0)],
          [new Link(0, 0), new DeleteCategory(0)],
        ].map((commands) => fc.constant(commands)),
        size: steps,
      },
    },
    (commands) =>
      inTurn(async () => {
        const made = await Promise.all([
          ...Array.from({ length: RECORDS }, () => createCategory(run)),
          ...Array.from({ length: RECORDS }, () => createProduct(run)),
        ]);
        const model: Model = {
          categories: made.slice(0, RECORDS).map((c) => ({ id: c.id, deleted: false })),
          products: made.slice(RECORDS).map((p) => ({ id: p.id, deleted: false, categories: new Set() })),
        };
        await fc.asyncModelRun(() => ({ model, real: run }), commands);
      }),
    { writes: true },
  );
}
