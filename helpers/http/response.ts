import type { Evidence } from './evidence.ts';

/** What came back for one request, with the body parsed when it is JSON. */
export class ApiResponse {
  constructor(
    readonly status: number,
    /** Header names in lower case. */
    readonly headers: Readonly<Record<string, string>>,
    readonly text: string,
    readonly evidence: Evidence,
    /** Traffic whose recording does not say what the headers were (null or absent). */
    readonly headersUnknown = false,
  ) {}

  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }

  get statusClass(): string {
    return `${Math.floor(this.status / 100)}xx`;
  }

  /** Whether `Content-Type` says JSON (`application/json` or `application/*+json`). */
  get declaresJson(): boolean {
    return /^application\/([\w.-]+\+)?json\b/i.test(this.headers['content-type'] ?? '');
  }

  /** The body parsed as JSON, whatever the Content-Type says. */
  get json(): unknown {
    this.#parsed ??= { value: this.text.trim() === '' ? undefined : attempt(() => JSON.parse(this.text)) };
    return this.#parsed.value;
  }

  get data(): unknown {
    return isObject(this.json) ? this.json.data : undefined;
  }

  #parsed: { value: unknown } | undefined;
}

/** What `fn` returns; undefined when it throws. */
export function attempt<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

/** A plain JSON object (not null, not an array). */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
