import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from './limits.ts';

/** Options of the reference server, for {@link buildReferenceApp} and {@link startReferenceServer}. */
export interface ReferenceOptions {
  /** The bearer token that `/v2` accepts and that the token endpoint hands out. Default `token-of-the-reference`. */
  token?: string;
  /** The client id that `POST /oauth/access_token` accepts. Default `reference-client`. */
  clientId?: string;
  /** The client secret that `POST /oauth/access_token` accepts. Default `reference-secret`. */
  clientSecret?: string;
  /** How many demo products exist at start (`store/demo.ts`). Default 0: tests see only what they create. */
  demoProducts?: number;
  /** `page[limit]` when a listing request has none (§8: 100). An integer from 1 to {@link MAX_PAGE_LIMIT}. */
  defaultPageLimit?: number;
  /** Named faults (`faults/catalogue.ts`) to switch on. Unknown names are refused. */
  faults?: Iterable<string>;
  /** Named conformant variants (`faults/variants.ts`) to switch on. Unknown names are refused. */
  variants?: Iterable<string>;
  /** Order of listings, which §4.3 leaves open. Default `oldest-first` (creation order). */
  listingOrder?: 'oldest-first' | 'newest-first';
}

/** {@link ReferenceOptions} with every default applied and every value checked. */
export type ResolvedOptions = Readonly<
  Required<Omit<ReferenceOptions, 'faults' | 'variants'>> & {
    faults: ReadonlySet<string>;
    variants: ReadonlySet<string>;
  }
>;

export const DEFAULT_TOKEN = 'token-of-the-reference';
export const DEFAULT_CLIENT_ID = 'reference-client';
export const DEFAULT_CLIENT_SECRET = 'reference-secret';
/** Demo products are made in memory at start; this bounds the memory and the start-up time. */
export const MAX_DEMO_PRODUCTS = 100_000;

/** Options a conformant variant sets (choices that live inside the server, such as the list order). */
export type VariantOptions = Pick<ReferenceOptions, 'listingOrder'>;

/** What {@link resolveOptions} needs of the fault and variant catalogues (handed in, so options do not import faults). */
export interface OptionCatalogue {
  isFault(name: string): boolean;
  variant(name: string): { readonly options?: VariantOptions } | undefined;
}

/** RFC 6750 `b64token`: what may follow `Bearer ` in an `Authorization` header. */
export const BEARER_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

/** Applies the defaults to `options` and checks every value. @throws RangeError naming the option */
export function resolveOptions(options: ReferenceOptions, catalogue: OptionCatalogue): ResolvedOptions {
  const token = options.token ?? DEFAULT_TOKEN;
  if (!BEARER_TOKEN.test(token))
    throw new RangeError(`token must be a non-empty bearer token (letters, digits, -._~+/ then any "=")`);
  const clientId = nonEmpty('clientId', options.clientId ?? DEFAULT_CLIENT_ID);
  const clientSecret = nonEmpty('clientSecret', options.clientSecret ?? DEFAULT_CLIENT_SECRET);
  const demoProducts = integerIn('demoProducts', options.demoProducts ?? 0, 0, MAX_DEMO_PRODUCTS);
  const defaultPageLimit = integerIn(
    'defaultPageLimit',
    options.defaultPageLimit ?? DEFAULT_PAGE_LIMIT,
    1,
    MAX_PAGE_LIMIT,
  );
  const faults = new Set(options.faults);
  const unknownFault = [...faults].find((fault) => !catalogue.isFault(fault));
  if (unknownFault !== undefined)
    throw new RangeError(
      `faults: unknown fault "${unknownFault}" (npm run reference -- --list-faults lists them)`,
    );
  const variants = new Set(options.variants);
  let listingOrder = options.listingOrder ?? 'oldest-first';
  for (const name of variants) {
    const variant = catalogue.variant(name);
    if (variant === undefined) {
      throw new RangeError(
        `variants: unknown variant "${name}" (npm run reference -- --list-variants lists them)`,
      );
    }
    listingOrder = variant.options?.listingOrder ?? listingOrder;
  }
  return { token, clientId, clientSecret, demoProducts, defaultPageLimit, faults, variants, listingOrder };
}

function nonEmpty(name: string, value: string): string {
  if (typeof value !== 'string' || value.length === 0)
    throw new RangeError(`${name} must be a non-empty string`);
  return value;
}

function integerIn(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max)
    throw new RangeError(`${name} must be an integer from ${min} to ${max}, got ${String(value)}`);
  return value;
}
