/**
 * The secrets of traffic the suite did not send, found in the traffic itself (credential headers, cookies,
 * secret query parameters and body fields), redacted wherever they appear, report files included.
 */
import { createRedactor, REDACTED, type Redactor } from '../../helpers/http/redact.ts';
import { attempt, isObject } from '../../helpers/http/response.ts';
import type { HarHeader } from './har.ts';

/** Headers shown as `[redacted]` (`Authorization` keeps its scheme), and secret parameters and fields. */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key']);
const SECRET_NAMES = /^(access_token|refresh_token|id_token|token|client_secret|password|api_key|apikey)$/i;
const MENTIONS_SECRET = /token|secret|password|api_?key/i;

/** A request as the rules judge it: credentials in its query or JSON body (at any depth) say nothing of what is asked. */
export function withoutCredentials(target: string, body?: string): { target: string; body?: string } {
  const [path = '', query] = target.split(/\?(.*)/s);
  const name = (part: string) => attempt(() => decodeURIComponent(part.split('=')[0] as string)) ?? part;
  const kept = query?.split('&').filter((part) => !SECRET_NAMES.test(name(part)));
  const parsed = body && MENTIONS_SECRET.test(body) ? attempt(() => JSON.parse(body)) : undefined;
  const stripped = JSON.stringify(stripSecrets(parsed));
  const same = parsed === undefined || stripped === JSON.stringify(parsed);
  return {
    target: kept?.length ? `${path}?${kept.join('&')}` : path,
    ...(body !== undefined && { body: same ? body : stripped }),
  };
}

/** A copy of a JSON value without its secret fields, at any depth; `found` is told each secret string. */
function stripSecrets(value: unknown, found?: (secret: string) => void): unknown {
  if (Array.isArray(value)) return value.map((item) => stripSecrets(item, found));
  if (!isObject(value)) return value;
  const kept = Object.entries(value).filter(([name, field]) => {
    if (!SECRET_NAMES.test(name)) return true;
    if (typeof field === 'string') found?.(field);
    else stripSecrets(field, found);
    return false;
  });
  return Object.fromEntries(kept.map(([name, field]) => [name, stripSecrets(field, found)]));
}

export class TrafficSecrets {
  readonly #values = new Set<string>();
  #redactor: Redactor | undefined;

  /** Learns the secrets of one request or answer. */
  learn(headers: readonly HarHeader[], url?: string, body?: string): void {
    for (const { name, value } of headers) {
      const lower = name.toLowerCase();
      if (lower === 'authorization' || lower === 'proxy-authorization') {
        this.#add(value);
        this.#add(/^\s*\S+\s+(.+?)\s*$/.exec(value)?.[1]);
      } else if (lower === 'cookie') {
        for (const pair of value.split(';')) this.#add(pair.split('=').slice(1).join('=').trim());
      } else if (lower === 'set-cookie') {
        this.#add(/^[^=]*=([^;]*)/.exec(value)?.[1]?.trim());
      } else if (SECRET_HEADERS.has(lower)) this.#add(value);
    }
    if (url?.includes('?')) this.#params(url.slice(url.indexOf('?') + 1));
    if (body) this.#body(body);
  }

  /** Values known to be secrets (the user information of a URL). */
  learnValues(values: readonly string[]): void {
    for (const value of values) this.#add(value);
  }

  values(): string[] {
    return [...this.#values];
  }

  redactor(): Redactor {
    this.#redactor ??= createRedactor(this.values());
    return this.#redactor;
  }

  /** Headers as evidence shows them. */
  headers(headers: Readonly<Record<string, string>>): Record<string, string> {
    const redactor = this.redactor();
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      if (name === 'authorization' || name === 'proxy-authorization') {
        const scheme = /^\s*(\S+)\s+\S/.exec(value)?.[1];
        out[name] = value.trim() === '' ? value : scheme ? `${scheme} ${REDACTED}` : REDACTED;
      } else out[name] = SECRET_HEADERS.has(name) ? REDACTED : redactor.text(value);
    }
    return out;
  }

  #add(value: string | undefined): void {
    if (!value || value.length < 4 || this.#values.has(value)) return;
    this.#values.add(value);
    this.#redactor = undefined;
  }

  #params(search: string): void {
    for (const [name, value] of new URLSearchParams(search)) if (SECRET_NAMES.test(name)) this.#add(value);
  }

  #body(body: string): void {
    if (!MENTIONS_SECRET.test(body)) return;
    const text = body.trimStart();
    const json = /^[{[]/.test(text) ? attempt(() => JSON.parse(text)) : undefined;
    stripSecrets(json, (secret) => this.#add(secret));
    if (/^[\w.%-]+=/.test(text)) this.#params(text);
  }
}
