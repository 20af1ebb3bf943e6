import { Collection } from './collection.ts';
import { nameBasedId, newId } from './ids.ts';
import type {
  CartRecord,
  CategoryRecord,
  FileRecord,
  IntegrationRecord,
  OrderRecord,
  ProductRecord,
  TransactionRecord,
} from './records.ts';

/** The whole in-memory state of one reference server (its operations: `catalog.ts`, `checkout.ts`, …). */
export class Store {
  readonly products = new Collection<ProductRecord>();
  readonly categories = new Collection<CategoryRecord>();
  /** Carts by the client-chosen reference; a cart exists once something was added to it. */
  readonly carts = new Map<string, CartRecord>();
  readonly orders = new Collection<OrderRecord>();
  readonly transactions = new Collection<TransactionRecord>();
  readonly integrations = new Collection<IntegrationRecord>();
  /** Always empty: the reference server has no file upload. */
  readonly files = new Collection<FileRecord>();

  /** Where the ids of new records come from: random UUIDs, name-based ones inside {@link withNamedIds}. */
  private idSource: () => string = newId;

  /** The current time as an ISO 8601 string with milliseconds. */
  now(): string {
    return new Date().toISOString();
  }

  /** The id of a new record. */
  newId(): string {
    return this.idSource();
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
