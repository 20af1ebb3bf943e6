/** The generated inputs of the deep profile: schema types bounded by §8, pages by the listing's total. */
import fc from 'fast-check';
import { MAX_PAGE_LENGTH, OFFSET_LIMIT } from '../limits.ts';
import type { Asked } from '../listing/expect.ts';
import { integersOf, schemaNode } from './schema-arbitrary.ts';

const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'KRW', 'KWD', 'BHD', 'CHF', 'SEK', 'INR'];

/** A currency: most often a known one (two, zero and three decimals), else any three capital letters. */
export const currencies = (): fc.Arbitrary<string> =>
  fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...CURRENCIES) }, fc.stringMatching(/^[A-Z]{3}$/));

/** Price amounts of every magnitude, 1 to 10^10 minor units. */
export const amounts = (): fc.Arbitrary<number> =>
  fc.integer({ min: 0, max: 9 }).chain((m) => fc.integer({ min: 10 ** m, max: 10 ** (m + 1) - 1 }));

/** A product's prices (§2.4): one to four, in one currency or several, sometimes zero. */
export function priceLists() {
  const amount = fc.oneof({ weight: 9, arbitrary: amounts() }, fc.constant(0));
  const price = fc.record({ amount, currency: currencies(), includes_tax: fc.boolean() });
  return fc.array(price, { minLength: 1, maxLength: 4 });
}

const pageNode = (field: string) =>
  schemaNode('listing-envelope', `/$defs/meta/properties/page/properties/${field}`);

/** `page[limit]` over its whole range, 1 to the maximum page length (§8). */
export const pageLimits = () => integersOf(pageNode('limit'), { minimum: 1, maximum: MAX_PAGE_LENGTH });

/** `page[offset]` within the offset limit (§8): up to two pages past the end, near the total or limit. */
function pageOffsets(total: number, limit: number): fc.Arbitrary<number> {
  const within = (value: number) => Math.min(Math.max(value, 0), OFFSET_LIMIT);
  return fc.oneof(
    integersOf(pageNode('offset'), { minimum: 0, maximum: within(total + 2 * limit) }),
    fc.integer({ min: -limit, max: limit }).map((k) => within(total + k)),
    fc.integer({ min: 0, max: Math.ceil(total / limit) + 1 }).map((page) => within(page * limit)),
    fc.integer({ min: OFFSET_LIMIT - limit, max: OFFSET_LIMIT }),
  );
}

export const pageAsks = (total: number): fc.Arbitrary<Asked> =>
  pageLimits().chain((limit) => pageOffsets(total, limit).map((offset) => ({ limit, offset })));

/** Values drawn by `draw` without a shrinking context: how they shrink is the subclass's. */
abstract class Drawn<T> extends fc.Arbitrary<T> {
  constructor(private readonly draw: fc.Arbitrary<T>) {
    super();
  }

  generate(mrng: Parameters<fc.Arbitrary<T>['generate']>[0], bias: number | undefined): fc.Value<T> {
    return new fc.Value(this.draw.generate(mrng, bias).value, undefined);
  }
}

/** Values drawn by `draw` but shrunk over the whole range as values of `shrinkAs` (unlike a `fc.oneof`). */
class DrawnShrunkAs<T> extends Drawn<T> {
  constructor(
    draw: fc.Arbitrary<T>,
    private readonly shrinkAs: fc.Arbitrary<T>,
  ) {
    super(draw);
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return this.shrinkAs.canShrinkWithoutContext(value);
  }

  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    return this.shrinkAs.shrink(value, context);
  }
}

/** Page lengths of a walk over `total` records, drawn mostly where walks differ. */
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

/** Inputs of a class that shrink over the whole space from the concrete input they were resolved to. */
export class ShrunkFromResolved<T> extends Drawn<T> {
  constructor(
    draw: fc.Arbitrary<T>,
    private readonly resolved: (value: T) => T | undefined,
    private readonly shrinkConcrete: (concrete: T) => fc.Stream<T>,
  ) {
    super(draw);
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

/** Smaller values of an integer in `[min, max]`, towards `min`. */
export function smallerIntegers(value: number, min: number, max: number): fc.Stream<number> {
  const shrunk = fc.integer({ min, max }).shrink(value, undefined);
  return shrunk.map((candidate) => candidate.value);
}

/** A class of values relative to a listing's total, resolved when sent by a choice the seed draws. */
export type SizedClass<T> = { readonly name: string; readonly values: (total: number) => readonly T[] };

export const choiceOf = <T>(values: readonly T[], choice: number): T | undefined =>
  values[Math.min(values.length - 1, Math.floor(choice * values.length))];

/** A choice in [0, 1); it shrinks towards 0, the first value of a class. */
export const choices = (): fc.Arbitrary<number> =>
  fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true, noDefaultInfinity: true });

const LENGTHS = Array.from({ length: MAX_PAGE_LENGTH }, (_, i) => i + 1);
const range = (from: number, to: number) => LENGTHS.filter((n) => n >= from && n <= to);

/** The classes of page lengths relative to a listing's total that every seed visits (§2.5, §8). */
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

/** The classes of pages every seed visits: each length class at any offset, each offset class likewise. */
export const PAGE_CLASSES = [
  ...PAGE_LENGTH_CLASSES.map((lengths) => ({
    name: lengths.name,
    ask: (total: number, [a, b]: readonly [number, number]): Asked | undefined => {
      const limit = choiceOf(lengths.values(total), a);
      return limit === undefined ? undefined : { limit, offset: Math.floor(b * (total + 2 * limit + 1)) };
    },
  })),
  ...OFFSET_CLASSES.map(({ name, offset }) => ({
    name,
    ask: (total: number, [a, b]: readonly [number, number]): Asked | undefined => {
      const limit = choiceOf(LENGTHS, a) as number;
      const at = offset(total, limit, b);
      return at === undefined ? undefined : { limit, offset: Math.min(Math.max(at, 0), OFFSET_LIMIT) };
    },
  })),
];

/** Integers above `bound`: up to `bound * times`, or up to the largest safe integer. */
function above(bound: number, times: number): fc.Arbitrary<number> {
  const min = bound + 1;
  return fc.oneof(fc.integer({ min, max: bound * times }), fc.integer({ min, max: Number.MAX_SAFE_INTEGER }));
}

/** Page lengths above the maximum (§8). */
export const limitsAboveMaximum = (): fc.Arbitrary<number> => above(MAX_PAGE_LENGTH, 100);

/** Offsets above the offset limit (§8, hard and soft). */
export const offsetsAboveLimit = (): fc.Arbitrary<number> => above(OFFSET_LIMIT, 10);

/** Spellings of a page parameter that are not the non-negative (limit: positive) integer the schema types. */
export const malformedPageValues = (param: 'limit' | 'offset'): fc.Arbitrary<string> =>
  fc.oneof(
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
