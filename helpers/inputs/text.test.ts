import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { schemaNode } from './schema-arbitrary.ts';
import { boundaryTexts, LONGEST_TEXT, MIXED_TEXT, showText, textsOf, webhookUrls } from './text.ts';

const codePoints = (text: string) => Array.from(text, (c) => c.codePointAt(0) ?? 0);

describe('textsOf', () => {
  const samples = fc.sample(textsOf(schemaNode('transaction-refund', '/properties/custom_reference')), {
    seed: 7,
    numRuns: 300,
  });

  it('draws strings of 1 to LONGEST_TEXT characters, short and long', () => {
    const lengths = samples.map((s) => codePoints(s).length);
    expect(Math.min(...lengths)).toBeGreaterThanOrEqual(1);
    // A combining sequence is two code points for one drawn character.
    expect(Math.max(...lengths)).toBeLessThanOrEqual(2 * LONGEST_TEXT);
    expect(lengths.some((n) => n > 64)).toBe(true);
    expect(lengths.some((n) => n <= 64)).toBe(true);
  });

  it('draws every character set: ASCII only, Latin-1, BMP, above U+FFFF, combining marks', () => {
    const all = samples.flatMap(codePoints);
    expect(samples.some((s) => /^[\x20-\x7e]+$/.test(s))).toBe(true);
    expect(all.some((c) => c >= 0xa0 && c <= 0xff)).toBe(true);
    expect(all.some((c) => c > 0xff && c <= 0xffff && (c < 0x300 || c > 0x36f))).toBe(true);
    expect(all.some((c) => c > 0xffff)).toBe(true);
    expect(all.some((c) => c >= 0x300 && c <= 0x36f)).toBe(true);
  });

  it('draws NUL and control characters no trim takes, never white space ones, C1 ones or lone surrogates', () => {
    const all = samples.flatMap(codePoints);
    expect(all).toContain(0);
    expect(all.every((c) => ![0x09, 0x0a, 0x0b, 0x0c, 0x0d].includes(c) && (c < 0x80 || c >= 0xa0))).toBe(
      true,
    );
    expect(all.every((c) => c < 0xd800 || c > 0xdfff)).toBe(true);
  });

  it('draws texts a parser may take for another value, leading zeros among them, within the bounds', () => {
    expect(samples.some((s) => /^0\d+$/.test(s.trim()))).toBe(true);
    expect(samples.some((s) => ['true', 'null', '1e3'].includes(s.trim()))).toBe(true);
    const short = fc.sample(textsOf({ type: 'string' }, { minLength: 3, maxLength: 4 }), {
      seed: 5,
      numRuns: 300,
    });
    expect(short.every((s) => s.length >= 3 && s.length <= 8)).toBe(true);
  });

  it('draws some with spaces before or after them, none when bounds are given', () => {
    expect(samples.some((s) => s.startsWith(' '))).toBe(true);
    expect(samples.some((s) => s.endsWith(' '))).toBe(true);
    expect(samples.filter((s) => s !== s.trim()).length).toBeLessThan(samples.length / 2);
    const bounded = fc.sample(textsOf({ type: 'string' }, { maxLength: 5 }), { seed: 3, numRuns: 200 });
    expect(bounded.every((s) => codePoints(s).length <= 5 * 2)).toBe(true);
  });

  it('follows the bounds given and refuses a node that is not a string', () => {
    const short = fc.sample(textsOf({ type: 'string' }, { minLength: 2, maxLength: 3 }), {
      seed: 1,
      numRuns: 50,
    });
    expect(short.every((s) => s.length >= 2)).toBe(true);
    expect(() => textsOf({ type: 'integer' })).toThrow(/not a string node/);
  });
});

describe('boundaryTexts', () => {
  it('gives a 65-character ASCII string and the mixed text, both with the prefix', () => {
    const [long, mixed] = boundaryTexts('cc-1234abcd');
    expect(long).toHaveLength(65);
    expect(long?.startsWith('cc-1234abcd-')).toBe(true);
    expect(mixed).toBe(`cc-1234abcd ${MIXED_TEXT}`);
    const points = codePoints(MIXED_TEXT);
    expect(points.some((c) => c > 0xffff)).toBe(true);
    expect(points.some((c) => c > 0xff && c <= 0xffff)).toBe(true);
    expect(MIXED_TEXT.normalize('NFC')).not.toBe(MIXED_TEXT);
  });

  it('shows a text with its length in characters, cut', () => {
    expect(showText('ab🚀')).toBe('3 chars "ab🚀"');
    expect(showText('x'.repeat(200))).toMatch(/^200 chars "x{86}…"$/);
  });
});

describe('webhookUrls', () => {
  it('draws absolute URLs under the path, with ports, encoded paths, query strings and fragments', () => {
    const urls = fc.sample(webhookUrls('/commerce-conformance/t'), { seed: 5, numRuns: 200 });
    expect(urls.every((u) => URL.canParse(u) && u.startsWith('https://hooks.example.com'))).toBe(true);
    expect(urls.every((u) => new URL(u).pathname.startsWith('/commerce-conformance/t/'))).toBe(true);
    for (const part of [/^https:\/\/[^/]+:\d+\//, /%[0-9A-F]{2}/, /\?/, /#/])
      expect(
        urls.some((u) => part.test(u)),
        String(part),
      ).toBe(true);
    expect(urls.some((u) => !/[:?#]\d*/.test(u.slice(8)) && !u.includes('%'))).toBe(true);
  });
});
