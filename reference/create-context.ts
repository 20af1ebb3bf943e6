import type { ReferenceContext } from './context.ts';
import { OPTION_CATALOGUE } from './faults/catalogue.ts';
import { type ReferenceOptions, resolveOptions } from './options.ts';
import { seedDemoRecords } from './store/demo.ts';
import { Store } from './store/store.ts';

/**
 * Resolves the options (fault and variant names checked against their catalogues) and makes a store, with
 * the demo records when asked for.
 * @throws RangeError naming the option when a value is unusable.
 */
export function createReferenceContext(options: ReferenceOptions = {}): ReferenceContext {
  const resolved = resolveOptions(options, OPTION_CATALOGUE);
  const store = new Store();
  seedDemoRecords(store, resolved.demoProducts);
  return { options: resolved, store, faults: resolved.faults };
}
