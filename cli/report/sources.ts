import { SOURCE_KINDS } from '../../helpers/http/journal.ts';
import type { RuleResult } from './model.ts';

/** `12 checks, 40 boundary, 3 replay`: a rule's judged inputs by what sent them, the empty ones left out. */
export function sourcesText(rule: Pick<RuleResult, 'bySource'>): string {
  return SOURCE_KINDS.flatMap((kind) => {
    const n = rule.bySource?.[kind] ?? 0;
    return n > 0 ? [`${n} ${kind}`] : [];
  }).join(', ');
}
