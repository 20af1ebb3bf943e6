/**
 * The shapes of the records the run makes (`product.price: several currencies`, visited by a request that
 * sends one), and the places they are read (`product (several prices) in GET /v2/products, an unaligned
 * page`, visited by a 2xx answer showing a record the run made).
 */
import {
  CAPTURE,
  CATEGORIES,
  CATEGORY,
  CONFIRM,
  INTEGRATION,
  INTEGRATIONS,
  PAYMENTS,
  PRODUCTS,
  REFUND,
  TRANSACTIONS,
} from '../../helpers/catalogue/endpoints.ts';
import type { Exchange } from '../../helpers/http/journal.ts';
import { isObject } from '../../helpers/http/response.ts';
import type { Dimension, Point } from '../../helpers/inputs/coverage.ts';
import { LONG_TEXT } from '../../helpers/inputs/text.ts';
import { field } from '../../helpers/judge/resources.ts';
import { DEFAULT_PAGE_LENGTH } from '../../helpers/limits.ts';
import { ordinaryPage, pageParams } from '../../helpers/listing/params.ts';

const CHECKOUT = '/v2/carts/:cartRef/checkout';

/** More related products than this make a category of many (more than a usual page of them). */
export const MANY_PRODUCTS = 10;

const TEXT = ['ASCII', 'non-ASCII', 'above U+FFFF', 'spaces around', 'long'] as const;

/** The shapes of a value of each kind, and which of them a value has. */
const KINDS = {
  text: { shapes: TEXT, of: textShapes },
  /** A text that may be empty (a description: provisioning.md gives no bound). */
  description: { shapes: [...TEXT, 'empty'], of: textShapes },
  email: { shapes: TEXT.filter((s) => s !== 'spaces around'), of: textShapes },
  /** A capture's reference: absent (no body), or a text. */
  reference: {
    shapes: ['absent', ...TEXT, 'empty'],
    of: (v: unknown) => (v === undefined ? ['absent'] : textShapes(v)),
  },
  url: { shapes: ['plain', 'port', 'percent-encoding', 'query string', 'fragment'], of: urlShapes },
  prices: { shapes: ['one price', 'several prices', 'several currencies', 'tax excluded'], of: priceShapes },
  boolean: { shapes: ['true', 'false'], of: (v: unknown) => (typeof v === 'boolean' ? [String(v)] : []) },
  count: { shapes: ['one', 'several'], of: countShapes },
  commodity: shown(['physical'], 'another'),
  gateway: shown(['manual', 'card_payment_intents'], 'another'),
  method: shown(['authorize', 'purchase']),
} as const;
type Kind = keyof typeof KINDS;

/** A field the suite sets: the POST that sends it, where it sits in `data`, its kind, the gate's shapes. */
interface Field {
  readonly id: string;
  readonly template: string;
  readonly path: readonly string[];
  readonly kind: Kind;
  readonly gate: readonly string[];
}

const all = (kind: Kind): readonly string[] => KINDS[kind].shapes;
const at = (record: string, template: string, kind: Kind, name: string, gate: readonly string[]): Field => ({
  id: `${record}.${name}`,
  template,
  path: name.split('.'),
  kind,
  gate,
});
const BUT_LONG = TEXT.filter((s) => s !== 'long');

/** The fields of provisioning.md (and §4.1's reference), in its order. */
const FIELDS: readonly Field[] = [
  at('product', PRODUCTS, 'text', 'name', TEXT),
  at('product', PRODUCTS, 'text', 'slug', ['ASCII']),
  at('product', PRODUCTS, 'text', 'sku', ['ASCII']),
  at('product', PRODUCTS, 'description', 'description', ['ASCII', 'non-ASCII', 'above U+FFFF', 'long']),
  at('product', PRODUCTS, 'prices', 'price', all('prices')),
  at('product', PRODUCTS, 'boolean', 'manage_stock', all('boolean')),
  at('product', PRODUCTS, 'commodity', 'commodity_type', all('commodity')),
  at('category', CATEGORIES, 'text', 'name', TEXT),
  at('category', CATEGORIES, 'text', 'slug', ['ASCII']),
  at('category', CATEGORIES, 'description', 'description', all('description')),
  at('cart item', '/v2/carts/:cartRef/items', 'count', 'quantity', all('count')),
  at('checkout', CHECKOUT, 'text', 'customer.name', BUT_LONG),
  // Of other alphabets (RFC 6531), never with spaces around.
  at('checkout', CHECKOUT, 'email', 'customer.email', ['ASCII', 'non-ASCII', 'above U+FFFF']),
  at('checkout', CHECKOUT, 'text', 'billing_address', BUT_LONG),
  at('checkout', CHECKOUT, 'text', 'shipping_address', BUT_LONG),
  at('payment', PAYMENTS, 'gateway', 'gateway', all('gateway')),
  at('payment', PAYMENTS, 'method', 'method', all('method')),
  at('capture', CAPTURE, 'reference', 'custom_reference', ['absent', ...BUT_LONG]),
  at('integration', INTEGRATIONS, 'text', 'name', BUT_LONG),
  at('integration', INTEGRATIONS, 'description', 'description', ['ASCII', 'non-ASCII', 'above U+FFFF']),
  at('integration', INTEGRATIONS, 'boolean', 'enabled', all('boolean')),
  at('integration', INTEGRATIONS, 'count', 'observes', all('count')),
  at('integration', INTEGRATIONS, 'url', 'configuration.url', all('url')),
];

