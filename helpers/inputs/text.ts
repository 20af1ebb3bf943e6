/**
 * Strings that a rule says come back unchanged (a capture's reference, an integration's values), across lengths and
 * character sets: printable ASCII, Latin-1, the rest of the Basic Multilingual Plane, characters above U+FFFF
 * (emoji) and combining sequences. The schemas type these fields as plain strings without bounds
 * (`schemas/transaction-refund.schema.json` custom_reference, `schemas/integration.schema.json` name and
 * description): the generator follows the node's type and its length bounds when it has them.
 */
import fc from 'fast-check';
import type { SchemaNode } from './schema-arbitrary.ts';

/** The character sets a generated string draws from. */
export type Charset = 'ascii' | 'latin1' | 'bmp' | 'astral' | 'combining';

const ofCode = (min: number, max: number) =>
  fc.integer({ min, max }).map((code) => String.fromCodePoint(code));

/** One character (or combining sequence) of a set; no control characters, no lone surrogates. */
const UNITS: Record<Charset, fc.Arbitrary<string>> = {
  ascii: ofCode(0x20, 0x7e),
  latin1: ofCode(0xa0, 0xff),
  // Above Latin-1, below the surrogates (Greek, Cyrillic, CJK, …).
  bmp: ofCode(0x100, 0xd7ff),
  astral: ofCode(0x1f300, 0x1faff),
  combining: fc
    .tuple(fc.constantFrom(...'aeinouAEINOU'), ofCode(0x300, 0x36f))
    .map(([base, mark]) => base + mark),
};

/** The longest generated string when the schema gives no bound ("lengths up to a few hundred"). */
export const LONGEST_TEXT = 300;

/**
 * Strings of a schema string node: one or more character sets per string (so that some stay plain ASCII and
 * some mix every set), lengths from the node's bounds or 1 to {@link LONGEST_TEXT} characters.
 */
export function textsOf(node: SchemaNode, bounds: { minLength?: number; maxLength?: number } = {}) {
  if (node.type !== 'string') throw new Error(`not a string node: ${JSON.stringify(node)}`);
  const minLength = bounds.minLength ?? node.minLength ?? 1;
  const maxLength = bounds.maxLength ?? node.maxLength ?? LONGEST_TEXT;
  const sets = Object.keys(UNITS) as Charset[];
  return fc
    .subarray(sets, { minLength: 1 })
    .chain((chosen) =>
      fc.array(fc.oneof(...chosen.map((set) => UNITS[set])), { minLength, maxLength, size: 'max' }),
    )
    .map((units) => units.join(''));
}

/** A string as a report shows it: its length in characters and the text, escaped and cut. */
export function showText(text: string): string {
  const shown = JSON.stringify(text);
  return `${Array.from(text).length} chars ${shown.length > 90 ? `${shown.slice(0, 87)}…"` : shown}`;
}

/**
 * The gate profile's deterministic strings (two, to keep the gate small): just above 64 characters (a common
 * column width) in ASCII, and one string of Latin-1, BMP characters above Latin-1, a combining sequence and
 * characters above U+FFFF.
 */
export function boundaryTexts(prefix: string): readonly string[] {
  return [`${prefix}-${'x'.repeat(Math.max(0, 64 - prefix.length))}`, `${prefix} ${MIXED_TEXT}`];
}

/** Latin-1, Greek and CJK, a combining sequence (e + U+0301) and characters above U+FFFF. */
export const MIXED_TEXT = 'Zürich Ærø ½ ÿ Δοκιμή 測試 Cafe\u0301 🚀💳 𝔘𝔫𝔦';
