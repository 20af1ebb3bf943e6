import type { ResolvedOptions } from './options.ts';
import type { Store } from './store/store.ts';

/** What every route, fault and variant of one server shares (only the type here: no import cycles). */
export interface ReferenceContext {
  readonly options: ResolvedOptions;
  readonly store: Store;
}
