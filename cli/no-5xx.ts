import { getRule, type RuleId } from '../helpers/catalogue/rules.ts';
import type { Exchange } from '../helpers/http/exchange.ts';
import { isDeclined } from '../helpers/http/retry.ts';
import type { CollectedCheck } from './collected.ts';

/** The rule that holds over the whole run, whatever check sent the request. */
export const NO_5XX_RULE: RuleId = 'HTTP-NO-5XX';

/**
 * A 5xx answer, except a 503 with `Retry-After`: that is the target declining the request for now (it is
 * retried, and a check it keeps declining is not evaluated), not a server failing on the request.
 */
function isServerError(exchange: Exchange): boolean {
  const status = exchange.response?.status ?? 0;
  return status >= 500 && !isDeclined(status, exchange.response?.headers['retry-after']);
}

/** Most offending exchanges kept as evidence. */
const MAX_EVIDENCE = 20;

/**
 * The run-wide check of HTTP-NO-5XX: the rule says that no request the suite sends may be answered with a
 * 5xx, so every exchange of every check of the run is looked at (each once, however many checks share it).
 * Failed, with the offending exchanges as evidence, when one got a 5xx; passed otherwise.
 */
export function noServerErrorCheck(checks: readonly CollectedCheck[]): CollectedCheck {
  const rule = getRule(NO_5XX_RULE);
  const seen = new Set<Exchange>();
  const keys = new Set<string>();
  const offending: Exchange[] = [];
  for (const check of checks) {
    for (const exchange of check.exchanges) {
      if (seen.has(exchange)) continue;
      seen.add(exchange);
      // Shared fixture exchanges reach several checks as copies (vitest serialises task meta).
      const id = `${exchange.request.method} ${exchange.request.url} ${exchange.response?.status} ${exchange.durationMs} ${exchange.response?.body.length}`;
      if (keys.has(id)) continue;
      keys.add(id);
      if (isServerError(exchange)) offending.push(exchange);
    }
  }
  const name = `${rule.id} ${rule.level}: no request of the run was answered with a 5xx`;
  if (offending.length === 0) {
    return { ruleId: rule.id, name, status: 'passed', exchanges: [], exchangeCount: keys.size };
  }
  const first = offending[0] as Exchange;
  const list = offending
    .slice(0, 5)
    .map((e) => `${e.request.method} ${e.request.url} → ${e.response?.status}`)
    .join('; ');
  const more = offending.length > 5 ? `; and ${offending.length - 5} more` : '';
  return {
    ruleId: rule.id,
    name,
    status: 'failed',
    message: `${rule.id} ${rule.level} ${rule.section}: expected no 5xx answer to any of the ${keys.size} requests of the run, got ${offending.length}: ${list}${more} (${first.request.method} ${first.request.url})`,
    exchanges: offending.slice(0, MAX_EVIDENCE),
    exchangeCount: keys.size,
    keyExchange: first,
  };
}
