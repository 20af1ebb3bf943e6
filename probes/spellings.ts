/**
 * The spellings probe (§4, §5): reads of §4 and the manual authorize spelt the ways the model names
 * (`probes/space/spellings.ts`) that no other probe sends. An equivalent spelling's plain spelling is sent
 * just before by the same input, for `Knowledge.spelledAlike` to compare.
 */
import fc from 'fast-check';
import { type Credential, EMPTY, named, unauthenticated } from '../helpers/auth/lookalikes.ts';
import { probe } from '../helpers/check/check.ts';
import { skip } from '../helpers/check/failure.ts';
import type { RequestOptions } from '../helpers/http/journal.ts';
import { percentAll } from '../helpers/listing/page.ts';
import { authorizeBody } from '../helpers/provisioning/bodies.ts';
import type { SuiteRun } from '../helpers/run/suite.ts';
import {
  CONTENT_TYPES,
  EMPTY_PART,
  HEADER_NAMES,
  QUERY_SPELLINGS,
  type QueryParam,
  type QuerySpelling,
  SCHEMES,
} from './space/spellings.ts';

/** The records of the run the requests name; a new order for each payment (paying twice is not shown: §4.1). */
export interface OwnRecords {
  readonly order: () => Promise<string>;
  readonly newOrder: () => Promise<string>;
  readonly category: () => Promise<string>;
  readonly integration: () => Promise<string>;
}

type Pairs = readonly (readonly [string, string])[];

/** The name-value pairs of a plain query string. */
export const pairs = (query: string): Pairs =>
  query === '' ? [] : query.split('&').map((part) => part.split('=') as [string, string]);

/** The reads of §4 with the parameters they take, in their plain order. */
export const READS: readonly { readonly path: string; readonly params: Pairs }[] = [
  { path: '/v2/categories', params: pairs('page[limit]=2&page[offset]=1') },
  { path: '/v2/products', params: pairs('include=categories&page[limit]=2&page[offset]=0') },
  { path: '/v2/categories/:category', params: pairs('include=products') },
  { path: '/v2/orders/:order/transactions', params: [] },
  { path: '/v2/integrations/:integration', params: [] },
];

const another = (value: string) => (/^\d+$/.test(value) ? String(Number(value) + 1) : 'main_image');
const plainly = (name: string, value: string) => `${name}=${value}`;
/** How a spelling writes its parameter; the others (and every parameter of the rest) are written plainly. */
const SPELT: Partial<Record<string, (name: string, value: string) => string>> = {
  'name percent-encoded': (name, value) => `${percentAll(name)}=${value}`,
  'value percent-encoded': (name, value) => `${name}=${percentAll(value)}`,
  'repeated with another value': (name, value) => `${name}=${value}&${name}=${another(value)}`,
  'a malformed escape (%zz)': (name, value) => `${name}=${value}%zz`,
  'a lone %': (name, value) => `${name}=${value}%`,
  'a truncated UTF-8 escape': (name, value) => `${name}=${value}%E0%A4`,
  'a bare key (no =)': (name) => name,
};

/** The query string of `params` with `param` spelt `spelling` (the whole query, for an empty part). */
export function spell(params: Pairs, param: string, spelling: QuerySpelling | typeof EMPTY_PART): string {
  let parts = params.map(([name, value]) =>
    (name === param ? (SPELT[spelling] ?? plainly) : plainly)(name, value),
  );
  if (spelling === 'in another order') parts = [...parts].reverse();
  if (spelling === 'after a parameter §4 does not name') parts = ['conformance_x=1', ...parts];
  return parts.join(spelling === EMPTY_PART ? '&&' : '&');
}

interface Spelt {
  readonly shown: string;
  readonly path: string;
  /** The plain spelling's path, sent first. */
  readonly plain?: string;
  readonly options: RequestOptions;
  readonly write?: true;
}

/** The run's token under the header name as spelt. */
const tokenNamed = (token: string, name: string): Credential => ({
  kind: `with the token, the header named ${name}`,
  auth: { authorization: `Bearer ${token}`, name },
});

type Read = (typeof READS)[number];

