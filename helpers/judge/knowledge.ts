/**
 * What the run knows that no single exchange shows: the records it made and what it made them with, the
 * products it linked to its categories, the transactions it made on its orders, the ids it made up. Exchange
 * rules take it as an input (INT-GET: "carries the values it was created with").
 *
 * Every fact carries the journal's clock when it was established, and a rule asks what was known when the
 * request it judges was sent: a read that started before a link was made is not held to the link. What the
 * run deletes is learnt from the journal itself (a 2xx DELETE of one of its records).
 */
import type { Entry } from '../http/journal.ts';
import { answerOf } from './answer.ts';

/** The fields of an integration create request's `data` that a read must give back unchanged. */
export interface SentIntegration {
  readonly integration_type: unknown;
  readonly name: unknown;
  readonly description: unknown;
  readonly enabled: unknown;
  readonly observes: unknown;
  readonly configuration: { readonly url: unknown };
}

interface Stamped<T> {
  readonly value: T;
  readonly since: number;
  /** When the record stopped being what the fact says (deleted, or a related record deleted). */
  until?: number;
}

/** The run's settings that verdicts read. */
export interface RunSettings {
  /** The target's default page length (§8; CONFORMANCE_DEFAULT_PAGE_LIMIT). */
  readonly defaultPageLimit: number;
  /** The target, the part before `/v2` (pagination links may be relative to it). */
  readonly baseUrl: string;
}

/** UUIDs are compared without regard to case (RFC 9562 §4); other ids exactly. */
export function sameId(a: unknown, b: unknown): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  return a === b || (UUID.test(a) && a.toLowerCase() === b.toLowerCase());
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class Knowledge {
  readonly #integrations = new Map<string, Stamped<SentIntegration>>();
  readonly #categories = new Map<string, Stamped<Set<string>>>();
  readonly #transactions = new Map<string, Stamped<string>>();
  readonly #orders = new Map<string, number>();
  readonly #madeUp = new Set<string>();

  constructor(
    readonly settings: RunSettings,
    private readonly clock: () => number,
  ) {}

  /** Forgets the records of an earlier suite file (made-up ids stay: no record ever has them). */
  begin(): void {
    this.#integrations.clear();
    this.#categories.clear();
    this.#transactions.clear();
    this.#orders.clear();
  }

  /** The run created an integration with these values. */
  integrationCreated(id: string, sent: SentIntegration): void {
    this.#integrations.set(key(id), { value: sent, since: this.clock() });
  }

  /** The values the run created the integration with, when it existed as such when `at` was sent. */
  integration(id: string, at: number): { sent: SentIntegration; deleted: boolean } | undefined {
    const fact = this.#integrations.get(key(id));
    if (!fact || fact.since >= at) return undefined;
    return { sent: fact.value, deleted: fact.until !== undefined && fact.until < at };
  }

  /** The run created a category; `productIds` are linked to it later with {@link productLinked}. */
  categoryCreated(id: string): void {
    this.#categories.set(key(id), { value: new Set(), since: this.clock() });
  }

  /** The run linked a product to its category: the category's products changed now. */
  productLinked(categoryId: string, productId: string): void {
    const fact = this.#categories.get(key(categoryId));
    if (!fact) return;
    const value = new Set(fact.value).add(key(productId));
    this.#categories.set(key(categoryId), { value, since: this.clock() });
  }

  /**
   * The products of one of the run's categories as they stood when `at` was sent, when nothing changed them
   * since (no link made meanwhile, none of them deleted): undefined otherwise.
   */
  categoryProducts(id: string, at: number): ReadonlySet<string> | undefined {
    const fact = this.#categories.get(key(id));
    if (!fact || fact.since >= at || (fact.until !== undefined && fact.until < at)) return undefined;
    return fact.value;
  }

  /** The run made this order (provisioning.md, Orders: a cart checked out). */
  orderMade(id: string): void {
    this.#orders.set(key(id), this.clock());
  }

  /** Whether the order is one the run made, as known when `at` was sent. */
  isRunOrder(id: string, at: number): boolean {
    const since = this.#orders.get(key(id));
    return since !== undefined && since < at;
  }

  /** The run made this transaction on this order (its payment answer or its order's list showed it). */
  transactionMade(orderId: string, transactionId: string): void {
    if (!this.#transactions.has(key(transactionId)))
      this.#transactions.set(key(transactionId), { value: key(orderId), since: this.clock() });
  }

  /** The order of one of the run's transactions, when the run knew it when `at` was sent. */
  orderOf(transactionId: string, at: number): string | undefined {
    const fact = this.#transactions.get(key(transactionId));
    return fact && fact.since < at ? fact.value : undefined;
  }

  /** The ids of the run's transactions on an order, as known when `at` was sent. */
  transactionsOf(orderId: string, at: number): string[] {
    const out: string[] = [];
    for (const [id, fact] of this.#transactions) {
      if (fact.value === key(orderId) && fact.since < at) out.push(id);
    }
    return out;
  }

  /** An id the run made up: no record of the target has it. */
  madeUp(id: string): void {
    this.#madeUp.add(id);
  }

  isMadeUp(id: string): boolean {
    return this.#madeUp.has(id);
  }

  /** Learns from the journal what the run deleted (a 2xx DELETE of one of its records). */
  learn(entry: Entry): void {
    if (entry.method !== 'DELETE' || !entry.response?.ok || entry.credentials !== 'token') return;
    const now = this.clock();
    const integration = answerOf(entry, '/v2/integrations/:id')?.params.id;
    const integrationFact = integration && this.#integrations.get(key(integration));
    if (integrationFact) integrationFact.until ??= now;
    const product = answerOf(entry, '/v2/products/:id')?.params.id;
    const category = answerOf(entry, '/v2/categories/:id')?.params.id;
    for (const [id, fact] of this.#categories) {
      if ((product && fact.value.has(key(product))) || (category && id === key(category))) fact.until ??= now;
    }
  }
}

function key(id: string): string {
  return UUID.test(id) ? id.toLowerCase() : id;
}
