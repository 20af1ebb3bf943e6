import { apiError } from '../errors.ts';

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

  has(id: string): boolean {
    return this.#byId.has(id);
  }

  /** Removes the record with this id; returns it, or undefined when there was none. */
  delete(id: string): T | undefined {
    const record = this.#byId.get(id);
    if (record === undefined) return undefined;
    this.#byId.delete(id);
    this.#ordered.splice(this.#ordered.indexOf(record), 1);
    return record;
  }

  get size(): number {
    return this.#ordered.length;
  }

  /** Records `offset` to `offset + limit - 1` in creation order (fewer or none past the end). */
  slice(offset: number, limit: number): T[] {
    return this.#ordered.slice(offset, offset + limit);
  }

  /** The same, counting from the newest record (newest first). */
  sliceNewestFirst(offset: number, limit: number): T[] {
    const end = Math.max(0, this.#ordered.length - offset);
    return this.#ordered.slice(Math.max(0, end - limit), end).reverse();
  }
}
