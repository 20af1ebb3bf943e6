/**
 * The states of the catalogue's records and of integrations (§2.3, §2.4, §4.2, §4.3, provisioning.md), as what
 * each holds: a category the products linked to it, a product the categories it is linked to, each still there
 * or deleted since, in the order they were linked; an integration its history. Any of them may itself be
 * deleted. A point is a pair `kind (state): action`, the state one that at most two actions reach from a new
 * record, the action any it can take from there: a link (of a new record, or again of one it holds), a delete
 * of a record it holds, its own delete (again, once deleted: RESTler's use-after-free), its reads, and its writes
 * sent without valid credentials. A link to a deleted record is none: whether a target refuses it is not shown.
 * The deep sequences (`probes/sequences/records.ts`) drive new records to the pairs not visited yet.
 */
import { CATEGORIES, CATEGORY, INTEGRATION, PRODUCTS } from '../../helpers/catalogue/endpoints.ts';
import type { Exchange } from '../../helpers/http/journal.ts';
import { isObject } from '../../helpers/http/response.ts';
import type { Dimension } from '../../helpers/inputs/coverage.ts';
import { type Machine, pointId, pointsOf } from './machine.ts';

export type RecordKind = 'category' | 'product' | 'integration';

/** What a record holds: whether it was deleted, and the records linked to it, each still there or deleted. */
export interface Holding {
  readonly deleted: boolean;
  readonly related: readonly ('live' | 'deleted')[];
}

export type RecordAction =
  /** A link of a new record (`at` undefined), or again of the one it holds at `at`. */
  | { readonly kind: 'link'; readonly at?: number }
  | { readonly kind: 'delete related'; readonly at: number }
  | { readonly kind: 'delete' }
  | { readonly kind: 'read'; readonly read: string }
  | { readonly kind: 'refuse'; readonly write: 'link' | 'delete' };

/** Each kind's related kind (none: it links nothing) and reads, and whether a deleted one is read. */
const KINDS: Readonly<
  Record<RecordKind, { readonly other?: string; readonly reads: readonly string[]; readsDeleted: boolean }>
> = {
  category: { other: 'product', reads: ['read', 'read with include=products'], readsDeleted: true },
  // A deleted product is in no listing: no read of one follows its delete.
  product: { other: 'category', reads: ['list with include=categories'], readsDeleted: false },
  integration: { reads: ['read'], readsDeleted: true },
};

export function machineOf(kind: RecordKind): Machine<Holding, RecordAction> {
  const { other, reads, readsDeleted } = KINDS[kind];
  const read = (readsDeleted ? reads : []).map((r) => ({ kind: 'read', read: r }) as const);
  const live = (s: Holding) => s.related.flatMap((r, at) => (r === 'live' ? [at] : []));
  return {
    start: { deleted: false, related: [] },
    actionsFrom: (s) =>
      s.deleted
        ? [{ kind: 'delete' }, ...read]
        : [
            ...(other === undefined
              ? []
              : [
                  { kind: 'link' } as const,
                  ...live(s).map((at) => ({ kind: 'link', at }) as const),
                  ...live(s).map((at) => ({ kind: 'delete related', at }) as const),
                  { kind: 'refuse', write: 'link' } as const,
                ]),
            { kind: 'delete' },
            ...reads.map((r) => ({ kind: 'read', read: r }) as const),
            { kind: 'refuse', write: 'delete' },
          ],
    after: (s, a) => {
      if (a.kind === 'link' && a.at === undefined && !s.deleted)
        return { ...s, related: [...s.related, 'live'] };
      if (a.kind === 'delete related' && s.related[a.at] === 'live')
        return { ...s, related: s.related.map((r, i) => (i === a.at ? 'deleted' : r)) };
      return a.kind === 'delete' && !s.deleted ? { ...s, deleted: true } : s;
    },
    showState: (s) => {
      const held = s.related.map((r, i) => `${other} ${i + 1} ${r}`);
      const state = [...(s.deleted ? ['deleted'] : []), ...(other === undefined ? [] : held)];
      return `${kind} (${state.join(', ') || (other === undefined ? 'new' : `no ${other}`)})`;
    },
    showAction: (a) => {
      switch (a.kind) {
        case 'link':
          return a.at === undefined ? `link a new ${other}` : `link ${other} ${a.at + 1} again`;
        case 'delete related':
          return `delete ${other} ${a.at + 1}`;
        case 'delete':
          return 'delete';
        case 'read':
          return a.read;
        case 'refuse':
          return `${a.write === 'link' ? `link a new ${other}` : 'delete'} without valid credentials`;
      }
    },
  };
}

export const RECORD_MACHINES = {
  category: machineOf('category'),
  product: machineOf('product'),
  integration: machineOf('integration'),
} as const;

/**
 * The gate's covering set: every action from one state where its probes take it (their categories with products
 * are read in states three actions reach: one linked product, another deleted).
 */
const GATE = new Set([
  'category (no product): link a new product',
  'category (no product): read',
  'category (no product): read with include=products',
  'category (no product): delete',
  'category (product 1 live): delete product 1',
  'product (no category): link a new category',
  'product (no category): delete',
  'product (category 1 live): list with include=categories',
  'integration (new): read',
  'integration (new): delete',
  'integration (new): delete without valid credentials',
  'integration (deleted): read',
  'integration (deleted): delete',
]);

