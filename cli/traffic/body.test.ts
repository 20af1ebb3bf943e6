import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeBody } from './har-entry.ts';

const json = '{"data":{"name":"é ✓"}}';
const bytes = Buffer.from(json);

describe('decodeBody', () => {
  it('undoes each coding of the wire: gzip, deflate (zlib or raw), br, and several in order', () => {
    expect(decodeBody(gzipSync(bytes), 'gzip')).toBe(json);
    expect(decodeBody(gzipSync(bytes), 'x-gzip')).toBe(json);
    expect(decodeBody(deflateSync(bytes), 'deflate')).toBe(json);
    expect(decodeBody(deflateRawSync(bytes), 'deflate')).toBe(json);
    expect(decodeBody(brotliCompressSync(bytes), 'br')).toBe(json);
    expect(decodeBody(brotliCompressSync(gzipSync(bytes)), 'gzip, br')).toBe(json);
    expect(decodeBody(bytes, 'identity')).toBe(json);
  });

  it('takes a body the producer already decoded as it is, and gunzips gzip bytes under no header', () => {
    expect(decodeBody(bytes, 'gzip')).toBe(json);
    expect(decodeBody(bytes, 'br')).toBe(json);
    expect(decodeBody(gzipSync(bytes), undefined)).toBe(json);
    expect(decodeBody(Buffer.from(`\ufeff${json}`), undefined)).toBe(json);
  });

  it('gives undefined for bytes that do not decode, and for an unknown coding of bytes that are not text', () => {
    const broken = gzipSync(bytes).subarray(0, 12);
    expect(decodeBody(broken, 'gzip')).toBeUndefined();
    expect(decodeBody(broken, undefined)).toBeUndefined();
    expect(decodeBody(Buffer.from([0xff, 0xfe, 0x00, 0x81]), 'zstd')).toBeUndefined();
    expect(decodeBody(Buffer.from([0xc3, 0x28]), undefined)).toBeUndefined();
  });
});
