/**
 * The generated inputs of the deep profile, derived from the specification: the types and names of the
 * schemas (`schema-arbitrary.ts`) bounded by the numbers of §8 (`helpers/limits.ts`), and, for pages, by the
 * listing's own total, so that the values near the end of a listing are drawn as often as the others.
 */
import fc from 'fast-check';
import { MAX_PAGE_LENGTH, OFFSET_LIMIT } from '../limits.ts';
import { integersOf, schemaNode } from './schema-arbitrary.ts';

/** The page a listing request asks for (§2.5). */
export interface PageAsk {
  readonly limit: number;
  readonly offset: number;
}

const PAGE = '/$defs/meta/properties/page/properties';

/** `page[limit]` over its whole range, 1 to the maximum page length (§8): `meta.page.limit`'s integer type. */
export function pageLimits(): fc.Arbitrary<number> {
  const node = schemaNode('listing-envelope', `${PAGE}/limit`);
  return integersOf(node, { minimum: 1, maximum: MAX_PAGE_LENGTH });
}

/**
 * `page[offset]` for a listing of `total` records at page length `limit`, within the soft offset limit (§8):
 * anywhere up to two pages past the end, near the total (total ± limit), at the start of a page (a multiple
 * of the limit), and near the offset limit itself.
 */
export function pageOffsets(total: number, limit: number): fc.Arbitrary<number> {
  const node = schemaNode('listing-envelope', `${PAGE}/offset`);
  const within = (value: number) => Math.min(Math.max(value, 0), OFFSET_LIMIT);
  return fc.oneof(
    integersOf(node, { minimum: 0, maximum: within(total + 2 * limit) }),
    fc.integer({ min: -limit, max: limit }).map((k) => within(total + k)),
    fc.integer({ min: 0, max: Math.ceil(total / limit) + 1 }).map((page) => within(page * limit)),
    fc.integer({ min: OFFSET_LIMIT - limit, max: OFFSET_LIMIT }),
  );
}

/** A page of a listing of `total` records: a page length, then an offset for it. */
export function pageAsks(total: number): fc.Arbitrary<PageAsk> {
  return pageLimits().chain((limit) => pageOffsets(total, limit).map((offset) => ({ limit, offset })));
}

/**
 * Values drawn by `draw` but shrunk as values of `shrinkAs` (which must be able to hold every drawn value):
 * inputs drawn where they matter most, and shrunk over the whole range to the smallest that still fails
 * (a `fc.oneof` shrinks each value only inside the branch that drew it).
 */
class DrawnShrunkAs<T> extends fc.Arbitrary<T> {
  constructor(
    private readonly draw: fc.Arbitrary<T>,
    private readonly shrinkAs: fc.Arbitrary<T>,
  ) {
    super();
  }

  generate(mrng: Parameters<fc.Arbitrary<T>['generate']>[0], bias: number | undefined): fc.Value<T> {
    return new fc.Value(this.draw.generate(mrng, bias).value, undefined);
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return this.shrinkAs.canShrinkWithoutContext(value);
  }

  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    return this.shrinkAs.shrink(value, context);
  }
}

/**
 * Page lengths of a walk over a listing of `total` records (§2.5, rules PAGE-WALK, PAGE-COUNTS): 1 to the
 * maximum page length, drawn mostly where walks differ: small lengths (many pages), lengths near the total
 * (total − 2 to total + 1: a last page of one or two records, or the whole listing in one page) and the
 * total divided into 2 to 8 pages (a last page of every size), besides the whole range. A failing length
 * shrinks over the whole range, to the smallest failing one.
 */
export function walkLengths(total: number): fc.Arbitrary<number> {
  const within = (value: number) => Math.min(Math.max(value, 1), MAX_PAGE_LENGTH);
  const drawn = fc.oneof(
    { arbitrary: fc.integer({ min: 1, max: 10 }), weight: 2 },
    { arbitrary: fc.integer({ min: -2, max: 1 }).map((k) => within(total + k)), weight: 2 },
    { arbitrary: fc.integer({ min: 2, max: 8 }).map((k) => within(Math.ceil(total / k))), weight: 2 },
    { arbitrary: pageLimits(), weight: 1 },
  );
  return new DrawnShrunkAs(drawn, fc.integer({ min: 1, max: MAX_PAGE_LENGTH }));
}

/** Shrunk over the whole range of page lengths, 1 to the maximum (see {@link DrawnShrunkAs}). */
const shrunkAsLength = (drawn: fc.Arbitrary<number>) =>
  new DrawnShrunkAs(drawn, fc.integer({ min: 1, max: MAX_PAGE_LENGTH }));

/**
 * The classes of page lengths relative to a listing of `total` records that every seed visits (§2.5, §8): 1
 * (a record a page), a small odd and a small even length, a divisor of the total that leaves a full last
 * page, a length that leaves one record alone on the last page (total − 1 among them), the total (one full
 * page), above it (one page, not full), and the maximum of 100; the seed picks the value inside each class.
 * A class the total leaves empty (no divisor of a prime total, nothing above 100) is left out. Each shrinks over
 * the whole range, like {@link walkLengths}.
 */
