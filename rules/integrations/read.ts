/**
 * What the integration rules judge of a read: every successful `GET /v2/integrations/:id` (the run's own
 * integrations and the configured one alike), its `data` object. An answer without one is the envelope
 * rules' failure; a read that succeeds for an id the run made up, or for an integration the run deleted, is
 * the failure of the rules about those reads: the rules of the integration's fields leave them unjudged.
 */
import { INTEGRATION } from '../../helpers/catalogue/endpoints.ts';
import type { Answered } from '../../helpers/http/journal.ts';
import { isObject } from '../../helpers/http/response.ts';
import type { Judgement } from '../../helpers/judge/judgement.ts';
import type { Scope } from '../../helpers/judge/judging.ts';

/** The successful reads of an integration. */
export const INTEGRATION_READS: Scope = { methods: ['GET'], paths: [INTEGRATION] };

/** The `data` of a successful read of an integration that may exist; ends the judgement otherwise. */
export function integrationOf(x: Answered, t: Judgement): Record<string, unknown> {
  const id = x.params.id as string;
  t.need(!t.known.isMadeUp(id), 'an id the run made up');
  t.need(!t.known.integration(id, x.sent)?.deleted, 'an integration the run deleted');
  const data = x.response.data;
  return t.need(
    isObject(data) ? data : undefined,
    'the answer is not { data: <object> }: no integration to look at',
  );
}

/**
 * Whether a URL read back is the URL that was sent, whatever its encoding (RFC 3986 §6.2.2, §6.2.3): scheme
 * and host in any case, the default port written or not, an empty path or `/`, characters outside ASCII
 * percent-encoded or not, percent-encodings in either case, unreserved characters encoded or not. Its path,
 * port and query string are the sent ones; its fragment, which is never sent to the host that is called
 * (RFC 9110 §7.1), is the sent one or none.
 */
export function sameUrl(sent: unknown, read: unknown): boolean {
  if (sent === read) return true;
  const [a, b] = [normalUrl(sent), normalUrl(read)];
  return (
    a !== undefined &&
    b !== undefined &&
    a.base === b.base &&
    (b.fragment === '' || b.fragment === a.fragment)
  );
}

/** A URL in one spelling of its equivalents, and its fragment apart; undefined when it is not an absolute URL. */
function normalUrl(text: unknown): { base: string; fragment: string } | undefined {
  if (typeof text !== 'string' || !URL.canParse(text)) return undefined;
  const url = new URL(text);
  const decoded = (s: string) =>
    s.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => {
      const c = String.fromCharCode(Number.parseInt(hex, 16));
      return /[A-Za-z0-9\-._~]/.test(c) ? c : `%${hex.toUpperCase()}`;
    });
  const fragment = decoded(url.hash);
  url.hash = '';
  return { base: decoded(url.href), fragment };
}
