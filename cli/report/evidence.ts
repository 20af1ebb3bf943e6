import type { Outcome } from '../../helpers/check/outcome.ts';
import type { CheckResult } from './model.ts';

/** Most exchanges kept for one failed or not evaluated check (the key exchange always among them). */
export const MAX_EXCHANGES_PER_CHECK = 12;

/**
 * The report's view of a check. Only failed and not evaluated checks keep their evidence: the key exchange
 * and the latest exchanges, key one first; the others only count theirs, to keep reports small. (Fields left
 * undefined do not appear in the report's JSON.)
 */
export function toCheckResult(check: Outcome): CheckResult {
  const { name, status, file, durationMs, message, reason, observations, bySource, depth } = check;
  const skipped = depth && depth.skippedInputs > 0;
  const base: CheckResult = {
    name,
    status,
    file: file || undefined,
    durationMs,
    message,
    reason,
    observations,
    exchangeCount: check.exchangeCount ?? check.exchanges.length,
    inputs: depth?.inputs,
    ...(skipped && { skippedInputs: depth.skippedInputs, skipReasons: [...depth.skipReasons] }),
    exploration: depth?.exploration && { ...depth.exploration },
    bySource: bySource && { ...bySource },
  };
  if (status !== 'failed' && status !== 'error') return base;
  const key = check.keyExchange;
  const rest = check.exchanges.filter((e) => e !== key);
  const kept = [...(key ? [key] : []), ...rest.slice((key ? 1 : 0) - MAX_EXCHANGES_PER_CHECK)];
  return {
    ...base,
    ...(key && { request: key.request, response: key.response, curl: key.curl }),
    // Evidence without the attempt it was (a retry's number).
    exchanges: kept.map(({ attempt: _, ...exchange }) => exchange),
  };
}
