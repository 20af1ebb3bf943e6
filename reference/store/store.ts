import { Collection } from './collection.ts';
import type {
  CartRecord,
  CategoryRecord,
  FileRecord,
  IntegrationRecord,
  OrderRecord,
  ProductRecord,
  TransactionRecord,
} from './records.ts';

/**
 * The whole in-memory state of one reference server. The operations that change it, and keep its links
 * consistent, live next to it: `catalog.ts`, `checkout.ts`, `payments.ts`, `integrations.ts`.
 */
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

  /** The current time as an ISO 8601 string with milliseconds. */
  now(): string {
    return new Date().toISOString();
  }
}
