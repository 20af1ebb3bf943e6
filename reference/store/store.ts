import { createHash, randomInt, randomUUID } from 'node:crypto';
import { apiError } from '../errors.ts';
import type {
  CartRecord,
  CategoryRecord,
  IntegrationRecord,
  OrderRecord,
  ProductRecord,
  Stamped,
  TransactionRecord,
} from './records.ts';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The name-based id of `name` (a UUID v5, RFC 9562 §5.5): the same on every start, on every machine. */
function nameBasedId(name: string): string {
  const hash = createHash('sha1').update(`commerce-conformance reference: ${name}`).digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** `length` random letters and digits, e.g. for payment-intent ids and client secrets. */
export function randomAlphanumeric(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

/** Records of one kind, by id and in creation order: a page costs O(limit); a delete O(n). */
export class Collection<T extends { id: string }> {
  readonly #byId = new Map<string, T>();
  readonly #ordered: T[] = [];

  /** Adds a record; its id must be new. */
  add(record: T): T {
    if (this.#byId.has(record.id)) throw new Error(`duplicate id ${record.id}`);
    this.#byId.set(record.id, record);
    this.#ordered.push(record);
    return record;
  }

  /** The record with this id, or undefined. Any string is a valid argument. */
  get(id: string): T | undefined {
    return this.#byId.get(id);
  }

  /** The record with this id. @throws ApiError NOT_FOUND naming the record's `kind` */
  require(id: string, kind: string): T {
    const record = this.#byId.get(id);
    if (record === undefined) throw apiError('NOT_FOUND', `no ${kind} with id "${id}"`);
    return record;
  }

  /** Removes the record with this id and returns it. @throws ApiError NOT_FOUND naming the record's `kind` */
  remove(id: string, kind: string): T {
    const record = this.require(id, kind);
    this.#byId.delete(id);
    this.#ordered.splice(this.#ordered.indexOf(record), 1);
    return record;
  }

  get size(): number {
    return this.#ordered.length;
  }

  /**
   * Records `offset` to `offset + limit - 1` in creation order (fewer or none past the end); with `newestFirst`,
   * counting from the newest record.
   */
  slice(offset: number, limit: number, newestFirst = false): T[] {
    if (!newestFirst) return this.#ordered.slice(offset, offset + limit);
    const end = Math.max(0, this.#ordered.length - offset);
    return this.#ordered.slice(Math.max(0, end - limit), end).reverse();
  }
}

/** The whole in-memory state of one reference server (its operations: `catalog.ts`, `checkout.ts`, …). */
export class Store {
  readonly products = new Collection<ProductRecord>();
  readonly categories = new Collection<CategoryRecord>();
  /** Carts by the client-chosen reference; a cart exists once something was added to it. */
  readonly carts = new Map<string, CartRecord>();
  readonly orders = new Collection<OrderRecord>();
  readonly transactions = new Collection<TransactionRecord>();
  readonly integrations = new Collection<IntegrationRecord>();
  /** Always empty: the reference server has no file upload (`/v2/files` is a listing of nothing). */
  readonly files = new Collection<Stamped>();

  /** Where the ids of new records come from: random UUIDs (v4), name-based ones inside {@link withNamedIds}. */
  private idSource: () => string = randomUUID;

  /** The current time as an ISO 8601 string with milliseconds. */
  now(): string {
    return new Date().toISOString();
  }

  /** The id of a new record. */
  newId(): string {
    return this.idSource();
  }

  /** Adds a record of these fields to `records`, with a new id, created and updated `now`. */
  add<T extends Stamped>(records: Collection<T>, fields: Omit<T, keyof Stamped>, now = this.now()): T {
    return records.add({ id: this.newId(), ...fields, createdAt: now, updatedAt: now } as T);
  }

  /**
   * Runs `make` with the ids of the records it makes name-based (`<name> #0`, `<name> #1`, …): the same on
   * every start (the demo records, whose ids the OpenAPI document gives as examples).
   */
  withNamedIds<T>(name: string, make: () => T): T {
    let n = 0;
    const previous = this.idSource;
    this.idSource = () => nameBasedId(`${name} #${n++}`);
    try {
      return make();
    } finally {
      this.idSource = previous;
    }
  }
}