export function pageLengthClasses(total: number): fc.Arbitrary<number>[] {
  const n = Math.max(total, 1);
  const lengths = Array.from({ length: MAX_PAGE_LENGTH }, (_, i) => i + 1);
  // Lengths that make two pages or more, with a full last page, or one record on it.
  const fullLast = lengths.filter((length) => length > 1 && length < n && n % length === 0);
  const oneLeft = lengths.filter((length) => length > 1 && length < n && n % length === 1);
  const classes = [
    fc.constant(1),
    fc.integer({ min: 1, max: 4 }).map((k) => 2 * k + 1),
    fc.integer({ min: 1, max: 5 }).map((k) => 2 * k),
    ...(fullLast.length > 0 ? [fc.constantFrom(...fullLast)] : []),
    ...(oneLeft.length > 0 ? [fc.constantFrom(...oneLeft)] : []),
    ...(n <= MAX_PAGE_LENGTH ? [fc.constant(n)] : []),
    ...(n < MAX_PAGE_LENGTH ? [fc.integer({ min: n + 1, max: MAX_PAGE_LENGTH })] : []),
    fc.constant(MAX_PAGE_LENGTH),
  ];
  return classes.map(shrunkAsLength);
}

/**
 * The classes of pages of a listing of `total` records that every seed visits: each class of page lengths
 * ({@link pageLengthClasses}) at an offset drawn for it, and each class of offsets at a drawn page length: 0,
 * the start of a page inside the listing, an offset inside it that is not, the last record, the end itself,
 * past the end, and near the offset limit of §8.
 */
export function pageAskClasses(total: number): fc.Arbitrary<PageAsk>[] {
  const byLength = pageLengthClasses(total).map((lengths) =>
    lengths.chain((limit) => pageOffsets(total, limit).map((offset) => ({ limit, offset }))),
  );
  const within = (value: number) => Math.min(Math.max(value, 0), OFFSET_LIMIT);
  const at = (offset: (limit: number) => fc.Arbitrary<number>) =>
    pageLimits().chain((limit) => offset(limit).map((value) => ({ limit, offset: within(value) })));
  const inside = Math.max(total - 1, 0);
  /** An offset inside the listing that is not the start of a page (needs a length above 1 and 2 records). */
  const unaligned = pageLimits()
    .filter((limit) => limit > 1)
    .chain((limit) =>
      fc
        .integer({ min: 1, max: inside })
        .map((offset) => ({ limit, offset: offset % limit === 0 ? offset - 1 : offset })),
    );
  const byOffset = [
    at(() => fc.constant(0)),
    at((limit) => fc.integer({ min: 0, max: Math.floor(inside / limit) }).map((page) => page * limit)),
    ...(inside > 0 ? [unaligned] : []),
    at(() => fc.constant(inside)),
    at(() => fc.constant(total)),
    at((limit) => fc.integer({ min: total + 1, max: total + 2 * limit })),
    at((limit) => fc.integer({ min: OFFSET_LIMIT - limit, max: OFFSET_LIMIT })),
  ];
  return [...byLength, ...byOffset];
}

/** Page lengths above the maximum (§8, rule PAGE-MAX-LIMIT), up to the largest safe integer. */
export function limitsAboveMaximum(): fc.Arbitrary<number> {
  return fc.oneof(
    fc.integer({ min: MAX_PAGE_LENGTH + 1, max: MAX_PAGE_LENGTH * 100 }),
    fc.integer({ min: MAX_PAGE_LENGTH + 1, max: Number.MAX_SAFE_INTEGER }),
  );
}

/** Offsets above the offset limit (§8, rules PAGE-OFFSET-HARD and PAGE-OFFSET-SOFT). */
export function offsetsAboveLimit(): fc.Arbitrary<number> {
  return fc.oneof(
    fc.integer({ min: OFFSET_LIMIT + 1, max: OFFSET_LIMIT * 10 }),
    fc.integer({ min: OFFSET_LIMIT + 1, max: Number.MAX_SAFE_INTEGER }),
  );
}

/**
 * Spellings of a page parameter that are not what the schema types it as (a non-negative integer, and for a
 * limit a positive one; rule PAGE-BAD-PARAMS): negative integers, zero (limits), decimals, exponents, words,
 * empty values, integers beyond any safe size.
 */
export function malformedPageValues(param: 'limit' | 'offset'): fc.Arbitrary<string> {
  return fc.oneof(
    fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -1 }).map(String),
    fc
      .double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true })
      .filter((x) => !Number.isInteger(x))
      .map(String),
    fc.integer({ min: 1, max: 99 }).map((n) => `${n}e${n % 3}`),
    fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !/^\d+$/.test(s)),
    fc.bigInt({ min: 10n ** 20n, max: 10n ** 40n }).map(String),
    ...(param === 'limit' ? [fc.constantFrom('0', '00', '-0')] : [fc.constant('-0.5')]),
  );
}
