/**
 * The listing requests of the pagination probes (§2.5, §4.3, §8), as inputs: which page, on which listing, with
 * which `include` and spelt how; the rules read the decoded query, so every spelling is judged alike.
 */
import fc from 'fast-check';
import { HARD_LISTINGS, LISTINGS, PRODUCTS } from '../helpers/catalogue/endpoints.ts';
import {
  choices,
  limitsAboveMaximum,
  malformedPageValues,
  offsetsAboveLimit,
  PAGE_CLASSES,
  pageAsks,
  pageLimits,
} from '../helpers/inputs/arbitraries.ts';
import { MAX_PAGE_LENGTH, OFFSET_LIMIT } from '../helpers/limits.ts';
import { pagePath, type Spelling } from '../helpers/listing/page.ts';

/** One listing request: the endpoint, the page parameters (each may be left out), an `include` value. */
export interface PageRequest extends Spelling {
  readonly endpoint: string;
  readonly limit?: number | string;
  readonly offset?: number | string;
}

export const pathOf = (r: PageRequest) => pagePath(r.endpoint, r, r);
export const showRequest = (r: PageRequest) => `GET ${pathOf(r)}`;

/** `include` values of `/v2/products` in turn; `categories` first, which the run's products relate. */
const INCLUDES = ['categories', 'main_image,categories,files', undefined, 'main_image'] as const;

/** The requests with, on `/v2/products`, the include values in turn. */
export function spelt(requests: readonly PageRequest[]): PageRequest[] {
  return requests.map((r, i) => {
    const include = r.endpoint === PRODUCTS ? INCLUDES[Math.floor(i / 2) % INCLUDES.length] : undefined;
    return { ...r, ...(include ? { include } : {}) };
  });
}

/**
 * The boundary pages of a listing of `total` records: the start, the last record, the whole listing, the end
 * and past it, the offset limit of §8, and last pages at offsets that are not multiples of the limit.
 */
export function boundaryPages(endpoint: string, total: number): PageRequest[] {
  const last = Math.max(0, total - 1);
  const pages: { limit?: number; offset: number }[] = [
    { limit: 1, offset: 0 },
    { limit: MAX_PAGE_LENGTH, offset: 0 },
    { limit: 1, offset: last },
    { limit: 2, offset: last },
    { limit: Math.min(Math.max(total, 1), MAX_PAGE_LENGTH), offset: 0 },
    { offset: total },
    { limit: MAX_PAGE_LENGTH, offset: total },
    { limit: 1, offset: total + 1 },
    { limit: 3, offset: 3 * Math.floor(last / 3) },
    { offset: OFFSET_LIMIT },
  ];
  if (total >= 3 && total - 1 <= MAX_PAGE_LENGTH) pages.push({ limit: total - 1, offset: 1 });
  if (total >= 3 && (total - 2) % 2 === 1) pages.push({ limit: 2, offset: total - 2 });
  const distinct = new Map(pages.map((p) => [`${p.limit}/${p.offset}`, p]));
  return spelt(
    [...distinct.values()].filter((p) => p.offset <= OFFSET_LIMIT).map((p) => ({ endpoint, ...p })),
  );
}

/** 2^31: past every 32-bit integer (deep generates the rest of the range, up to the largest safe integer). */
const LARGEST = 2 ** 31;

const CATEGORIES = '/v2/categories';
const [ORDERS, FILES] = HARD_LISTINGS;
const ABOVE_LIMIT = MAX_PAGE_LENGTH + 1;
const ABOVE_OFFSET = OFFSET_LIMIT + 1;

/**
 * The values beyond the limits of §8 and the malformed ones, by the limit they are about: some exceed two at
 * once. None is both malformed and above the soft offset limit (`{ data: [] }` would fail that rule).
 */
export const LIMIT_VALUES = {
  maxLimit: spelt([
    { endpoint: CATEGORIES, limit: ABOVE_LIMIT },
    { endpoint: PRODUCTS, limit: ABOVE_LIMIT, offset: ABOVE_OFFSET },
    { endpoint: ORDERS, limit: MAX_PAGE_LENGTH * 10, offset: ABOVE_OFFSET },
    { endpoint: CATEGORIES, limit: LARGEST, offset: LARGEST },
    { endpoint: PRODUCTS, limit: LARGEST, offset: ABOVE_OFFSET },
  ]),
  softOffset: spelt([
    { endpoint: CATEGORIES, offset: ABOVE_OFFSET },
    { endpoint: PRODUCTS, offset: ABOVE_OFFSET },
    { endpoint: CATEGORIES, offset: LARGEST },
    { endpoint: PRODUCTS, offset: LARGEST },
  ]),
  hardOffset: spelt([
    { endpoint: ORDERS, offset: ABOVE_OFFSET },
    { endpoint: FILES, offset: ABOVE_OFFSET, limit: ABOVE_LIMIT },
    { endpoint: ORDERS, offset: LARGEST, limit: 'abc' },
    { endpoint: FILES, offset: LARGEST },
  ]),
  badParams: spelt([
    { endpoint: CATEGORIES, limit: '-1' },
    { endpoint: CATEGORIES, limit: '0' },
    { endpoint: PRODUCTS, limit: 'abc' },
    // A number in exponent notation: read as 1 by an integer parser, as 1000 by a number parser.
    { endpoint: PRODUCTS, limit: '1e3' },
    { endpoint: CATEGORIES, limit: '1.5', offset: 1 },
    { endpoint: CATEGORIES, offset: '-1', limit: ABOVE_LIMIT },
    { endpoint: FILES, limit: '0', offset: ABOVE_OFFSET },
    { endpoint: PRODUCTS, offset: '1.5', limit: ABOVE_LIMIT },
  ]),
};

