import type { Outcome } from '../../helpers/check/outcome.ts';
import type { Evidence } from '../../helpers/http/evidence.ts';
import type { CheckResult, ExchangeEvidence } from './model.ts';

/** Most exchanges kept for one failed or not evaluated check (the key exchange always among them). */
export const MAX_EXCHANGES_PER_CHECK = 12;

/**
 * The report's view of a check. Only failed and not evaluated checks keep their evidence: the key exchange
 * and the latest exchanges, key one first; the others only count theirs, to keep reports small.
 */
export function toCheckResult(check: Outcome): CheckResult {
  const base: CheckResult = {
    name: check.name,
    status: check.status,
    ...(check.file ? { file: check.file } : {}),
    ...(check.durationMs !== undefined ? { durationMs: check.durationMs } : {}),
    ...(check.message !== undefined ? { message: check.message } : {}),
    ...(check.reason !== undefined ? { reason: check.reason } : {}),
    ...(check.observations !== undefined ? { observations: check.observations } : {}),
    exchangeCount: check.exchangeCount ?? check.exchanges.length,
    ...depthOf(check),
    ...(check.bySource ? { bySource: { ...check.bySource } } : {}),
  };
  if (check.status !== 'failed' && check.status !== 'error') return base;
  const key = check.keyExchange;
  const rest = check.exchanges.filter((e) => e !== key);
  const kept = key
    ? [key, ...rest.slice(-(MAX_EXCHANGES_PER_CHECK - 1))]
    : rest.slice(-MAX_EXCHANGES_PER_CHECK);
  return {
    ...base,
    ...(key
      ? { request: key.request, ...(key.response ? { response: key.response } : {}), curl: key.curl }
      : {}),
    exchanges: kept.map(evidence),
  };
}

function depthOf(check: Outcome): Partial<CheckResult> {
  const depth = check.depth;
  if (!depth) return {};
  return {
    inputs: depth.inputs,
    ...(depth.skippedInputs > 0
      ? { skippedInputs: depth.skippedInputs, skipReasons: [...depth.skipReasons] }
      : {}),
    ...(depth.exploration ? { exploration: { ...depth.exploration } } : {}),
  };
}

function evidence(exchange: Evidence): ExchangeEvidence {
  return {
    request: exchange.request,
    ...(exchange.response ? { response: exchange.response } : {}),
    ...(exchange.error !== undefined ? { error: exchange.error } : {}),
    durationMs: exchange.durationMs,
    curl: exchange.curl,
  };
}
