/**
 * The generated inputs of the deep profile, derived from the specification: the types and names of the
 * schemas (`schema-arbitrary.ts`) bounded by the numbers of §8 (`helpers/limits.ts`), and, for pages, by the
 * listing's own total, so that the values near the end of a listing are drawn as often as the others.
 */
import fc from 'fast-check';
import { MAX_PAGE_LENGTH, OFFSET_LIMIT } from '../limits.ts';
import { integersOf, schemaNode } from './schema-arbitrary.ts';

/** Currencies of two, zero and three decimals. */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'KRW', 'KWD', 'BHD', 'CHF', 'SEK', 'INR'];

/** A currency: most often one of {@link CURRENCIES}, else any three capital letters (a target may refuse those). */
export function currencies(): fc.Arbitrary<string> {
  return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...CURRENCIES) }, fc.stringMatching(/^[A-Z]{3}$/));
}

/** Price amounts of every magnitude, 1 to 10^10 minor units (an integer, `product.schema.json`; its range is not shown). */
export function amounts(): fc.Arbitrary<number> {
  return fc.integer({ min: 0, max: 9 }).chain((m) => fc.integer({ min: 10 ** m, max: 10 ** (m + 1) - 1 }));
}

/**
 * A product's prices (§2.4: an array of `{ amount, currency, includes_tax }`): one to four, in one currency
 * or several, tax included or not, amounts of every magnitude, sometimes zero (a free product).
 */
export function priceLists(): fc.Arbitrary<{ amount: number; currency: string; includes_tax: boolean }[]> {
  const amount = fc.oneof({ weight: 9, arbitrary: amounts() }, fc.constant(0));
  return fc.array(fc.record({ amount, currency: currencies(), includes_tax: fc.boolean() }), {
    minLength: 1,
    maxLength: 4,
  });
}

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
 * Page lengths of a walk over a listing of `total` records (§2.5): 1 to the
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

/**
 * Inputs of a class (drawn by `draw`) that shrink over the whole space, not inside their class: from the
 * concrete input a class input was resolved to when judged (`resolved`: e.g. the page length a length
 * relative to the total came to), by `shrink` of that concrete input, every candidate concrete. An input not
 * resolved (never judged) does not shrink.
 */
export class ShrunkFromResolved<T> extends fc.Arbitrary<T> {
  constructor(
    private readonly draw: fc.Arbitrary<T>,
    private readonly resolved: (value: T) => T | undefined,
    private readonly shrinkConcrete: (concrete: T) => fc.Stream<T>,
  ) {
    super();
  }

  generate(mrng: Parameters<fc.Arbitrary<T>['generate']>[0], bias: number | undefined): fc.Value<T> {
    return new fc.Value(this.draw.generate(mrng, bias).value, undefined);
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return false;
  }

  shrink(value: T): fc.Stream<fc.Value<T>> {
    const concrete = this.resolved(value);
    if (concrete === undefined) return fc.Stream.nil();
    return this.shrinkConcrete(concrete).map((candidate) => new fc.Value(candidate, undefined));
  }
}

/** Smaller values of an integer in `[min, max]`, towards `min` (as `fc.integer` shrinks). */
export function smallerIntegers(value: number, min: number, max: number): fc.Stream<number> {
  return fc
    .integer({ min, max })
    .shrink(value, undefined)
    .map((candidate) => candidate.value);
}

/**
 * A class of values relative to a listing's total: its name, and its values for a listing of `total` records
 * (none: the class is empty for that total, e.g. no divisor of a prime total). A class input is resolved
 * against the total as it is when the input is sent, by a choice in [0, 1) that the seed draws
 * ({@link choiceOf}): every seed visits every class, and the seed chooses only inside it.
 */
export interface SizedClass<T> {
  readonly name: string;
  readonly values: (total: number) => readonly T[];
}

/** The value of `values` that a choice in [0, 1) picks (undefined when there is none). */
export function choiceOf<T>(values: readonly T[], choice: number): T | undefined {
  return values[Math.min(values.length - 1, Math.floor(choice * values.length))];
}

/** A choice in [0, 1), drawn by the seed; it shrinks towards 0, the first value of a class. */
export const choices = (): fc.Arbitrary<number> =>
  fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true, noDefaultInfinity: true });

const LENGTHS = Array.from({ length: MAX_PAGE_LENGTH }, (_, i) => i + 1);
const range = (from: number, to: number) => LENGTHS.filter((n) => n >= from && n <= to);

/**
 * The classes of page lengths relative to a listing of `total` records that every seed visits (§2.5, §8): 1
 * (a record a page), a small odd and a small even length, a length that divides the total (a full last page),
 * one that leaves one record alone on the last page (total − 1 among them), the total (one full page), above
 * it (one page, not full), and the maximum.
 */
