/**
 * Reads the entries of a HAR file (gzip or zlib compressed too) one at a time, with bounded memory: a scanner
 * that knows only JSON's structure cuts each entry of `log.entries` out of the stream for `JSON.parse`.
 */
import { closeSync, createReadStream, openSync, readSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { createGunzip, createInflate } from 'node:zlib';

/** The parts of a HAR 1.2 entry the suite reads (as tests write them; entries read are `unknown`). */
export interface HarEntry {
  readonly startedDateTime?: string;
  readonly time?: number;
  readonly request: {
    readonly method: string;
    readonly url: string;
    readonly headers?: readonly HarHeader[];
    readonly postData?: { readonly mimeType?: string; readonly text?: string };
  };
  readonly response?: {
    readonly status: number;
    readonly headers?: readonly HarHeader[];
    readonly content?: {
      readonly size?: number;
      readonly mimeType?: string;
      readonly text?: string;
      readonly encoding?: string;
    };
  };
}

export interface HarHeader {
  readonly name: string;
  readonly value: string;
}

/** A file that is not a HAR recording, or cannot be read: exit code 2. */
export class HarError extends Error {
  override readonly name = 'HarError';
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
/** Longest key that is remembered (only `log` and `entries` matter). */
const MAX_KEY = 32;

/** The entries of the HAR file, in order, with their index; throws {@link HarError}. */
export async function* readHar(
  file: string,
  chunkSize = 1 << 20,
): AsyncGenerator<{ index: number; entry: unknown }> {
  let depth = 0;
  let inString = false;
  let escaped = false;
  /** The bytes of a string that may be a key of the two outer levels. */
  let key: number[] | undefined;
  let lastString = '';
  const keys: string[] = [];
  let inEntries = false;
  let sawEntries = false;
  let parts: Buffer[] = [];
  let start = -1;
  let index = 0;
  for await (const chunk of chunksOf(file, chunkSize)) {
    if (start >= 0) start = 0;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i] as number;
      if (inString && !escaped && !key) {
        // Inside a string that is no key: jump to the next quote not escaped by an odd run of backslashes.
        const quote = chunk.indexOf(QUOTE, i);
        const end = quote < 0 ? chunk.length : quote;
        let run = 0;
        while (end - run - 1 >= i && chunk[end - run - 1] === BACKSLASH) run += 1;
        if (quote < 0) escaped = run % 2 === 1;
        else if (run % 2 === 0) inString = false;
        i = end;
        continue;
      }
      if (inString) {
        if (escaped) escaped = false;
        else if (b === BACKSLASH) escaped = true;
        else if (b === QUOTE) {
          inString = false;
          if (key) lastString = Buffer.from(key).toString('utf8');
          key = undefined;
          continue;
        }
        if (key && key.length < MAX_KEY) key.push(b);
        continue;
      }
      if (b === QUOTE) {
        inString = true;
        key = depth <= 2 ? [] : undefined;
      } else if (b === COLON) {
        if (depth <= 2) keys[depth] = lastString;
      } else if (b === OPEN_OBJECT || b === OPEN_ARRAY) {
        depth += 1;
        if (b === OPEN_ARRAY && depth === 3 && keys[1] === 'log' && keys[2] === 'entries') {
          inEntries = true;
          sawEntries = true;
        } else if (inEntries && depth === 4 && b === OPEN_OBJECT) start = i;
      } else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) {
        if (inEntries && depth === 4 && b === CLOSE_OBJECT && start >= 0) {
          parts.push(chunk.subarray(start, i + 1));
          const text = (parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts)).toString('utf8');
          parts = [];
          start = -1;
          let entry: unknown;
          try {
            entry = JSON.parse(text);
          } catch (error) {
            throw new HarError(`${file}: entry ${index} is not JSON (${(error as Error).message})`);
          }
          yield { index: index++, entry };
        } else if (inEntries && depth === 3) inEntries = false;
        depth -= 1;
        if (depth < 0) throw new HarError(`${file}: not a HAR file (unbalanced JSON)`);
      }
    }
    if (start >= 0) parts.push(chunk.subarray(start));
  }
  if (!sawEntries) throw new HarError(`${file}: not a HAR file (no log.entries array)`);
  const where = start >= 0 ? ` in entry ${index}` : '';
  if (depth !== 0 || inString) throw new HarError(`${file}: not a HAR file (the JSON ends early${where})`);
}

/** The chunks of the recording; a stream that cannot be read or decompressed throws a {@link HarError}. */
async function* chunksOf(file: string, chunkSize: number): AsyncGenerator<Buffer> {
  const stream = harStream(file, chunkSize);
  try {
    yield* stream as AsyncIterable<Buffer>;
  } catch (error) {
    throw readError(file, error);
  } finally {
    stream.destroy();
  }
}

/** The bytes of the recording, decompressed when its first bytes are those of gzip or zlib. */
function harStream(file: string, chunkSize: number): Readable {
  const head = Buffer.alloc(2);
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    readSync(fd, head, 0, 2, 0);
  } catch (error) {
    throw readError(file, error);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  const raw = createReadStream(file, { highWaterMark: chunkSize });
  const [first = 0, second = 0] = head;
  const gzip = first === 0x1f && second === 0x8b;
  // zlib: CM 8 (deflate) in the low nibble, and a header that is a multiple of 31 (RFC 1950).
  const zlib = (first & 0x0f) === 8 && (first * 256 + second) % 31 === 0;
  if (!gzip && !zlib) return raw;
  const inflate = gzip ? createGunzip({ chunkSize }) : createInflate({ chunkSize });
  raw.on('error', (error) => inflate.destroy(error));
  return raw.pipe(inflate);
}

function readError(file: string, error: unknown): HarError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code?.startsWith('Z_'))
    return new HarError(`${file}: cannot be decompressed (${(error as Error).message})`);
  return new HarError(`${file}: cannot be read (${code ?? (error as Error).message})`);
}

/**
 * Whether a recording names an `Authorization` header anywhere (a sanitized export leaves every one out). In a
 * JSON string a quote is escaped, so the pattern matches only the structure, never a body.
 */
export async function namesAuthorization(file: string): Promise<boolean> {
  const pattern = /"name"\s*:\s*"authorization"|"authorization"\s*:/i;
  let tail = '';
  for await (const chunk of chunksOf(file, 1 << 20)) {
    const text = tail + chunk.toString('latin1');
    if (pattern.test(text)) return true;
    tail = text.slice(-64);
  }
  return false;
}
