/**
 * The states of the records and their transitions (§3, §4, provisioning.md): a point is a pair
 * `resource: A → B`, operation B on a record after A succeeded on it, visited in journal order over one suite
 * file. The gate covers the pairs its probes reach; the deep sequences (`probes/sequences/`) sample the rest.
 */
import { CATEGORIES, CATEGORY, INTEGRATION, PRODUCTS } from '../../helpers/catalogue/endpoints.ts';
import type { Exchange } from '../../helpers/http/journal.ts';
import { isObject } from '../../helpers/http/response.ts';
import type { Dimension, Point } from '../../helpers/inputs/coverage.ts';

/** A resource's state machine: what makes a record and changes it (`from`), what is sent to it (`to`). */
interface Machine {
  readonly from: readonly string[];
  readonly to: readonly string[];
  /** The gate's covering set: `A → B` pairs. */
  readonly gate: readonly string[];
}

export const MACHINES: Readonly<Record<string, Machine>> = {
  category: {
    from: ['create', 'link a product', 'delete a related product', 'delete'],
    to: ['link a product', 'delete a related product', 'read', 'read with include=products', 'delete'],
    gate: [
      'create → link a product',
      'create → read with include=products',
      'link a product → read with include=products',
      'link a product → delete a related product',
      'delete a related product → read with include=products',
      'create → delete',
    ],
  },
  product: {
    from: ['create', 'link to a category', 'delete a related category', 'delete'],
    to: ['link to a category', 'delete a related category', 'list with include=categories', 'delete'],
    gate: [
      'create → link to a category',
      'link to a category → delete a related category',
      'delete a related category → list with include=categories',
      'create → delete',
    ],
  },
  'products listing': { from: ['create', 'delete'], to: ['read'], gate: ['create → read', 'delete → read'] },
  'categories listing': { from: ['create', 'delete'], to: ['read'], gate: ['create → read'] },
  integration: {
    from: ['create', 'delete'],
    to: ['read', 'delete'],
    gate: ['create → read', 'create → delete', 'delete → read'],
  },
};

/** A deleted product is in no listing: no read of one follows its delete. */
const NEVER = new Set(['product: delete → list with include=categories']);

const points: Point[] = Object.entries(MACHINES).flatMap(([resource, m]) =>
  m.from.flatMap((a) =>
    m.to.flatMap((b) => {
      const id = `${resource}: ${a} → ${b}`;
      return NEVER.has(id) ? [] : [{ id, gate: m.gate.includes(`${a} → ${b}`) }];
    }),
  ),
);

/** One operation an exchange is: on which record of which resource, and whether it changed its state. */
interface Operation {
  readonly resource: string;
  /** The record's id (none for a listing: one record). */
  readonly id: string;
  readonly op: string;
  /** It succeeded and changed the state: later operations on the record pair with it. */
  readonly changed: boolean;
}

const memory = () => ({
  /** The operations that changed each record, by `resource id`. */
  done: new Map<string, Set<string>>(),
  /** The categories each product is linked to. */
  links: new Map<string, Set<string>>(),
});
type Memory = ReturnType<typeof memory>;

const lower = (id: unknown) => (typeof id === 'string' ? id.toLowerCase() : '');
const idOf = (x: Exchange) => (isObject(x.response?.data) ? lower(x.response.data.id) : '');
const asks = (x: Exchange, name: string) => x.query.all('include').some((v) => v.split(',').includes(name));
const on = (resource: string, id: string, op: string, changed = false) => ({ resource, id, op, changed });

/** The operations of one exchange (none for what the state machines do not follow). */
function operationsOf(x: Exchange, m: Memory): Operation[] {
  if (x.credentials !== 'token') return [];
  const ok = x.response?.ok === true;
  const id = lower(x.params.id);
  switch (`${x.method} ${x.template}`) {
    case `POST ${PRODUCTS}`:
      return ok ? [on('product', idOf(x), 'create', true), on('products listing', '', 'create', true)] : [];
    case `POST ${CATEGORIES}`:
      return ok
        ? [on('category', idOf(x), 'create', true), on('categories listing', '', 'create', true)]
        : [];
    case 'POST /v2/integrations':
      return ok ? [on('integration', idOf(x), 'create', true)] : [];
    case 'POST /v2/products/:productId/relationships/categories': {
      const product = lower(x.params.productId);
      const data = isObject(x.body) ? x.body.data : undefined;
      const categories = Array.isArray(data) ? data.map((c) => (isObject(c) ? lower(c.id) : '')) : [];
      if (ok) m.links.set(product, new Set([...(m.links.get(product) ?? []), ...categories]));
      return [
        on('product', product, 'link to a category', ok),
        ...categories.map((c) => on('category', c, 'link a product', ok)),
      ];
    }
    case 'DELETE /v2/products/:id':
      return [
        on('product', id, 'delete', ok),
        on('products listing', '', 'delete', ok),
        ...[...(m.links.get(id) ?? [])].map((c) => on('category', c, 'delete a related product', ok)),
      ];
    case `DELETE ${CATEGORY}`:
      return [
        on('category', id, 'delete', ok),
        on('categories listing', '', 'delete', ok),
        ...[...m.links].flatMap(([p, cs]) =>
          cs.has(id) ? [on('product', p, 'delete a related category', ok)] : [],
        ),
      ];
    case `GET ${CATEGORY}`:
      return [on('category', id, asks(x, 'products') ? 'read with include=products' : 'read')];
    case `GET ${PRODUCTS}`: {
      const listed = ok && asks(x, 'categories') && Array.isArray(x.response?.data) ? x.response.data : [];
      return [
        on('products listing', '', 'read'),
        ...listed.map((p) => on('product', isObject(p) ? lower(p.id) : '', 'list with include=categories')),
      ];
    }
    case `GET ${CATEGORIES}`:
      return [on('categories listing', '', 'read')];
    case `GET ${INTEGRATION}`:
      return [on('integration', id, 'read')];
    case `DELETE ${INTEGRATION}`:
      return [on('integration', id, 'delete', ok)];
  }
  return [];
}

export const TRANSITIONS: Dimension = {
  name: 'transitions',
  title: 'Transition pairs of the records’ states (§3, §4, provisioning)',
  points,
  visits: (x, state) => {
    const m = (state.get('memory') as Memory | undefined) ?? memory();
    state.set('memory', m);
    const operations = operationsOf(x, m);
    const visited = operations.flatMap(({ resource, id, op }) =>
      MACHINES[resource]?.to.includes(op)
        ? [...(m.done.get(`${resource} ${id}`) ?? [])].map((a) => `${resource}: ${a} → ${op}`)
        : [],
    );
    for (const { resource, id, op, changed } of operations) {
      const record = `${resource} ${id}`;
      if (changed) m.done.set(record, new Set([...(m.done.get(record) ?? []), op]));
    }
    return visited;
  },
};