export const PAGE_LENGTH_CLASSES: readonly SizedClass<number>[] = [
  { name: 'page[limit]=1', values: () => [1] },
  { name: 'a small odd page[limit]', values: () => [3, 5, 7, 9] },
  { name: 'a small even page[limit]', values: () => [2, 4, 6, 8, 10] },
  {
    name: 'a page[limit] that divides the total (a full last page)',
    values: (total) => range(2, total - 1).filter((n) => total % n === 0),
  },
  {
    name: 'a page[limit] that leaves one record on the last page',
    values: (total) => range(2, total - 1).filter((n) => total % n === 1),
  },
  { name: 'page[limit] = the total (one full page)', values: (total) => range(total, total) },
  { name: 'a page[limit] above the total (one page, not full)', values: (total) => range(total + 1, 100) },
  { name: `page[limit]=${MAX_PAGE_LENGTH}`, values: () => [MAX_PAGE_LENGTH] },
];

/** The classes of offsets of {@link PAGE_CLASSES}: an offset for a total, a length and a choice. */
const OFFSET_CLASSES: readonly {
  readonly name: string;
  readonly offset: (total: number, limit: number, choice: number) => number | undefined;
}[] = [
  { name: 'page[offset]=0', offset: () => 0 },
  {
    name: 'page[offset] at the start of a page inside the listing',
    offset: (total, limit, b) => (total > 0 ? limit * Math.floor(b * Math.ceil(total / limit)) : undefined),
  },
  {
    name: 'page[offset] inside the listing, not at the start of a page',
    offset: (total, limit, b) => {
      if (limit < 2 || total < 2) return undefined;
      const at = 1 + Math.floor(b * (total - 1));
      return at % limit === 0 ? at - 1 : at;
    },
  },
  { name: 'page[offset] at the last record', offset: (total) => (total > 0 ? total - 1 : undefined) },
  { name: 'page[offset] = the total (the end itself)', offset: (total) => total },
  { name: 'page[offset] past the end', offset: (total, limit, b) => total + 1 + Math.floor(b * 2 * limit) },
  {
    name: `page[offset] near the offset limit of ${OFFSET_LIMIT}`,
    offset: (_total, limit, b) => OFFSET_LIMIT - Math.floor(b * (limit + 1)),
  },
];

/**
 * The classes of pages of a listing of `total` records that every seed visits: each class of page lengths at
 * an offset chosen anywhere up to two pages past the end, and each class of offsets at a length chosen over the
 * whole range: 0, the start of a page inside the listing, an offset inside it that is not, the last record, the
 * end itself (`total`), past the end, near the offset limit of §8. Resolved by two choices (length, offset).
 */
export const PAGE_CLASSES: readonly {
  readonly name: string;
  readonly ask: (total: number, choice: readonly [number, number]) => PageAsk | undefined;
}[] = [
  ...PAGE_LENGTH_CLASSES.map((lengths) => ({
    name: lengths.name,
    ask: (total: number, [a, b]: readonly [number, number]) => {
      const limit = choiceOf(lengths.values(total), a);
      return limit === undefined ? undefined : { limit, offset: Math.floor(b * (total + 2 * limit + 1)) };
    },
  })),
  ...OFFSET_CLASSES.map(({ name, offset }) => ({
    name,
    ask: (total: number, [a, b]: readonly [number, number]) => {
      const limit = choiceOf(LENGTHS, a) as number;
      const at = offset(total, limit, b);
      return at === undefined ? undefined : { limit, offset: Math.min(Math.max(at, 0), OFFSET_LIMIT) };
    },
  })),
];

/** Page lengths above the maximum (§8), up to the largest safe integer. */
export function limitsAboveMaximum(): fc.Arbitrary<number> {
  return fc.oneof(
    fc.integer({ min: MAX_PAGE_LENGTH + 1, max: MAX_PAGE_LENGTH * 100 }),
    fc.integer({ min: MAX_PAGE_LENGTH + 1, max: Number.MAX_SAFE_INTEGER }),
  );
}

/** Offsets above the offset limit (§8, hard and soft). */
export function offsetsAboveLimit(): fc.Arbitrary<number> {
  return fc.oneof(
    fc.integer({ min: OFFSET_LIMIT + 1, max: OFFSET_LIMIT * 10 }),
    fc.integer({ min: OFFSET_LIMIT + 1, max: Number.MAX_SAFE_INTEGER }),
  );
}

/**
 * Spellings of a page parameter that are not what the schema types it as (a non-negative integer, and for a
 * limit a positive one): negative integers, zero (limits), decimals, exponents, words,
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
