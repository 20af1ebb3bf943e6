/**
 * Which of the requests a suite file sent are replayed without valid credentials (§5: "every endpoint
 * above requires the header Authorization"; issue 10): those sent with the run's token to an endpoint of §4
 * and answered 2xx, as sent (method, path, query string, body). A request its target refused with the
 * token proves nothing when it is refused without one, and provisioning endpoints are not §4's.
 *
 * The gate profile replays one request of each kind: the same method, endpoint and query parameter names
 * (`GET /v2/products?include&page[…]`, the page parameters counting as one), the first of the kind in order
 * of path. The deep profile draws
 * from all of them. Both lists are sorted, so the same requests give the same inputs for a seed, whatever
 * order the concurrent checks sent them in.
 */

import { OPERATIONS } from '../../helpers/catalogue/operations.ts';
import type { Method, RequestOptions, SentRequest } from '../../helpers/http/client.ts';

/** An endpoint of §4: its method and path template, and a pattern that matches its paths. */
interface Endpoint {
  readonly method: Method;
  readonly template: string;
  readonly pattern: RegExp;
}

/** The endpoints of §4 (the OpenAPI document's operations whose source is a section of §4). */
export const SPEC_ENDPOINTS: readonly Endpoint[] = OPERATIONS.filter((op) => op.source.startsWith('§4')).map(
  (op) => ({
    method: op.method.toUpperCase() as Method,
    template: op.path,
    pattern: new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/?#]+')}$`),
  }),
);

/** A request to send again, as it was sent. */
export interface Replayable {
  readonly method: Method;
  /** The path as sent, query string included. */
  readonly path: string;
  /** The body and headers as sent (no `auth`: the replay chooses the credentials). */
  readonly options: Omit<RequestOptions, 'auth'>;
  /** The endpoint's path template, `/v2/orders/{orderId}/transactions`. */
  readonly template: string;
  /** Its kind: method, template and query parameter names, `GET /v2/products?include&page[…]`. */
  readonly kind: string;
}

/**
 * The query parameter names of a path, each once, sorted, as a kind sees them: `include`; the page
 * parameters (`page[limit]`, `page[offset]`, and malformed ones such as `page[limit][x]`) as one, `page[…]`;
 * any other name (§4 names no other) as one, `…`. So a kind is one of a few per endpoint, however many
 * spellings the malformed-request checks send.
 */
export function parameterNames(path: string): string[] {
  const query = path.split('?')[1];
  if (query === undefined || query === '') return [];
  const names = query.split('&').map((pair) => {
    let name = pair.split('=')[0] ?? '';
    try {
      name = decodeURIComponent(name);
    } catch {
      // kept as sent
    }
    return name.startsWith('page[') ? 'page[…]' : name === 'include' ? name : '…';
  });
  return [...new Set(names)].sort();
}

/** The endpoint of §4 a request is sent to, if any. */
export function endpointOf(method: Method, path: string): Endpoint | undefined {
  const bare = path.split('?')[0] ?? path;
  return SPEC_ENDPOINTS.find((e) => e.method === method && e.pattern.test(bare));
}

/** The body of a request as a string, to tell requests apart. */
function bodyOf(options: RequestOptions): string {
  if (options.raw !== undefined) return `raw:${options.raw}`;
  if (options.json !== undefined) return `json:${JSON.stringify(options.json)}`;
  return '';
}

/**
 * The requests of `sent` to replay: those to an endpoint of §4 that were answered 2xx (the journal keeps
 * only those sent with the run's token), each distinct request once, sorted by kind and then path.
 */
export function replayable(sent: readonly SentRequest[]): Replayable[] {
  const seen = new Map<string, Replayable>();
  for (const request of sent) {
    if (request.status < 200 || request.status > 299) continue;
    const endpoint = endpointOf(request.method, request.path);
    if (endpoint === undefined) continue;
    const { auth: _auth, ...options } = request.options;
    const key = `${request.method} ${request.path} ${bodyOf(options)} ${JSON.stringify(options.headers ?? {})}`;
    if (seen.has(key)) continue;
    const names = parameterNames(request.path);
    seen.set(key, {
      method: request.method,
      path: request.path,
      options,
      template: endpoint.template,
      kind: `${request.method} ${endpoint.template}${names.length === 0 ? '' : `?${names.join('&')}`}`,
    });
  }
  return [...seen.entries()]
    .sort(([a, x], [b, y]) => compare(x.kind, y.kind) || compare(x.path, y.path) || compare(a, b))
    .map(([, request]) => request);
}

/** One request of each kind (the first of the sorted list): what the gate profile replays. */
export function oneOfEachKind(requests: readonly Replayable[]): Replayable[] {
  const kinds = new Map<string, Replayable>();
  for (const request of requests) if (!kinds.has(request.kind)) kinds.set(request.kind, request);
  return [...kinds.values()];
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
