/** Strings that a rule says come back unchanged, across lengths and character sets. */
import fc from 'fast-check';
import type { SchemaNode } from './schema-arbitrary.ts';

type Charset = 'ascii' | 'latin1' | 'bmp' | 'astral' | 'combining' | 'control';

const ofCode = (min: number, max: number) => fc.integer({ min, max }).map((c) => String.fromCodePoint(c));

/**
 * One character (or combining sequence) of a set; no lone surrogates. The control characters are those no trim
 * takes for white space (NUL among them: a database's text type may refuse it, and a server may, with a 4xx).
 */
const UNITS: Record<Charset, fc.Arbitrary<string>> = {
  control: fc.oneof(ofCode(0x00, 0x08), ofCode(0x0e, 0x1f), fc.constant('\u007f')),
  ascii: ofCode(0x20, 0x7e),
  latin1: ofCode(0xa0, 0xff),
  bmp: ofCode(0x100, 0xd7ff),
  astral: ofCode(0x1f300, 0x1faff),
  combining: fc
    .tuple(fc.constantFrom(...'aeinouAEINOU'), ofCode(0x300, 0x36f))
    .map(([base, mark]) => base + mark),
};

/** The longest generated string when the schema gives no bound. */
export const LONGEST_TEXT = 300;

/** A text longer than this many characters is long (`VARCHAR(255)`). */
export const LONG_TEXT = 255;

/** Spaces before a text, after it, or both, as often as none (shrunk to none). */
const PADDING = fc.oneof(
  { weight: 6, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.constantFrom(' ', '  ', '   ') },
);

/** Strings of a schema string node, of one or more character sets, unbounded ones sometimes padded. */
export function textsOf(node: SchemaNode, bounds: { minLength?: number; maxLength?: number } = {}) {
  if (node.type !== 'string') throw new Error(`not a string node: ${JSON.stringify(node)}`);
  const minLength = bounds.minLength ?? node.minLength ?? 1;
  const maxLength = bounds.maxLength ?? node.maxLength ?? LONGEST_TEXT;
  const unitsOf = (sets: Charset[]) => fc.oneof(...sets.map((set) => UNITS[set]));
  const texts = fc
    .subarray(Object.keys(UNITS) as Charset[], { minLength: 1 })
    .chain((sets) => fc.array(unitsOf(sets), { minLength, maxLength, size: 'max' }))
    .map((units) => units.join(''));
  // Texts a parser may take for a number, a boolean or null (`000123` is no `123`), sometimes.
  const fit = (text: string) => text.length >= minLength && text.length <= maxLength;
  const lookalikes = valueLookalikes().filter(fit);
  const all = VALUE_LOOKALIKES.some(fit) ? fc.oneof({ weight: 7, arbitrary: texts }, lookalikes) : texts;
  if (bounds.maxLength !== undefined || node.maxLength !== undefined) return all;
  return fc.tuple(PADDING, all, PADDING).map(([before, text, after]) => before + text + after);
}

/** Texts that read as another JSON value or as a number spelt otherwise. */
const VALUE_LOOKALIKES = ['0', '00', '-0', '007', '1e3', '0x1F', '1.50', 'true', 'false', 'null', 'NaN'];

/** The classes of texts a parser may take for another value: digits with leading zeros, and the others. */
export const valueLookalikeClasses = (): fc.Arbitrary<string>[] => [
  fc.stringMatching(/^0[0-9]{1,11}$/),
  fc.constantFrom(...VALUE_LOOKALIKES),
];

/** A text a parser may take for a number (leading zeros among them), a boolean or null. */
const valueLookalikes = (): fc.Arbitrary<string> => fc.oneof(...valueLookalikeClasses());

export const spaced = (text: string): string => `  ${text} `;

/** A text of {@link LONGEST_TEXT} characters: `prefix`, then `x`. */
export const longText = (prefix: string): string =>
  `${prefix}-${'x'.repeat(Math.max(0, LONGEST_TEXT - prefix.length - 1))}`;

/** A string as a report shows it: its length in characters and the text, escaped and cut. */
export function showText(text: string): string {
  const shown = JSON.stringify(text);
  return `${Array.from(text).length} chars ${shown.length > 90 ? `${shown.slice(0, 87)}…"` : shown}`;
}

/** The gate profile's strings: just above 64 ASCII characters, and one of every character set. */
export function boundaryTexts(prefix: string): readonly string[] {
  return [`${prefix}-${'x'.repeat(Math.max(0, 64 - prefix.length))}`, `${prefix} ${MIXED_TEXT}`];
}

/** Latin-1, Greek and CJK, a combining sequence (e + U+0301) and characters above U+FFFF. */
export const MIXED_TEXT = 'Zürich Ærø ½ ÿ Δοκιμή 測試 Cafe\u0301 🚀💳 𝔘𝔫𝔦';

/** A webhook URL of a reserved domain (RFC 2606: nothing is ever delivered) under `path`, a port if given, then `tail`. */
export const hookUrl = (path: string, tail: string, port?: number): string =>
  `https://hooks.example.com${port === undefined ? '' : `:${port}`}${path}/${tail}`;

/** Webhook URLs (§2.2) under `path`, sometimes with a port, a trailing slash, a query string, a fragment. */
export function webhookUrls(path: string): fc.Arbitrary<string> {
  const part = textsOf({ type: 'string' }, { maxLength: 24 }).map(encodeURIComponent);
  const sometimes = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined, freq: 3 });
  return fc
    .record({
      port: sometimes(fc.oneof(fc.constantFrom(443, 8443), fc.integer({ min: 1, max: 65_535 }))),
      segments: fc.array(part, { maxLength: 3 }),
      slash: fc.boolean(),
      query: sometimes(fc.array(fc.tuple(part, part), { minLength: 1, maxLength: 4 })),
      fragment: sometimes(part),
    })
    .map(({ port, segments, slash, query, fragment }) => {
      const tail = `${segments.join('/')}${slash ? '/' : ''}`;
      const search = query ? `?${query.map(([key, value]) => `${key}=${value}`).join('&')}` : '';
      return `${hookUrl(path, tail, port)}${search}${fragment === undefined ? '' : `#${fragment}`}`;
    });
}
