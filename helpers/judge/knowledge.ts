/**
 * What the run knows that no single exchange shows (the records it made and with what, links, transactions,
 * made-up ids). Every fact carries the journal's clock when it was established, and a rule asks what
 * was known when the request it judges was sent.
 */
import { ACTIONS, CAPTURE, CATEGORY, INTEGRATION, LISTINGS, REFUND } from '../catalogue/endpoints.ts';
import { AFTER, MADE_BY, type Op, type Stage } from '../catalogue/stages.ts';
import type { Exchange } from '../http/journal.ts';
import { isObject } from '../http/response.ts';
import { missingPaginationMeta } from '../listing/page.ts';
import { ordinaryPage, pageParams } from '../listing/params.ts';
import { validate } from '../schema/registry.ts';

/** The fields of an integration create request's `data` that a read must give back unchanged. */
export type SentIntegration = Readonly<
  Record<'integration_type' | 'name' | 'description' | 'enabled' | 'observes', unknown> & {
    configuration: { readonly url: unknown };
  }
>;

interface Stamped<T> {
  readonly value: T;
  readonly since: number;
  /** When the record stopped being what the fact says (deleted, or a related record deleted). */
  until?: number;
  /** When a write of it was sent without valid credentials: whether it still exists is not known since. */
  unsure?: number;
}

