import type { ResolvedOptions } from './options.ts';
import type { Store } from './store/store.ts';

/**
 * What every route, fault and variant of one reference server shares. Made by `createReferenceContext`
 * (`create-context.ts`); this module holds only the type, so that the modules which take a context import
 * nothing that imports them back.
 */
export interface ReferenceContext {
  readonly options: ResolvedOptions;
  readonly store: Store;
  /** Named faults switched on for this server (installed as hooks by `faults/catalogue.ts`). */
  readonly faults: ReadonlySet<string>;
}
