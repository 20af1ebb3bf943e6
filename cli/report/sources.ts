import { SOURCE_KINDS } from '../../helpers/http/journal.ts';
import type { RuleResult } from './model.ts';

/** The senders a report shows in columns, in order (the journal's kinds of source). */
export const SOURCE_COLUMNS = SOURCE_KINDS;

/** `12 checks, 40 boundary, 3 replay`: a rule's judged inputs by what sent them, the empty ones left out. */
export function sourcesText(rule: Pick<RuleResult, 'bySource'>): string {
  return SOURCE_COLUMNS.flatMap((kind) => {
    const n = rule.bySource?.[kind] ?? 0;
    return n > 0 ? [`${n} ${kind}`] : [];
  }).join(', ');
}
