/**
 * Exchanges as the journal records them, made by hand for the tests of the rules, the judging and the
 * knowledge: a request as sent and its answer, and the context exchange verdicts are judged in.
 */
import {
  type Credentials,
  Exchange,
  type Method,
  type RequestOptions,
  type Source,
} from '../../helpers/http/journal.ts';
import { ApiResponse } from '../../helpers/http/response.ts';
import type { Dimension } from '../../helpers/inputs/coverage.ts';
import type { JudgingContext } from '../../helpers/judge/judgement.ts';
import { Knowledge } from '../../helpers/judge/knowledge.ts';

let clock = 0;
/** The clock of the exchanges made here (shared, so that they are in order). */
export const tick = (): number => ++clock;

export interface ExchangeExtra {
  readonly options?: RequestOptions;
  readonly credentials?: Credentials;
  /** Response headers (the JSON content type by default). */
  readonly headers?: Record<string, string>;
  readonly source?: Source;
  readonly sent?: number;
  /** The answer's body as text, instead of `body` as JSON. */
  readonly text?: string;
  /** A recording that does not say what the answer's headers were. */
  readonly headersUnknown?: boolean;
}

/** An exchange: `target` the path and query after the base URL; `body` the answer's JSON (none: no body). */
export function exchangeOf(
  method: Method,
  target: string,
  status: number,
  body?: unknown,
  extra: ExchangeExtra = {},
): Exchange {
  const text = extra.text ?? (body === undefined ? '' : JSON.stringify(body));
  const options = extra.options ?? {};
  const sentBody = options.json !== undefined ? JSON.stringify(options.json) : options.raw;
  const evidence = {
    request: {
      method,
      url: `http://t${target}`,
      headers: {},
      ...(sentBody === undefined ? {} : { body: sentBody }),
    },
    response: { status, headers: {}, body: text },
    durationMs: 1,
    curl: 'curl',
  };
  return new Exchange({
    sent: extra.sent ?? tick(),
    source: extra.source ?? { kind: 'check', name: 'a check' },
    method,
    target,
    options,
    credentials: extra.credentials ?? 'token',
    response: new ApiResponse(
      status,
      { 'content-type': 'application/json', ...extra.headers },
      text,
      evidence,
      extra.headersUnknown,
    ),
    evidence,
  });
}

/** The settings exchange verdicts read, for a target at `http://t`. */
export const SETTINGS: JudgingContext['settings'] = { baseUrl: 'http://t', defaultPageLimit: 100, rules: [] };

/** A context to judge in: fresh knowledge on the shared clock, and {@link SETTINGS} (every rule selected). */
export function judgingContext(options: { readonly soleClient?: boolean } = {}): JudgingContext {
  return { known: new Knowledge(tick, options.soleClient), settings: SETTINGS };
}

/** A sent request as a test writes it: method, target, status, answer body, request body and credentials. */
export type Sent = [Method, string, number, unknown?, { json?: unknown; credentials?: Credentials }?];

/** The points of `dimension` each exchange visits, in turn, over one suite file's state. */
export function visitsOf(dimension: Dimension, ...exchanges: Sent[]): (readonly string[])[] {
  const state = new Map<string, unknown>();
  return exchanges.map(([method, path, status, body, extra]) =>
    dimension.visits(
      exchangeOf(method, path, status, body, {
        options: extra?.json === undefined ? {} : { json: extra.json },
        credentials: extra?.credentials ?? 'token',
      }),
      state,
    ),
  );
}