/** The pages of a listing a record can be read on (the page parameters asked, or the default page length). */
const PAGES = ['first page', 'a later page', 'an unaligned page'] as const;
const WITH_INCLUDE = 'a later page, with include';
const INCLUDED_PRODUCTS = `GET ${CATEGORY}, included.products`;
const INCLUDED_CATEGORIES = `GET ${PRODUCTS}, included.categories`;
const ACTION_ANSWERS: Readonly<Record<string, string>> = {
  [CAPTURE]: 'the capture answer',
  [REFUND]: 'the refund answer',
  [CONFIRM]: 'the confirm answer',
};
const [NO_PRODUCTS, SOME_PRODUCTS, MANY] = [
  'no products',
  `1 to ${MANY_PRODUCTS} products`,
  `more than ${MANY_PRODUCTS} products`,
] as const;

const place = (id: string, gate = true): Point => ({ id, gate });

/** Where a record of each shape is read, and on which pages of its listing; in the gate unless said. */
const PLACES: readonly Point[] = [
  ...[`GET ${PRODUCTS}`, INCLUDED_PRODUCTS].flatMap((where) => [
    place(`product (several prices) in ${where}`),
    // The gate's category with a product holds the one of several prices.
    place(`product (one price) in ${where}`, where !== INCLUDED_PRODUCTS),
  ]),
  ...[...PAGES, WITH_INCLUDE].map((page) => place(`product in GET ${PRODUCTS}, ${page}`)),
  ...[`GET ${CATEGORIES}`, `GET ${CATEGORY}`, INCLUDED_CATEGORIES].flatMap((where) => [
    // A category in a product's included.categories relates it.
    ...(where === INCLUDED_CATEGORIES ? [] : [place(`category (${NO_PRODUCTS}) in ${where}`)]),
    place(`category (${SOME_PRODUCTS}) in ${where}`),
    // A link per product: deep only.
    place(`category (${MANY}) in ${where}`, false),
  ]),
  ...PAGES.map((page) => place(`category in GET ${CATEGORIES}, ${page}`)),
  ...[`GET ${TRANSACTIONS}`, ...Object.values(ACTION_ANSWERS)].map((where) =>
    place(`transaction in ${where}`),
  ),
  ...['enabled', 'disabled'].map((shape) => place(`integration (${shape}) in GET ${INTEGRATION}`)),
];

const points: Point[] = [
  ...FIELDS.flatMap((f) => all(f.kind).map((shape) => place(`${f.id}: ${shape}`, f.gate.includes(shape)))),
  ...PLACES,
];

/** What the dimension remembers of a suite file's records: each made record's shape, or a category's products. */
const nothingMade = () => ({
  product: new Map<string, string>(),
  category: new Map<string, Set<string>>(),
  integration: new Map<string, string>(),
});
type Made = ReturnType<typeof nothingMade>;
type Shown = keyof Made;

/** The records a read shows in `data`, and the key of its `included` section, by the read's template. */
const READS: Readonly<Partial<Record<string, readonly [Shown, ('products' | 'categories')?]>>> = {
  [PRODUCTS]: ['product', 'categories'],
  [CATEGORIES]: ['category'],
  [CATEGORY]: ['category', 'products'],
  [INTEGRATION]: ['integration'],
};

export const SHAPES: Dimension = {
  name: 'shapes',
  title: 'Shapes of the records the run makes, and where they are read (provisioning.md, §2, §4)',
  points,
  visits: (x, state) => {
    const made = (state.get('made') as Made | undefined) ?? nothingMade();
    state.set('made', made);
    const body = field(x.body, 'data');
    const fields = FIELDS.filter((f) => x.method === 'POST' && f.template === x.template).flatMap((f) =>
      KINDS[f.kind].of(f.path.reduce(field, body)).map((shape) => `${f.id}: ${shape}`),
    );
    if (!x.response?.ok) return fields;
    learn(x, made, body);
    return [...fields, ...places(x, made)];
  },
};

/** What a 2xx answer to a provisioning request made. */
function learn(x: Exchange, made: Made, body: unknown): void {
  const id = field(x.response?.data, 'id');
  if (x.method !== 'POST') return;
  if (x.template === PRODUCTS && typeof id === 'string') {
    const prices = field(body, 'price');
    made.product.set(id, Array.isArray(prices) && prices.length > 1 ? 'several prices' : 'one price');
  } else if (x.template === CATEGORIES && typeof id === 'string') made.category.set(id, new Set());
  else if (x.template === INTEGRATIONS && typeof id === 'string')
    made.integration.set(id, field(body, 'enabled') === false ? 'disabled' : 'enabled');
  else if (x.template === '/v2/products/:productId/relationships/categories' && Array.isArray(body)) {
    for (const link of body) made.category.get(String(field(link, 'id')))?.add(x.params.productId as string);
  }
}

