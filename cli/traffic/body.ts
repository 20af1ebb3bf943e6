/**
 * The body of an answer as text, decoded from its `Content-Encoding`, or as it is when the producer already
 * decoded it (browsers and mitmproxy keep the decoded body under the header of the wire).
 */
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';

const utf8 = new TextDecoder('utf-8', { fatal: true });

export const UNDECODABLE =
  'an answer whose body cannot be decoded (its encoding, or its form in the recording)';

/** The body as text; undefined when its encoding is not known or its bytes do not decode. */
export function decodeBody(body: Buffer, encoding: string | undefined): string | undefined {
  const codings = (encoding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  let bytes: Buffer | undefined = body;
  // Codings apply in the order listed: undo them from the last.
  for (const coding of codings.reverse()) {
    bytes = undo(bytes, coding);
    if (bytes === undefined) return undefined;
  }
  // A gzip stream under no (or another) header: the bytes of the wire, kept by the producer.
  const wire: Buffer = bytes;
  if (wire[0] === 0x1f && wire[1] === 0x8b) bytes = attempt(() => gunzipSync(wire));
  return bytes && text(bytes);
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