const points = Object.values(RECORD_MACHINES).flatMap((m) => pointsOf(m, GATE));
const ids = new Set(points.map((p) => p.id));

/** A record as the journal shows it: what it holds (undefined: not known since an odd answer), the related ids. */
interface Followed {
  readonly kind: RecordKind;
  state: Holding | undefined;
  readonly related: string[];
}

const lower = (id: unknown) => (typeof id === 'string' ? id.toLowerCase() : '');
const asks = (x: Exchange, name: string) => x.query.all('include').some((v) => v.split(',').includes(name));
const MADE: Readonly<Record<string, RecordKind>> = {
  [`POST ${CATEGORIES}`]: 'category',
  [`POST ${PRODUCTS}`]: 'product',
  'POST /v2/integrations': 'integration',
};

/** The actions an exchange is on the records it names, each with the id it adds to what the record holds. */
function actionsOf(x: Exchange, records: Map<string, Followed>) {
  // The token respelt (`bearer`) may be refused: served, it is the token's; refused, it changed nothing.
  const token = x.credentials === 'token' || (x.credentials === 'respelled' && x.response?.ok === true);
  if (!token && x.credentials !== 'none' && x.credentials !== 'other') return [];
  const acts: { record: Followed | undefined; action: RecordAction | undefined; adds?: string }[] = [];
  /** The action on the record `id` names, when it is one of `kind` (an id of another kind names none). */
  const on = (
    kind: RecordKind,
    id: string,
    action: (r: Followed) => RecordAction | undefined,
    adds?: string,
  ) => {
    const record = records.get(id)?.kind === kind ? records.get(id) : undefined;
    acts.push({ record, action: record && action(record), ...(adds === undefined ? {} : { adds }) });
  };
  const id = lower(x.params.id);
  /** The delete of `id`, and of a record it holds for each record that holds it. */
  const deleting = (kind: RecordKind) => {
    on(kind, id, () => (token ? { kind: 'delete' } : { kind: 'refuse', write: 'delete' }));
    if (!token || records.get(id)?.kind !== kind) return;
    for (const r of records.values()) {
      const at = r.related.indexOf(id);
      if (at >= 0 && r.state?.related[at] === 'live')
        acts.push({ record: r, action: { kind: 'delete related', at } });
    }
  };
  switch (`${x.method} ${x.template}`) {
    case 'POST /v2/products/:productId/relationships/categories': {
      const product = lower(x.params.productId);
      const data = isObject(x.body) ? x.body.data : undefined;
      const categories = Array.isArray(data) ? data.map((c) => (isObject(c) ? lower(c.id) : '')) : [];
      const link = (r: Followed, other: string): RecordAction => {
        if (!token) return { kind: 'refuse', write: 'link' };
        const at = r.related.indexOf(other);
        return at < 0 ? { kind: 'link' } : { kind: 'link', at };
      };
      // A product linked to several categories at once took no action of its model.
      on(
        'product',
        product,
        (r) => (categories.length === 1 ? link(r, categories[0] as string) : undefined),
        categories[0],
      );
      for (const c of categories) on('category', c, (r) => link(r, product), product);
      break;
    }
    case 'DELETE /v2/products/:id':
      deleting('product');
      break;
    case `DELETE ${CATEGORY}`:
      deleting('category');
      break;
    case `DELETE ${INTEGRATION}`:
      deleting('integration');
      break;
    case `GET ${CATEGORY}`:
      if (token)
        on('category', id, () => ({
          kind: 'read',
          read: asks(x, 'products') ? 'read with include=products' : 'read',
        }));
      break;
    case `GET ${INTEGRATION}`:
      if (token) on('integration', id, () => ({ kind: 'read', read: 'read' }));
      break;
    case `GET ${PRODUCTS}`: {
      const listed = token && asks(x, 'categories') && Array.isArray(x.response?.data) ? x.response.data : [];
      for (const p of listed)
        on('product', isObject(p) ? lower(p.id) : '', () => ({
          kind: 'read',
          read: 'list with include=categories',
        }));
    }
  }
  return acts;
}

export const RECORD_STATES: Dimension = {
  name: 'record states',
  title:
    'Every action a category, a product or an integration can take from each state two actions reach (§2, §4)',
  points,
  visits: (x, memory) => {
    const records =
      (memory.get('records') as Map<string, Followed> | undefined) ?? new Map<string, Followed>();
    memory.set('records', records);
    const made = MADE[`${x.method} ${x.template}`];
    const data = x.response?.ok && x.credentials === 'token' ? x.response.data : undefined;
    if (made && isObject(data) && lower(data.id))
      records.set(lower(data.id), { kind: made, state: { deleted: false, related: [] }, related: [] });
    const visited: string[] = [];
    for (const { record, action, adds } of actionsOf(x, records)) {
      if (!record) continue;
      const m = RECORD_MACHINES[record.kind];
      const was = record.state;
      if (was && action && ids.has(pointId(m, was, action))) visited.push(pointId(m, was, action));
      // What the action leaves: what the specification expects when it succeeded; a 4xx leaves the record as it was.
      if (!was || !action) record.state = undefined;
      else if (x.response?.ok && action.kind !== 'refuse') {
        record.state = m.after(was, action);
        if (record.state.related.length > record.related.length) record.related.push(adds as string);
      } else if (x.response?.statusClass !== '4xx') record.state = undefined;
    }
    return visited;
  },
};
