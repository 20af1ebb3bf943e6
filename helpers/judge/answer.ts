/**
 * An exchange as a rule reads it: the request's method, path parameters (by the template it matched),
 * decoded query parameters and JSON body, and the answer. The query is read as a client's spelling is read:
 * percent-encoded or not (`page%5Blimit%5D` is `page[limit]`), in any order, `+` as a space.
 */
import type { Credentials, Entry, Method, Source } from '../http/journal.ts';
import type { ApiResponse } from '../http/response.ts';

/** The query parameters of a request, decoded. */
export interface Query {
  /** The first value of the parameter, or undefined when it is absent. */
  get(name: string): string | undefined;
  /** Every value of the parameter, in order. */
  all(name: string): string[];
  has(name: string): boolean;
  /** The parameter names, each once, in order of first appearance. */
  readonly names: readonly string[];
}

export interface Answer {
  readonly method: Method;
  /** The path after the base URL, without the query string, as sent. */
  readonly path: string;
  /** The path template of the rule's scope that the path matched (`/v2/orders/:orderId/transactions`). */
  readonly template: string;
  /** The path parameters of the template it matched, percent-decoded (`{ orderId: '…' }`). */
  readonly params: Readonly<Record<string, string>>;
  readonly query: Query;
  /** The request body parsed as JSON; undefined when there was none or it was not JSON. */
  readonly body: unknown;
  readonly credentials: Credentials;
  readonly response: ApiResponse;
  readonly source: Source;
  /** When the request was sent, on the journal's clock (what the run knew then, see `knowledge.ts`). */
  readonly sent: number;
}

/** Reads a query string (without `?`) the way a server decodes it. */
export function parseQuery(search: string): Query {
  const params = new URLSearchParams(search);
  const names = [...new Set([...params.keys()])];
  return {
    get: (name) => params.get(name) ?? undefined,
    all: (name) => params.getAll(name),
    has: (name) => params.has(name),
    names,
  };
}

/**
 * The path parameters when `path` matches `template` (`/v2/orders/:orderId/transactions`): the same number
 * of segments, literal ones equal, `:name` ones any non-empty segment, percent-decoded. Undefined otherwise.
 */
export function matchPath(template: string, path: string): Record<string, string> | undefined {
  if (template === '*') return {};
  const want = template.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string;
    const g = got[i] as string;
    const decoded = safeDecode(g);
    if (!w.startsWith(':')) {
      if (decoded !== w) return undefined;
    } else if (g === '' || decoded === undefined) return undefined;
    else params[w.slice(1)] = decoded;
  }
  return params;
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** The answer of an entry, when `template` matches its path (an entry without an answer has none). */
export function answerOf(entry: Entry, template: string): Answer | undefined {
  const { response } = entry;
  if (!response) return undefined;
  const at = entry.path.indexOf('?');
  const path = at < 0 ? entry.path : entry.path.slice(0, at);
  const params = matchPath(template, path);
  if (!params) return undefined;
  return {
    method: entry.method,
    path,
    template,
    params,
    query: parseQuery(at < 0 ? '' : entry.path.slice(at + 1)),
    body: requestJson(entry),
    credentials: entry.credentials,
    response,
    source: entry.source,
    sent: entry.sent,
  };
}

function requestJson(entry: Entry): unknown {
  const { json, raw } = entry.options;
  if (json !== undefined) return json;
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