/** UUIDs are compared without regard to case (RFC 9562 §4); other ids exactly. */
export function sameId(a: unknown, b: unknown): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  return a === b || (UUID.test(a) && a.toLowerCase() === b.toLowerCase());
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class Knowledge {
  readonly #integrations = new Map<string, Stamped<SentIntegration>>();
  /** `pending`: how many changes the run began on the category are not answered yet. */
  readonly #categories = new Map<string, Stamped<Set<string>> & { pending?: number }>();
  readonly #transactions = new Map<string, Stamped<string>>();
  readonly #orders = new Map<string, number>();
  /** Orders whose requests the run sends one at a time (`probes/sequences/orders.ts`). */
  readonly #sequenced = new Set<string>();
  /** The `transaction_type` the last action on a transaction of a sequenced order answered. */
  readonly #types = new Map<string, Stamped<string | undefined>>();
  /** What each transaction of a sequenced order is (undefined: not known since an action answered oddly). */
  readonly #stages = new Map<string, Stamped<Stage | undefined>>();
  readonly #madeUp = new Set<string>();
  readonly #madeUpTurns = new Map<string, number>();
  /** The records the run made (a transaction aside: `#transactions`), by id: their kind, and when deleted. */
  readonly #records = new Map<
    string,
    { readonly kind: RecordKind; readonly since: number; deleted?: number }
  >();
  readonly #madeUpIncludes = new Set<string>();
  /** When the run first saw an ordinary page of each listing with, and without, a valid listing envelope. */
  readonly #listings = new Map<string, { valid?: number; invalid?: number }>();
  /** The last read with the token of each sender, by the request it asks in any spelling. */
  readonly #reads = new Map<string, Exchange>();

  constructor(
    private readonly clock: () => number,
    /** Whether the run is the only client of its records (`false` for traffic the suite did not send). */
    readonly soleClient = true,
  ) {}

  /** Forgets the records of an earlier suite file (made-up ids and include names stay). */
  begin(): void {
    for (const facts of [this.#integrations, this.#categories, this.#transactions, this.#listings])
      facts.clear();
    for (const facts of [
      this.#orders,
      this.#reads,
      this.#sequenced,
      this.#types,
      this.#stages,
      this.#records,
    ])
      facts.clear();
  }

  /** The kind of a record the run made before `at` (a transaction aside), or undefined. */
  kindOf(id: string, at: number): RecordKind | undefined {
    const record = this.#records.get(key(id));
    return record && record.since < at ? record.kind : undefined;
  }

  /** Whether the run deleted the record before `at`. */
  isDeleted(id: string, at: number): boolean {
    const deleted = this.#records.get(key(id))?.deleted;
    return deleted !== undefined && deleted < at;
  }

  /** The ids of the run's records of a kind, the deleted ones or those that still exist. */
  recordsOf(kind: RecordKind, deleted = false): string[] {
    return [...this.#records]
      .filter(([, r]) => r.kind === kind && (r.deleted !== undefined) === deleted)
      .map(([id]) => id);
  }

  integrationCreated(id: string, sent: SentIntegration): void {
    this.#integrations.set(key(id), { value: sent, since: this.clock() });
  }

  /** The values the run created the integration with, when known for a request sent at `at`. */
  integration(id: string, at: number): { sent: SentIntegration; deleted: boolean } | undefined {
    const fact = this.#integrations.get(key(id));
    if (!fact || fact.since >= at || (fact.unsure !== undefined && fact.unsure < at)) return undefined;
    return { sent: fact.value, deleted: fact.until !== undefined && fact.until < at };
  }

  /** Something the suite did not send changed the integration: its values are no longer known. */
  integrationChanged(id: string): void {
    const fact = this.#integrations.get(key(id));
    if (fact) fact.unsure ??= this.clock();
  }

  categoryCreated(id: string): void {
    this.#categories.set(key(id), { value: new Set(), since: this.clock() });
  }

  /**
   * The run is about to change what the category relates (a link, a delete): unknown until each change begun is
   * answered ({@link categoryChanged}); one never answered keeps it unknown.
   */
  categoryChanging(categoryId: string): void {
    const fact = this.#categories.get(key(categoryId));
    if (fact) fact.pending = (fact.pending ?? 0) + 1;
  }

  /** The run is about to delete a product: the categories relating it are changing (returned). */
  productChanging(productId: string): string[] {
    const touched = [...this.#categories].filter(([, fact]) => fact.value.has(key(productId)));
    for (const [id] of touched) this.categoryChanging(id);
    return touched.map(([id]) => id);
  }

  /** A change of the category the run began is answered: it relates `linked` too, when given. */
  categoryChanged(categoryId: string, linked?: string): void {
    const fact = this.#categories.get(key(categoryId));
    if (!fact) return;
    const value = linked === undefined ? fact.value : new Set(fact.value).add(key(linked));
    const pending = Math.max(0, (fact.pending ?? 0) - 1);
    this.#categories.set(key(categoryId), { ...fact, value, since: this.clock(), pending });
  }

  /** The products of one of the run's categories, when established before `at` and unchanged since. */
  categoryProducts(id: string, at: number): ReadonlySet<string> | undefined {
    const fact = this.#categories.get(key(id));
    if (!fact || fact.since >= at || fact.until !== undefined || fact.pending) return undefined;
    return fact.value;
  }

  /** The run's categories a product is linked to and the others, when all are known at `at`. */
  productCategories(productId: string, at: number): { linked: string[]; others: string[] } | undefined {
    const linked: string[] = [];
    const others: string[] = [];
    for (const id of this.#categories.keys()) {
      const products = this.categoryProducts(id, at);
      if (!products) return undefined;
      (products.has(key(productId)) ? linked : others).push(id);
    }
    return linked.length > 0 ? { linked, others } : undefined;
  }

  orderMade(id: string): void {
    this.#orders.set(key(id), this.clock());
  }

  isRunOrder(id: string, at: number): boolean {
    const since = this.#orders.get(key(id));
    return since !== undefined && since < at;
  }

  /** A transaction the run's payment made on an order (through `gateway`, when known). */
  transactionMade(orderId: string, transactionId: string, gateway?: string): void {
    if (this.#transactions.has(key(transactionId))) return;
    this.#transactions.set(key(transactionId), { value: key(orderId), since: this.clock() });
    const stage = gateway === undefined ? undefined : MADE_BY[gateway];
    if (stage && this.#sequenced.has(key(orderId)))
      this.#stages.set(key(transactionId), { value: stage, since: this.clock() });
  }

  orderOf(transactionId: string, at: number): string | undefined {
    const fact = this.#transactions.get(key(transactionId));
    return fact && fact.since < at ? fact.value : undefined;
  }

  /** The run sends the order's requests one at a time from now on: each action's answer is its state. */
  orderSequenced(id: string): void {
    this.#sequenced.add(key(id));
  }

  /** The `transaction_type` the last action on a sequenced order's transaction answered before `at` (§3). */
  transactionType(id: string, at: number): string | undefined {
    const fact = this.#types.get(key(id));
    return fact && fact.since < at ? fact.value : undefined;
  }

  /** What a transaction of a sequenced order was before `at` (§3), when the run knows. */
  transactionStage(id: string, at: number): Stage | undefined {
    const fact = this.#stages.get(key(id));
    return fact && fact.since < at ? fact.value : undefined;
  }

  transactionsOf(orderId: string, at: number): string[] {
    return [...this.#transactions]
      .filter(([, fact]) => fact.value === key(orderId) && fact.since < at)
      .map(([id]) => id);
  }

  /** A transaction the run made on another order than this one before `at` (of a sequenced order), if any. */
  otherTransaction(orderId: string, at: number, sequenced = false): string | undefined {
    return [...this.#transactions].find(
      ([, fact]) =>
        fact.value !== key(orderId) && fact.since < at && (!sequenced || this.#sequenced.has(fact.value)),
    )?.[0];
  }

  madeUp(id: string): void {
    this.#madeUp.add(id);
  }

  /**
   * A made-up id, in turn for each `place` (an endpoint…) a near copy of `near` (one of the run's ids) without
   * its last character, a random UUID, or `near` with its last character changed. RESTler's invalid dynamic
   * objects: a server matching ids by prefix, or by fewer characters than they have, serves a near copy.
   */
  madeUpId(near: string | undefined, place: string): string {
    const turn = this.#madeUpTurns.get(place) ?? 0;
    this.#madeUpTurns.set(place, turn + 1);
    const last = near?.slice(-1) ?? '';
    const id =
      !near || !/^[0-9a-f-]{8,}$/i.test(near) || turn % 3 === 1
        ? crypto.randomUUID()
        : near.slice(0, -1) + (turn % 3 === 0 ? '' : last === '0' ? '1' : '0');
    this.madeUp(id);
    return id;
  }

  isMadeUp(id: string): boolean {
    return this.#madeUp.has(id);
  }

  /** An include name the run made up (§4.3 rule 4), compared trimmed and in any case. */
  includeMadeUp(name: string): void {
    this.#madeUpIncludes.add(name.trim().toLowerCase());
  }

  isMadeUpInclude(name: string): boolean {
    return this.#madeUpIncludes.has(name.trim().toLowerCase());
  }

  /** Whether the listing's ordinary 2xx pages seen before `at` had a valid listing envelope. */
  listingEnvelope(endpoint: string, at: number): 'valid' | 'invalid' | undefined {
    const seen = this.#listings.get(endpoint);
    if (seen?.invalid !== undefined && seen.invalid < at) return 'invalid';
    return seen?.valid !== undefined && seen.valid < at ? 'valid' : undefined;
  }

  /** The read its sender sent just before `x`, when it asked the same request in another spelling. */
  spelledAlike(x: Exchange): Exchange | undefined {
    const plain = this.#reads.get(readKey(x));
    return plain && spellingOf(plain) !== spellingOf(x) ? plain : undefined;
  }

  /** Learns from the journal what the run deleted, wrote without credentials, saw of listings and read. */
  learn(x: Exchange): void {
    this.#learnListing(x);
    this.#learnAction(x);
    if (x.method === 'GET' && x.credentials === 'token' && x.response) this.#reads.set(readKey(x), x);
    if (SAFE.includes(x.method)) return;
    // A read of a record a write names (in its path or body), whatever its credentials and answer, is no longer
    // the plain spelling of a read after it: the write may have changed the record.
    const inBody = [...JSON.stringify(x.body ?? null).matchAll(/"id":("(?:[^"\\]|\\.)*")/g)];
    const named = [...Object.values(x.params), ...inBody.map((found) => JSON.parse(found[1] as string))];
    const spelt = named.map((id) => JSON.stringify(id).slice(1, -1));
    for (const k of this.#reads.keys()) if (spelt.some((id) => k.includes(id))) this.#reads.delete(k);
    const id = x.params.id;
    if (x.credentials !== 'token') {
      // A write let through would be the authentication rules' failure; what it changed is not known.
      const integration = x.template === INTEGRATION && id !== undefined && this.#integrations.get(key(id));
      if (integration) integration.unsure ??= x.sent;
      const category = x.template === CATEGORY && id !== undefined && this.#categories.get(key(id));
      if (category) category.until ??= x.sent;
      return;
    }
    const made = MADE[`${x.method} ${x.template}`];
    const data = x.response?.ok ? x.response.data : undefined;
    if (made && isObject(data) && typeof data.id === 'string')
      this.#records.set(key(data.id), { kind: made, since: this.clock() });
    if (x.method !== 'DELETE' || !x.response?.ok || id === undefined) return;
    const now = this.clock();
    const record = this.#records.get(key(id));
    if (record) record.deleted ??= now;
    const integrationFact = x.template === INTEGRATION && this.#integrations.get(key(id));
    if (integrationFact) integrationFact.until ??= now;
    const product = x.template === '/v2/products/:id' && key(id);
    const category = x.template === CATEGORY && key(id);
    for (const [categoryId, fact] of this.#categories) {
      if (categoryId === category) fact.until ??= now;
      if (!product || !fact.value.has(product)) continue;
      const value = new Set([...fact.value].filter((p) => p !== product));
      this.#categories.set(categoryId, { ...fact, value, since: now });
    }
  }

  /** What an action on a transaction of a sequenced order leaves: its answer's type and its stage; a 4xx to the token leaves both. */
  #learnAction(x: Exchange): void {
    if (x.method !== 'POST' || !(ACTIONS as readonly string[]).includes(x.template)) return;
    const id = key(x.params.transactionId as string);
    const order = this.#transactions.get(id)?.value;
    // A refusal leaves the transaction as it was; what a write without valid credentials did is not known (a
    // write let through is the authentication rules' failure).
    const refused = x.response?.statusClass === '4xx' && x.credentials === 'token';
    if (refused) return;
    if (order === undefined) {
      // An id the run made no transaction with, not refused: what it did to the path's order is not known.
      const path = key(x.params.orderId as string);
      for (const [txn, fact] of this.#transactions)
        if (fact.value === path && this.#sequenced.has(path)) this.#forget(txn);
      return;
    }
    if (!this.#sequenced.has(order)) return;
    if (order !== key(x.params.orderId as string)) {
      // Sent under another order and not refused: what it did to the transaction is not known.
      this.#forget(id);
      return;
    }
    const data = x.response?.ok && x.credentials === 'token' ? x.response.data : undefined;
    const shown = isObject(data) && sameId(data.id, id) ? data.transaction_type : undefined;
    const { from, to } = AFTER[x.template.split('/').at(-1) as Op];
    const stage = this.#stages.get(id)?.value;
    // Known only when it answered the transaction itself, from the stage §3 acts on.
    const value = stage === from && typeof shown === 'string' ? to : undefined;
    this.#stages.set(id, { value, since: this.clock() });
    // A type other than §4.1's is that action's rule's failure: what the transaction is then is not known.
    const said = LEAVES[x.template];
    const known = typeof shown === 'string' && (said === undefined || shown === said) ? shown : undefined;
    this.#types.set(id, { value: known, since: this.clock() });
  }

  /** What a transaction is (stage and type) is no longer known from now on. */
  #forget(id: string): void {
    this.#stages.set(id, { value: undefined, since: this.clock() });
    this.#types.set(id, { value: undefined, since: this.clock() });
  }

  #learnListing(x: Exchange): void {
    if (x.method !== 'GET' || !x.response?.ok || x.credentials !== 'token') return;
    const template = LISTINGS.find((listing) => listing === x.template);
    if (!template || !ordinaryPage(pageParams(x.query))) return;
    const body = x.response.json;
    const data = x.response.data;
    if (Array.isArray(data) && data.length === 0 && missingPaginationMeta(body).length > 0) return;
    const seen = this.#listings.get(template) ?? {};
    seen[validate('listing-envelope', body).valid ? 'valid' : 'invalid'] ??= this.clock();
    this.#listings.set(template, seen);
  }
}

/** The kinds of record the run makes (provisioning.md), by the request that makes them. */
export type RecordKind = 'product' | 'category' | 'integration' | 'order';
const MADE: Readonly<Record<string, RecordKind>> = {
  'POST /v2/products': 'product',
  'POST /v2/categories': 'category',
  'POST /v2/integrations': 'integration',
  'POST /v2/carts/:cartRef/checkout': 'order',
};

/** The `transaction_type` §4.1 says an action returns, by its path template. */
const LEAVES: Readonly<Record<string, string>> = { [CAPTURE]: 'capture', [REFUND]: 'refund' };

/** The methods that change nothing (RFC 9110 §9.2.1, and WebDAV's PROPFIND). */
const SAFE: readonly string[] = ['GET', 'HEAD', 'OPTIONS', 'PROPFIND'];

/** A read by its sender and what it asks, the query decoded and sorted. */
function readKey(x: Exchange): string {
  const pairs = x.query.names.flatMap((name) => x.query.all(name).map((value) => [name, value]));
  const path = x.template === '' ? x.path : `${x.template} ${JSON.stringify(x.params)}`;
  const { kind, name, input } = x.source;
  return JSON.stringify([kind, name, input, path, pairs.sort()]);
}

/** How a request is spelt: its target as sent, the names of its headers as sent, its `Content-Type`. */
function spellingOf(x: Exchange): string {
  const { auth, headers = {} } = x.options;
  const name = typeof auth === 'object' ? (auth.name ?? 'Authorization') : 'Authorization';
  return JSON.stringify([x.target, name, Object.keys(headers), Object.values(headers)]);
}

function key(id: string): string {
  return UUID.test(id) ? id.toLowerCase() : id;
}
