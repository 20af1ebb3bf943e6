/**
 * Reads the entries of a HAR file (gzip or zlib compressed too) one at a time, with bounded memory: stream-json
 * picks `log.entries` out of the stream and assembles each entry alone.
 */
import { closeSync, createReadStream, openSync, readSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { createGunzip, createInflate } from 'node:zlib';
import chain from 'stream-chain';
import { parser } from 'stream-json';
import { pick } from 'stream-json/filters/pick.js';
import { streamArray } from 'stream-json/streamers/stream-array.js';

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
    readonly content?: { size?: number; mimeType?: string; text?: string; encoding?: string };
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

/** The entries of the HAR file, in order, with their index; throws {@link HarError}. */
export async function* readHar(
  file: string,
  chunkSize = 1 << 20,
): AsyncGenerator<{ index: number; entry: unknown }> {
  let where = 'before' as string;
  let index = 0;
  // Called at the start of each value outside the entries: the path `log.entries` is picked.
  const entries = (stack: readonly unknown[]) => {
    const hit = stack.length === 2 && stack[0] === 'log' && stack[1] === 'entries';
    where = hit ? 'in' : where === 'in' ? 'after' : where;
    return hit;
  };
  const values = chain([
    harStream(file, chunkSize),
    parser({ streamValues: false }),
    pick({ filter: entries }),
    streamArray(),
  ]);
  try {
    for await (const { value } of values) yield { index: index++, entry: value };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code) throw readError(file, error);
    const message = (error as Error).message;
    throw new HarError(
      `${file}: ${where === 'in' ? `entry ${index} is not JSON` : 'not a HAR file'} (${message})`,
    );
  } finally {
    values.destroy();
  }
  if (where === 'before') throw new HarError(`${file}: not a HAR file (no log.entries array)`);
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
  const gzip = head[0] === 0x1f && head[1] === 0x8b;
  // zlib: CM 8 (deflate) in the low nibble, and a header that is a multiple of 31 (RFC 1950).
  const zlib =
    ((head[0] as number) & 0x0f) === 8 && ((head[0] as number) * 256 + (head[1] as number)) % 31 === 0;
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
  const stream = harStream(file, 1 << 20);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const text = tail + chunk.toString('latin1');
      if (pattern.test(text)) return true;
      tail = text.slice(-64);
    }
  } catch (error) {
    throw readError(file, error);
  } finally {
    stream.destroy();
  }
  return false;
}
