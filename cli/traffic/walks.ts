/**
 * The walks through `links.next` that traffic holds, judged by the walk rules (`rules/pagination/`), unless the
 * listing may have changed under them (a write between pages, a total that changed). A walk that found fewer
 * records than its total waits for a page of the listing that tells whether it skipped some or counts wrong.
 */
import { LISTINGS } from '../../helpers/catalogue/endpoints.ts';
import type { RuleInfo } from '../../helpers/catalogue/rule.ts';
import type { Exchange } from '../../helpers/http/journal.ts';
import type { ApiResponse } from '../../helpers/http/response.ts';
import { parsePageLink, viewPage } from '../../helpers/listing/page.ts';
import { type Walk, type WalkedPage, walkProblems } from '../../helpers/listing/walk.ts';
import pageCounts, { walkVerdict as countsOfWalk } from '../../rules/pagination/page-counts.ts';
import pageWalk, { walkVerdict as walkedOnce } from '../../rules/pagination/page-walk.ts';
import type { Walked, WalkVerdict } from '../../rules/pagination/walks.ts';

/** The rules that judge a walk, with their verdicts. */
export const WALK_RULES: readonly { readonly rule: RuleInfo; readonly verdict: WalkVerdict }[] = [
  { rule: pageWalk, verdict: walkedOnce },
  { rule: pageCounts, verdict: countsOfWalk },
];

/** Most walks followed at once, ended walks waiting for a page that tells, and pages kept per listing. */
const MAX_OPEN = 100;
const MAX_WAITING = 20;
const MAX_KEPT = 8;

interface OpenWalk {
  readonly endpoint: string;
  readonly limit: number;
  readonly pages: WalkedPage<ApiResponse>[];
}

type SeenPage = WalkedPage<ApiResponse> & { readonly offset: number };

export class RecordedWalks {
  /** The walks under way, by the page their last page's `links.next` names. */
  readonly #open = new Map<string, OpenWalk>();
  #waiting: Walk<ApiResponse>[] = [];
  /** The latest pages of each listing, by endpoint, since the last write to it. */
  readonly #kept = new Map<string, SeenPage[]>();

  constructor(
    private readonly baseUrl: string,
    private readonly defaultLimit: number,
  ) {}

  /** Follows the walks through one exchange; returns the walks it lets be judged (ended, or told). */
  see(x: Exchange): Walked[] {
    if (x.method !== 'GET') {
      if (x.response?.ok) this.#forget(x.path);
      return [];
    }
    if (!x.response || !(LISTINGS as readonly string[]).includes(x.template)) return [];
    const key = normalise(new URL(`${this.baseUrl}${x.target}`));
    const followed = this.#open.get(key);
    this.#open.delete(key);
    const view = viewPage(x.response.json);
    if (!x.response.ok || x.credentials !== 'token' || view.data === undefined) return [];
    const asked = parsePageLink(`${this.baseUrl}${x.target}`, this.baseUrl);
    const offset = asked?.offset ?? 0;
    const page: SeenPage = { response: x.response, path: x.target, offset, view };
    const judged = this.#told(x.template, page);
    this.#keep(x.template, page);
    const walk =
      followed ??
      (offset === 0
        ? { endpoint: x.template, limit: asked?.limit ?? view.limit ?? this.defaultLimit, pages: [] }
        : undefined);
    if (!walk) return judged;
    walk.pages.push(page);
    if (view.links.next === null) {
      const ended = this.#ended(walk);
      return ended ? [...judged, ended] : judged;
    }
    const next = parsePageLink(view.links.next, this.baseUrl);
    if (!next) return judged;
    this.#open.set(normalise(next.url), walk);
    if (this.#open.size > MAX_OPEN) this.#open.delete(this.#open.keys().next().value as string);
    return judged;
  }

  #ended(open: OpenWalk): Walked | undefined {
    if (new Set(open.pages.map((page) => page.view.resultsTotal)).size > 1) return undefined;
    const walk: Walk<ApiResponse> = { limit: open.limit, mode: 'full', pages: open.pages };
    // What the walk's own pages show (a link that skips or repeats, a record twice) needs no other page.
    if (!foundTooFew(walk) || walkProblems(walk).walk.length > 0) return walked(walk);
    for (const page of this.#kept.get(open.endpoint) ?? []) {
      const told = tell(walk, page);
      if (told) return walked(told);
    }
    this.#waiting.push(walk);
    if (this.#waiting.length > MAX_WAITING) this.#waiting.shift();
    return undefined;
  }

  #told(endpoint: string, page: SeenPage): Walked[] {
    const out: Walked[] = [];
    this.#waiting = this.#waiting.filter((walk) => {
      const told = endpointOf(walk) === endpoint ? tell(walk, page) : undefined;
      if (told) out.push(walked(told));
      return !told;
    });
    return out;
  }

  #keep(endpoint: string, page: SeenPage): void {
    const kept = (this.#kept.get(endpoint) ?? []).filter((p) => p.path !== page.path);
    kept.push(page);
    this.#kept.set(endpoint, kept.slice(-MAX_KEPT));
  }

  /** A write to a listing: its walks, its kept pages and the walks waiting on it are let go. */
  #forget(path: string): void {
    const changed = (endpoint: string) => path.startsWith(endpoint);
    for (const [key, walk] of this.#open) if (changed(walk.endpoint)) this.#open.delete(key);
    for (const endpoint of this.#kept.keys()) if (changed(endpoint)) this.#kept.delete(endpoint);
    this.#waiting = this.#waiting.filter((walk) => !changed(endpointOf(walk)));
  }
}

function endpointOf(walk: Walk<ApiResponse>): string {
  return (walk.pages[0]?.path ?? '').split('?')[0] as string;
}

function foundTooFew(walk: Walk<ApiResponse>): boolean {
  const total = walk.pages.at(-1)?.view.resultsTotal;
  const visited = walk.pages.reduce((sum, page) => sum + (page.view.data?.length ?? 0), 0);
  return total !== undefined && visited < total;
}

/**
 * The walk with a page that tells why it found too few records: one listing records it did not visit (it
 * skipped them), or the page at its end (empty: the total is wrong; else the walk stopped early).
 */
function tell(walk: Walk<ApiResponse>, page: SeenPage): Walk<ApiResponse> | undefined {
  const end = walk.pages.at(-1);
  if (!end || page.view.resultsTotal !== end.view.resultsTotal) return undefined;
  if (walk.pages.some((p) => p.path === page.path)) return undefined;
  const visited = new Set(walk.pages.flatMap((p) => [...p.view.ids]));
  if (page.view.ids.some((id) => id !== undefined && !visited.has(id))) return { ...walk, reference: page };
  const endOffset = (end.offset ?? 0) + (end.view.data?.length ?? 0);
  if (page.offset === endOffset) return { ...walk, after: page };
  // A page that is not full ends the listing: where it ends it where the walk did, the total is wrong.
  const held = page.view.data?.length ?? 0;
  const limit = page.view.limit;
  const short = held > 0 && limit !== undefined && held < limit && page.offset + held === endOffset;
  return short ? { ...walk, reference: page } : undefined;
}

function walked(walk: Walk<ApiResponse>): Walked {
  return { settled: { outcome: 'consistent', value: walk, attempts: 1 }, own: [] };
}

/** A page's URL as a key: the path and the decoded query parameters in order of name. */
function normalise(url: URL): string {
  const params = [...url.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${url.pathname}?${params.map(([k, v]) => `${k}=${v}`).join('&')}`;
}
