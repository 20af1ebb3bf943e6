/**
 * The run's own writes to a listing, ordered around the reads that compare its pages, so that the run never
 * moves a listing while it compares it. The threads and processes of a run share one gate: a folder of marker
 * files named by the run's tag. Other clients' writes are `settle.ts`'s concern.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** How often a waiting comparison or write looks again, at most (ms). */
const POLL_MS = 20;
/** A marker older than this was left by a thread that died (ms). */
const STALE_MS = 60_000;
/** Longest wait for the other side before going ahead anyway (ms): never a hung run. */
const MAX_WAIT_MS = 10_000;

type Side = 'read' | 'write';

export class ListingGate {
  constructor(readonly folder: string) {}

  /**
   * `read`: runs a comparison while no write of the run to `listing` is under way, holding them off meanwhile;
   * `write`: runs a write to `listing` once no comparison of it is under way.
   */
  async hold<T>(side: Side, listing: string, fn: () => Promise<T>): Promise<T> {
    const other: Side = side === 'read' ? 'write' : 'read';
    const name = `${side}.${key(listing)}.${unique()}`;
    const started = Date.now();
    for (let i = 0; ; i++) {
      // A write announces itself and waits; a comparison steps back while a write is under way or waiting.
      this.#mark(name);
      if (!this.#held(other, listing) || Date.now() - started > MAX_WAIT_MS) break;
      if (side === 'read') this.#unmark(name);
      await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, 2 + i)));
    }
    try {
      return await fn();
    } finally {
      if (side === 'write') this.#mark(`version.${key(listing)}`, unique());
      this.#unmark(name);
    }
  }

  /** The listing's version: it changes with every write of the run to it (none yet: empty). */
  version(listing: string): string {
    try {
      return readFileSync(join(this.folder, `version.${key(listing)}`), 'utf8');
    } catch {
      return '';
    }
  }

  #mark(name: string, text = ''): void {
    for (;;) {
      try {
        writeFileSync(join(this.folder, name), text);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        mkdirSync(this.folder, { recursive: true });
      }
    }
  }

  /** Removes a marker, if not gone with the folder meanwhile. */
  #unmark(name: string): void {
    rmSync(join(this.folder, name), { force: true });
  }

  #held(side: Side, listing: string): boolean {
    let names: string[];
    try {
      names = readdirSync(this.folder);
    } catch {
      return false;
    }
    const prefix = `${side}.${key(listing)}.`;
    // A marker removed meanwhile is not held.
    const age = (name: string) =>
      Date.now() - (statSync(join(this.folder, name), { throwIfNoEntry: false })?.mtimeMs ?? 0);
    return names.some((name) => name.startsWith(prefix) && age(name) < STALE_MS);
  }
}

const unique = () => `${process.pid}.${Math.random().toString(36).slice(2)}`;

function key(listing: string): string {
  return listing.replace(/^\/v2\//, '').replace(/[^a-z0-9-]/gi, '_');
}

/** The gate of the run whose tag is `runTag`. */
export function runGate(runTag: string): ListingGate {
  return new ListingGate(join(tmpdir(), `commerce-conformance-listings-${runTag}`));
}

let gate: ListingGate | undefined;

/** Sets the gate of this thread's run (done by `currentRun()`); none: nothing is ordered. */
export function useListingGate(value: ListingGate | undefined): void {
  gate = value;
}

/** Runs a comparison of `listing`'s pages through this thread's gate. */
export function whileListingHolds<T>(listing: string, compare: () => Promise<T>): Promise<T> {
  return gate ? gate.hold('read', listing, compare) : compare();
}

/** The version of `listing` in this thread's gate. */
export function listingVersion(listing: string): string {
  return gate?.version(listing) ?? '';
}

/** Runs a write of the run to `listing` through this thread's gate. */
export function writingListing<T>(listing: string, write: () => Promise<T>): Promise<T> {
  return gate ? gate.hold('write', listing, write) : write();
}
