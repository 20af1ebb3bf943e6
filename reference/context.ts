import { type ReferenceOptions, type ResolvedOptions, resolveOptions } from './options.ts';
import { seedDemoCatalog } from './store/demo.ts';
import { Store } from './store/store.ts';

/** What every route of one reference server shares. */
export interface ReferenceContext {
  readonly options: ResolvedOptions;
  readonly store: Store;
  /** Named faults switched on for this server (installed as hooks by `faults/catalogue.ts`). */
  readonly faults: ReadonlySet<string>;
}

/** Resolves the options and makes a store, with the demo catalog when asked for. */
export function createReferenceContext(options: ReferenceOptions = {}): ReferenceContext {
  const resolved = resolveOptions(options);
  const store = new Store();
  seedDemoCatalog(store, resolved.demoProducts);
  return { options: resolved, store, faults: resolved.faults };
}
