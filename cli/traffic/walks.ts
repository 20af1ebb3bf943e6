/**
 * The walks through `links.next` that traffic holds: a client that reads a listing's first page, then the
 * page its `links.next` names, and so on to a page whose `links.next` is null, has walked the listing, and
 * the rules of walks (`WALK_RULES`) judge the walk with their own verdicts (`rules/pagination/`). A walk is left
 * unjudged when the listing may have changed under it: a write to the listing in the traffic between its
 * pages, or `meta.results.total` not the same on every page (other clients may write unseen).
 */
import { LISTINGS } from '../../helpers/catalogue/endpoints.ts';
import type { RuleInfo } from '../../helpers/catalogue/rule.ts';
import type { Exchange } from '../../helpers/http/journal.ts';
import type { ApiResponse } from '../../helpers/http/response.ts';
import { parsePageLink, viewPage } from '../../helpers/listing/page.ts';
import type { Walk, WalkedPage } from '../../helpers/listing/walk.ts';
import pageCounts, { walkVerdict as countsOfWalk } from '../../rules/pagination/page-counts.ts';
import pageWalk, { walkVerdict as walkedOnce } from '../../rules/pagination/page-walk.ts';
import type { Walked, WalkVerdict } from '../../rules/pagination/walks.ts';

/** The rules that judge a walk, with their verdicts. */
export const WALK_RULES: readonly { readonly rule: RuleInfo; readonly verdict: WalkVerdict }[] = [
  { rule: pageWalk, verdict: walkedOnce },
  { rule: pageCounts, verdict: countsOfWalk },
];

/** Most walks followed at once (the oldest is let go). */
const MAX_OPEN = 100;

interface OpenWalk {
  readonly endpoint: string;
  readonly limit: number;
  readonly pages: WalkedPage<ApiResponse>[];
}

export class RecordedWalks {
  /** The walks under way, by the page their last page's `links.next` names. */
  readonly #open = new Map<string, OpenWalk>();

  constructor(
    private readonly baseUrl: string,
    private readonly defaultLimit: number,
  ) {}

  /** Follows the walks through one exchange; returns the walk it ends, if any. */
  see(x: Exchange): Walked | undefined {
    if (x.method !== 'GET') {
      if (x.response?.ok) this.#forget((walk) => x.path.startsWith(walk.endpoint));
      return undefined;
    }
    if (!x.response || !(LISTINGS as readonly string[]).includes(x.template)) return undefined;
    const key = normalise(new URL(`${this.baseUrl}${x.target}`));
    const followed = this.#open.get(key);
    this.#open.delete(key);
    const view = viewPage(x.response.json);
    if (!x.response.ok || x.credentials !== 'token' || view.data === undefined) return undefined;
    const asked = parsePageLink(`${this.baseUrl}${x.target}`, this.baseUrl);
    const offset = asked?.offset ?? 0;
    const walk =
      followed ??
      (offset === 0
        ? { endpoint: x.template, limit: asked?.limit ?? view.limit ?? this.defaultLimit, pages: [] }
        : undefined);
    if (!walk) return undefined;
    walk.pages.push({ response: x.response, path: x.target, offset, view });
    if (view.links.next === null) return ended(walk);
    const next = parsePageLink(view.links.next, this.baseUrl);
    if (!next) return undefined;
    this.#open.set(normalise(next.url), walk);
    if (this.#open.size > MAX_OPEN) this.#open.delete(this.#open.keys().next().value as string);
    return undefined;
  }

  #forget(changed: (walk: OpenWalk) => boolean): void {
    for (const [key, walk] of this.#open) if (changed(walk)) this.#open.delete(key);
  }
}

/** A walk that reached its end, unless its listing may have changed under it. */
function ended(walk: OpenWalk): Walked | undefined {
  if (new Set(walk.pages.map((page) => page.view.resultsTotal)).size > 1) return undefined;
  const value: Walk<ApiResponse> = { limit: walk.limit, mode: 'full', pages: walk.pages };
  return { settled: { outcome: 'consistent', value, attempts: 1 }, own: [] };
}

/** A page's URL as a key: the path and the decoded query parameters in order of name. */
function normalise(url: URL): string {
  const params = [...url.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${url.pathname}?${params.map(([k, v]) => `${k}=${v}`).join('&')}`;
}