/** On `/v2/products`, an include value drawn for a request (its other spellings are the catalogue's). */
function spelling(endpoint: string): fc.Arbitrary<Spelling> {
  return endpoint === PRODUCTS ? fc.record({ include: fc.constantFrom(...INCLUDES) }) : fc.constant({});
}

/** Requests on `endpoints` with the page parameters drawn by `page`, spelt any way. */
function drawn(
  endpoints: readonly string[],
  page: (endpoint: string) => fc.Arbitrary<{ limit?: number | string; offset?: number | string }>,
): fc.Arbitrary<PageRequest> {
  return fc
    .constantFrom(...endpoints)
    .chain((endpoint) =>
      fc
        .tuple(page(endpoint), spelling(endpoint))
        .map(([params, spelt]): PageRequest => ({ endpoint, ...params, ...spelt })),
    );
}

/** An optional valid page parameter beside the one a limit rule is about. */
const validOr = (arbitrary: fc.Arbitrary<number>) => fc.option(arbitrary, { nil: undefined });

/** The deep profile's pages of a listing of `total` records (`pageAsks`), a parameter sometimes left out. */
export function generatedPages(endpoint: string, total: number): fc.Arbitrary<PageRequest> {
  const page = pageAsks(total).chain((ask) =>
    fc.constantFrom<{ limit?: number; offset?: number }>(ask, { limit: ask.limit }, { offset: ask.offset }),
  );
  return drawn([endpoint], () => page);
}

/** A page of one of `PAGE_CLASSES`, resolved against the listing's total when sent, by two drawn choices. */
export interface ClassPage extends Spelling {
  readonly endpoint: string;
  readonly class: string;
  readonly choice: readonly [number, number];
}

/** What the pages probe sends: a page asked for as it is, or a page of a class. */
export type PageInput = PageRequest | ClassPage;

/** The page of a class for a listing of `total` records; undefined when the class has none for that total. */
export function resolveClassPage(input: ClassPage, total: number): PageRequest | undefined {
  const ask = PAGE_CLASSES.find((c) => c.name === input.class)?.ask(total, input.choice);
  if (ask === undefined) return undefined;
  const { class: _class, choice: _choice, ...spelt } = input;
  return { ...spelt, ...ask };
}

/** An input as a report shows it: the request, or the class, its choices and its spelling. */
export function showInput(input: PageInput): string {
  if (!('class' in input)) return showRequest(input);
  const include = input.include ? `; include=${input.include}` : '';
  return `GET ${input.endpoint} at ${input.class} (choices ${input.choice.map((c) => c.toFixed(3)).join(', ')}${include})`;
}

/** The classes of pages of `endpoint`, each spelt any way, with an include value on products. */
export function classPages(endpoint: string): fc.Arbitrary<ClassPage>[] {
  return PAGE_CLASSES.map((pages) =>
    fc
      .tuple(choices(), choices(), spelling(endpoint))
      .map(([a, b, spelt]): ClassPage => ({ endpoint, class: pages.name, choice: [a, b], ...spelt })),
  );
}

const aboveOffset = () => fc.record({ offset: offsetsAboveLimit(), limit: validOr(pageLimits()) });

/** The deep profile's values beyond the limits of §8 and malformed ones, with the other page parameter. */
export const GENERATED_LIMITS = {
  maxLimit: drawn([...LISTINGS, ...HARD_LISTINGS], () =>
    fc.record({ limit: limitsAboveMaximum(), offset: validOr(fc.nat({ max: OFFSET_LIMIT })) }),
  ),
  softOffset: drawn(LISTINGS, aboveOffset),
  hardOffset: drawn(HARD_LISTINGS, aboveOffset),
  badParams: drawn([...LISTINGS, ...HARD_LISTINGS], () =>
    fc.constantFrom('limit' as const, 'offset' as const).chain((param) =>
      fc.record({
        [param]: malformedPageValues(param),
        [param === 'limit' ? 'offset' : 'limit']: validOr(
          param === 'limit' ? fc.nat({ max: 50 }) : pageLimits(),
        ),
      }),
    ),
  ),
};
