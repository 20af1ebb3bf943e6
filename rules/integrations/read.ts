/**
 * What the integration rules judge of a read: the `data` of every successful `GET /v2/integrations/:id`,
 * unless the id is made up or deleted (the rules about those reads judge them).
 */
import { INTEGRATION } from '../../helpers/catalogue/endpoints.ts';
import type { Answered } from '../../helpers/http/journal.ts';
import { isObject } from '../../helpers/http/response.ts';
import type { Judgement } from '../../helpers/judge/judgement.ts';
import type { Scope } from '../../helpers/judge/judging.ts';
import { sameId } from '../../helpers/judge/knowledge.ts';
import type { RuleDeclaration } from '../../helpers/judge/rule.ts';

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

/** The exchange verdict on the `data` of each successful read of an integration that may exist. */
export function onIntegration(
  judge: (data: Record<string, unknown>, x: Answered, t: Judgement) => void,
): RuleDeclaration['exchange'] {
  return { scope: INTEGRATION_READS, judge: (x, t) => judge(integrationOf(x, t), x, t) };
}

export function expectIdAsked(x: Answered, t: Judgement, data: Record<string, unknown>): void {
  const expected = `data.id = ${JSON.stringify(x.params.id)}`;
  t.assert(sameId(data.id, x.params.id), expected, () => JSON.stringify(data.id), x.response);
}

/**
 * Whether a URL read back is the URL sent, in any equivalent spelling (RFC 3986 §6.2.2, §6.2.3); its
 * fragment, never sent to the host (RFC 9110 §7.1), may be dropped.
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

/** A URL in one spelling of its equivalents, and its fragment apart; undefined if not an absolute URL. */
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
