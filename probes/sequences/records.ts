/**
 * The ways to the states of categories, products and integrations (`probes/space/records.ts`), deep: each on a
 * new record, the shortest way to a state, then an action not visited yet; just before the change a way ends
 * with, and at its end, the record and what it holds are read in each view (a category with include=products, the products with include=categories). Every
 * step is judged by every exchange rule, the run's knowledge as the model.
 */
import fc from 'fast-check';
import { MISSING } from '../../helpers/auth/lookalikes.ts';
import { probe } from '../../helpers/check/check.ts';
import { writingListing } from '../../helpers/listing/gate.ts';
import {
  createCategory,
  createIntegration,
  createProduct,
  linkProductToCategory,
  removeRecord,
} from '../../helpers/provisioning/create.ts';
import { deletePathOf, LISTING_OF } from '../../helpers/provisioning/ledger.ts';
import type { SuiteRun } from '../../helpers/run/suite.ts';
import { endsWithChange, plans } from '../space/machine.ts';
import { RECORD_MACHINES, RECORD_STATES, type RecordAction, type RecordKind } from '../space/records.ts';
import { showSequence } from './sequence.ts';

interface Way {
  readonly kind: RecordKind;
  readonly actions: readonly RecordAction[];
}

/** The way's record and the records linked to it, in the order they were made. */
interface World {
  readonly kind: RecordKind;
  readonly id: string;
  readonly related: string[];
}

const readCategory = (run: SuiteRun, id: string, include: boolean) =>
  run.api.get(`/v2/categories/${id}${include ? '?include=products' : ''}`);
const listProducts = (run: SuiteRun) => run.api.get('/v2/products?include=categories&page[limit]=100');
const make = (run: SuiteRun, kind: RecordKind) =>
  (kind === 'product'
    ? createProduct(run)
    : kind === 'category'
      ? createCategory(run)
      : createIntegration(run)
  ).then((made) => made.id);

/** Sends one action of the way's record. */
async function step(run: SuiteRun, w: World, a: RecordAction): Promise<void> {
  const other = w.kind === 'category' ? 'product' : 'category';
  /** The product and the category of a link between the record and `related`. */
  const pair = (related: string) =>
    (w.kind === 'category' ? [related, w.id] : [w.id, related]) as [string, string];
  switch (a.kind) {
    case 'link': {
      if (a.at === undefined) {
        const id = await make(run, other);
        w.related.push(id);
        return linkProductToCategory(run, ...pair(id));
      }
      // Again: a target may refuse it (whether a link is added twice is not shown), so sent as is.
      const [product, category] = pair(w.related[a.at] as string);
      run.known.categoryChanging(category);
      const answer = await run.api.post(`/v2/products/${product}/relationships/categories`, {
        json: { data: [{ type: 'category', id: category }] },
      });
      if (answer.ok) run.known.categoryChanged(category, product);
      return;
    }
    case 'delete related':
      await removeRecord(run, { kind: other, id: w.related[a.at] as string });
      return;
    case 'delete':
      await removeRecord(run, { kind: w.kind, id: w.id });
      return;
    case 'read':
      if (w.kind === 'product') await listProducts(run);
      else if (w.kind === 'category') await readCategory(run, w.id, a.read.includes('include'));
      else await run.api.get(`/v2/integrations/${w.id}`);
      return;
    case 'refuse': {
      if (a.write === 'delete') {
        const send = () => run.api.delete(deletePathOf(w.kind, w.id), { auth: MISSING.auth });
        await (w.kind === 'integration' ? send() : writingListing(LISTING_OF[w.kind], send));
        return;
      }
      const [product, category] = pair(await make(run, other));
      run.known.categoryChanging(category);
      await run.api.post(`/v2/products/${product}/relationships/categories`, {
        json: { data: [{ type: 'category', id: category }] },
        auth: MISSING.auth,
      });
    }
  }
}

/** The record and what it holds, read in each view at the way's end. */
async function readBack(run: SuiteRun, w: World): Promise<void> {
  if (w.kind === 'integration') return void (await run.api.get(`/v2/integrations/${w.id}`));
  const categories = w.kind === 'category' ? [w.id] : w.related;
  for (const id of categories) await readCategory(run, id, true);
  await listProducts(run);
}

/** Declares the ways to the record states: a probe, every rule judging what they send. */
export function recordSequences(run: SuiteRun): void {
  if (run.settings.depth !== 'deep' || run.settings.readOnly) return;
  const ways = (visited: ReadonlySet<string>): Way[] =>
    (Object.keys(RECORD_MACHINES) as RecordKind[]).flatMap((kind) =>
      plans(RECORD_MACHINES[kind], visited).map((actions) => ({ kind, actions })),
    );
  probe(
    'the ways to each (state, action) pair of a category, a product and an integration, then read back',
    {
      show: (way: Way) =>
        `${showSequence(`a new ${way.kind}`, way.actions.map(RECORD_MACHINES[way.kind].showAction))}; then read back`,
      deep: {
        row: 'states/records',
        arbitrary: fc.constantFrom(...ways(new Set())),
        // First the ways to the pairs not visited yet.
        classes: () => ways(new Set(run.coverage.visits()[RECORD_STATES.name])).map((w) => fc.constant(w)),
        size: (way) => way.actions.length,
        classesOnly: true,
      },
    },
    async (way) => {
      const w: World = { kind: way.kind, id: await make(run, way.kind), related: [] };
      for (const [k, a] of way.actions.entries()) {
        // The change a way ends with is seen from both sides: read back just before it, and after.
        if (k === way.actions.length - 1 && endsWithChange(RECORD_MACHINES[way.kind], way.actions))
          await readBack(run, w);
        await step(run, w, a);
      }
      await readBack(run, w);
    },
    { writes: true },
  );
}