export function spellingProbes(run: SuiteRun, own: OwnRecords): void {
  const { settings, api } = run;
  const query = (params: Pairs) => params.map(([n, v]) => `${n}=${v}`).join('&');
  const at = (path: string, q: string) => (q === '' ? path : `${path}?${q}`);

  /** A read with one parameter spelt; the plain spelling first when the spelling is equivalent. */
  const querySpelt = (read: Read, param: QueryParam, spelling: QuerySpelling | typeof EMPTY_PART): Spelt => {
    const path = at(read.path, spell(read.params, param, spelling));
    const equivalent = spelling === EMPTY_PART || QUERY_SPELLINGS[spelling] === 'equivalent';
    return {
      shown: `GET ${path}`,
      path,
      options: {},
      ...(equivalent ? { plain: at(read.path, query(read.params)) } : {}),
    };
  };
  /** A read with the `Authorization` header spelt; the plain spelling first when it carries the token. */
  const headerSpelt = (read: Read, credential: Credential, plainToo = false): Spelt => {
    const path = at(read.path, query(read.params));
    return {
      shown: `GET ${path} ${credential.kind}`,
      path,
      options: { auth: credential.auth },
      ...(plainToo ? { plain: path } : {}),
    };
  };
  const schemed = (scheme: string, valid: boolean): Credential => ({
    kind: `with ${valid ? 'the token' : 'an unrelated token'} after the scheme spelt ${scheme}`,
    auth: {
      authorization: `${scheme} ${valid ? settings.token : `conformance-invalid-${crypto.randomUUID()}`}`,
    },
  });

  const gate: Spelt[] = [
    {
      shown: 'GET /v2/products with a malformed escape of each kind',
      path: '/v2/products?include=%E0%A4&page[limit]=%zz&page[offset]=%',
      options: {},
    },
  ];

  const params = (read: Read) => read.params.map(([name]) => name as QueryParam);
  const spellings = [...(Object.keys(QUERY_SPELLINGS) as QuerySpelling[]), EMPTY_PART] as const;
  const reads = fc.constantFrom(...READS);
  const arbitrary: fc.Arbitrary<Spelt> = fc.oneof(
    reads
      .filter((read) => read.params.length > 0)
      .chain((read) =>
        fc
          .tuple(fc.constantFrom(...params(read)), fc.constantFrom(...spellings))
          // One parameter alone has no other order.
          .filter(([, spelling]) => read.params.length > 1 || spelling !== 'in another order')
          .map(([param, spelling]) => querySpelt(read, param, spelling)),
      ),
    fc
      .tuple(reads, fc.constantFrom(...HEADER_NAMES), fc.constantFrom('token', 'none', 'other'))
      .chain(([read, name, credentials]) => {
        if (credentials === 'token')
          return fc.constant(headerSpelt(read, tokenNamed(settings.token, name), true));
        const credential =
          credentials === 'none' ? fc.constant(EMPTY) : unauthenticated(settings.token, 'other');
        return credential.map((c) => headerSpelt(read, named(c, name)));
      }),
    fc
      .tuple(reads, fc.constantFrom(...SCHEMES), fc.boolean())
      .map(([read, scheme, valid]) => headerSpelt(read, schemed(scheme, valid))),
    fc.constantFrom(...CONTENT_TYPES).map(
      (type): Spelt => ({
        shown: `POST /v2/orders/:order/payments (manual authorize) with Content-Type: ${type}`,
        path: '/v2/orders/:order/payments',
        options: { json: authorizeBody(), headers: { 'Content-Type': type } },
        write: true,
      }),
    ),
  );

  const fill = async (path: string, write = false) => {
    if (settings.readOnly) skip('read-only mode: the spellings probe reads and writes records of the run');
    let out = path;
    for (const [hole, id] of [
      [':category', own.category],
      [':order', write ? own.newOrder : own.order],
      [':integration', own.integration],
    ] as const)
      if (out.includes(hole)) out = out.replace(hole, await id());
    return out;
  };

  probe(
    'reads and the manual authorize spelt as no other probe spells them',
    { show: (s: Spelt) => s.shown, gate, deep: { row: 'http/spellings', arbitrary } },
    async (s) => {
      if (s.plain) await api.get(await fill(s.plain), {});
      const path = await fill(s.path, s.write);
      return s.write ? api.post(path, s.options) : api.get(path, s.options);
    },
  );
}
