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
