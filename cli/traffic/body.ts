/**
 * The body of an answer as text, from the bytes a recording or the proxy holds: decoded from its
 * `Content-Encoding` (gzip, deflate, br), or taken as it is when the producer already decoded it (browsers and
 * mitmproxy keep the decoded body under the header of the wire). Undefined when it cannot be decoded: such an
 * answer is not judged, and is counted by that reason.
 */
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';

const GZIP_MAGIC = [0x1f, 0x8b] as const;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The reason counted when {@link decodeBody} gives undefined. */
export const UNDECODABLE =
  'an answer whose body cannot be decoded (its encoding, or its form in the recording)';

/** The body as text; undefined when its encoding is not known or its bytes do not decode. */
export function decodeBody(body: Buffer, encoding: string | undefined): string | undefined {
  const codings = (encoding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  let bytes = body;
  // Codings apply in the order listed: undo them from the last.
  for (const coding of codings.reverse()) {
    const undone = undo(bytes, coding);
    if (undone === undefined) return undefined;
    bytes = undone;
  }
  // A gzip stream under no (or another) header: the bytes as they went on the wire, kept by the producer.
  if (bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1]) {
    const undone = attempt(() => gunzipSync(bytes));
    if (undone === undefined) return undefined;
    bytes = undone;
  }
  return text(bytes);
}

/** One coding undone; the bytes as they are when they already read as text (the producer decoded them). */
function undo(bytes: Buffer, coding: string): Buffer | undefined {
  if (text(bytes) !== undefined) return bytes;
  const decoders: Record<string, () => Buffer> = {
    gzip: () => gunzipSync(bytes),
    'x-gzip': () => gunzipSync(bytes),
    deflate: () => attempt(() => inflateSync(bytes)) ?? inflateRawSync(bytes),
    br: () => brotliDecompressSync(bytes),
  };
  const decode = decoders[coding];
  return decode ? attempt(decode) : undefined;
}

function attempt(fn: () => Buffer): Buffer | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

/** The bytes as UTF-8 text (a leading byte-order mark dropped); undefined when they are not UTF-8. */
function text(bytes: Buffer): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}
