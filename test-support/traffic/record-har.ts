/**
 * Records real exchanges with a server as HAR 1.2 entries (what a browser or a proxy would write), for the
 * tests and the benchmark of the `traffic` command: each request is sent with `fetch`, and the entry holds its
 * headers and bodies as they went and came.
 */
import type { HarEntry } from '../../cli/traffic/har.ts';

export interface RecordedRequest {
  readonly method?: string;
  /** The path from `/v2`, query string included. */
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Write the answer's body base64-encoded, as some tools do. */
  readonly base64?: boolean;
}

/** Sends each request to `base` in order and returns the HAR entries of the exchanges. */
export async function recordExchanges(
  base: string,
  requests: readonly RecordedRequest[],
): Promise<HarEntry[]> {
  const entries: HarEntry[] = [];
  for (const r of requests) {
    const started = new Date();
    const method = r.method ?? 'GET';
    const headers = { ...(r.body !== undefined ? { 'content-type': 'application/json' } : {}), ...r.headers };
    const response = await fetch(`${base}${r.path}`, {
      method,
      headers,
      ...(r.body !== undefined ? { body: r.body } : {}),
    });
    const text = await response.text();
    entries.push({
      startedDateTime: started.toISOString(),
      time: Date.now() - started.getTime(),
      request: {
        method,
        url: `${base}${r.path}`,
        headers: Object.entries(headers).map(([name, value]) => ({ name, value })),
        ...(r.body !== undefined ? { postData: { mimeType: 'application/json', text: r.body } } : {}),
      },
      response: {
        status: response.status,
        headers: [...response.headers].map(([name, value]) => ({ name, value })),
        content: {
          size: Buffer.byteLength(text),
          mimeType: response.headers.get('content-type') ?? '',
          ...(r.base64 ? { text: Buffer.from(text).toString('base64'), encoding: 'base64' } : { text }),
        },
      },
    });
  }
  return entries;
}

/** A HAR 1.2 document of the entries. */
export function harOf(entries: readonly HarEntry[]): string {
  return JSON.stringify({
    log: {
      version: '1.2',
      creator: { name: 'commerce-conformance tests', version: '1' },
      pages: [],
      entries,
    },
  });
}