/** The places of a 2xx answer that show records the run made. */
function places(x: Exchange, made: Made): string[] {
  const data = x.response?.data;
  const items = Array.isArray(data) ? data : [data];
  const read = x.method === 'GET' ? READS[x.template] : undefined;
  if (!read) {
    const place =
      ACTION_ANSWERS[x.template] ?? (x.template === TRANSACTIONS ? `GET ${TRANSACTIONS}` : undefined);
    return place && items.some((item) => field(item, 'type') === 'transaction')
      ? [`transaction in ${place}`]
      : [];
  }
  const ids = (list: unknown, record: Shown) =>
    (Array.isArray(list) ? list : [])
      .map((item) => String(field(item, 'id')))
      .filter((id) => made[record].has(id));
  const shapeOf = (record: Shown, id: string) => {
    if (record !== 'category') return made[record].get(id);
    const count = made.category.get(id)?.size ?? 0;
    return count === 0 ? NO_PRODUCTS : count <= MANY_PRODUCTS ? SOME_PRODUCTS : MANY;
  };
  const shown = (record: Shown, at: string) => (id: string) => `${record} (${shapeOf(record, id)}) in ${at}`;
  const [record, key] = read;
  const at = `GET ${x.template}`;
  const listed = ids(items, record);
  const page =
    listed.length > 0 && x.template !== CATEGORY && x.template !== INTEGRATION ? pageOf(x) : undefined;
  const included = key === 'products' ? 'product' : 'category';
  return [
    ...listed.map(shown(record, at)),
    ...(page ? [`${record} in ${at}, ${page}`] : []),
    ...(page && page !== 'first page' && x.template === PRODUCTS && x.query.has('include')
      ? [`${record} in ${at}, ${WITH_INCLUDE}`]
      : []),
    ...(key
      ? ids(field(field(x.response?.json, 'included'), key), included).map(
          shown(included, `${at}, included.${key}`),
        )
      : []),
  ];
}

/** Which page of its listing an ordinary listing request asked for (undefined: not an ordinary page). */
function pageOf(x: Exchange): (typeof PAGES)[number] | undefined {
  const page = ordinaryPage(pageParams(x.query));
  if (!page) return undefined;
  const offset = page.offset ?? 0;
  const answered = field(field(field(x.response?.json, 'meta'), 'page'), 'limit');
  const limit = page.limit ?? (typeof answered === 'number' && answered > 0 ? answered : DEFAULT_PAGE_LENGTH);
  if (offset === 0) return 'first page';
  return offset % limit === 0 ? 'a later page' : 'an unaligned page';
}

/** The shapes of a text, or of every text in an object (an address). */
function textShapes(value: unknown): string[] {
  const texts = typeof value === 'string' ? [value] : isObject(value) ? Object.values(value) : [];
  return texts.flatMap((s) => {
    if (typeof s !== 'string') return [];
    const out: string[] = [];
    if (s === '') out.push('empty');
    else out.push(/^[\x20-\x7e]*$/.test(s) ? 'ASCII' : 'non-ASCII');
    if (/[\u{10000}-\u{10ffff}]/u.test(s)) out.push('above U+FFFF');
    if (s !== s.trim()) out.push('spaces around');
    if (Array.from(s).length > LONG_TEXT) out.push('long');
    return out;
  });
}

/** The parts of a URL beyond scheme, host and path, as sent (a port written, even the default one). */
function urlShapes(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  const [beforeFragment = '', ...fragment] = value.split('#');
  const out = [
    ...(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*:\d+/i.test(value) ? ['port'] : []),
    ...(/%[0-9a-f]{2}/i.test(beforeFragment) ? ['percent-encoding'] : []),
    ...(beforeFragment.includes('?') ? ['query string'] : []),
    ...(fragment.length > 0 ? ['fragment'] : []),
  ];
  return out.length > 0 ? out : ['plain'];
}

function priceShapes(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const currencies = new Set(value.map((p) => field(p, 'currency')));
  return [
    value.length > 1 ? 'several prices' : 'one price',
    ...(currencies.size > 1 ? ['several currencies'] : []),
    ...(value.some((p) => field(p, 'includes_tax') === false) ? ['tax excluded'] : []),
  ];
}

/** One or several: of an array's items, or a number (a quantity). */
function countShapes(value: unknown): string[] {
  const count = Array.isArray(value) ? value.length : typeof value === 'number' ? value : 0;
  return count === 1 ? ['one'] : count > 1 ? ['several'] : [];
}

/** The values the specification shows, and (as a point, with `another`) any other. */
function shown(seen: readonly string[], ...another: 'another'[]) {
  const of = (v: unknown) => (typeof v !== 'string' ? [] : [seen.includes(v) ? v : 'another']);
  return { shapes: [...seen, ...another], of };
}
