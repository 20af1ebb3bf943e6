/** What an `Authorization` header carries (§5), and invalid bearer tokens that only look right. */
import fc from 'fast-check';
import type { AuthMode, Credentials } from '../http/journal.ts';

/** An `Authorization` header as reports show it (never the token), and how the client sends it. */
export type Credential = { readonly kind: string; readonly auth: AuthMode };

export const MISSING: Credential = { kind: 'without Authorization', auth: 'none' };

export const EMPTY: Credential = { kind: 'with an empty Authorization header', auth: { authorization: '' } };

/** What a request's `Authorization` header carries (HTTP trims the value: a header of spaces is empty). */
export function credentialsOf(header: string | undefined, token: string): Credentials {
  if (header === undefined || header.trim() === '') return 'none';
  if (header === `Bearer ${token}`) return 'token';
  const given = /^[ \t]*bearer[ \t]+(\S+)[ \t]*$/i.exec(header)?.[1];
  return given === token ? 'respelled' : 'other';
}

/** The token with the case of every letter swapped. */
export const swapCase = (token: string): string =>
  Array.from(token, (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');

/** The near-copies of `token` that must be kept out of evidence like the token itself: those not holding it. */
export const tokenLookalikeSecrets = (token: string): string[] =>
  nearTokens(token)
    .map(({ value }) => value)
    .filter((value) => !value.includes(token));

/** Tokens that only look like `token`: each is either one of its secrets or holds it whole. */
function nearTokens(token: string): { kind: string; value: string }[] {
  const half = Math.min(Math.ceil(token.length / 2), token.length - 1); // at least one character shorter
  const changed = token.slice(0, -1) + (token.slice(-1) === 'x' ? 'y' : 'x');
  return [
    // After a separator of token68 (RFC 7235): a server reading a structured token (a JWT's segments, RFC 7519)
    // may check its first part only.
    { kind: 'the token with a segment appended', value: `${token}.x` },
    { kind: 'the token twice', value: `${token}${token}` },
    { kind: 'the token without its last character', value: token.slice(0, -1) },
    { kind: 'half the token', value: token.slice(0, half) },
    { kind: 'the token with its last character changed', value: changed },
    { kind: 'the token in another case', value: swapCase(token) },
    { kind: 'the token quoted', value: `"${token}"` },
  ];
}

/** A JWT (RFC 7519) of made-up claims, unsigned or with a made-up signature: a common token format (RFC 8725 §2.1). */
function madeUpJwt(alg: string, sub: string, signed: boolean): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg, typ: 'JWT' })}.${part({ sub, exp: 4102444800 })}.${signed ? 'c2lnbmF0dXJl' : ''}`;
}

/** Every lookalike of `token` as an Authorization header (the case-swapped one only if it differs). */
export function lookalikeHeaders(token: string) {
  const unrelated = `conformance-invalid-${crypto.randomUUID()}`;
  const swapped = swapCase(token);
  const headers = [
    ...nearTokens(token).map(({ kind, value }) => ({ kind, authorization: `Bearer ${value}` })),
    { kind: 'the token without a scheme', authorization: token },
    { kind: 'the token under the Basic scheme', authorization: `Basic ${token}` },
    { kind: 'the token under a Token scheme', authorization: `Token ${token}` },
    { kind: 'Bearer and no token', authorization: 'Bearer' },
    { kind: 'Bearer, a space and no token', authorization: 'Bearer ' },
    { kind: 'an unrelated token', authorization: `Bearer ${unrelated}` },
    { kind: 'a JWT of made-up claims', authorization: `Bearer ${madeUpJwt('HS256', 'conformance', true)}` },
    { kind: 'an unrelated token after the scheme in lower case', authorization: `bearer ${unrelated}` },
    { kind: 'the token with a character appended, after two spaces', authorization: `Bearer  ${token}x` },
    { kind: 'the token in another case, after the scheme in lower case', authorization: `bearer ${swapped}` },
  ];
  return headers.filter((h) => token !== '' && credentialsOf(h.authorization, token) === 'other');
}

/** The lookalike headers of these kinds (all, by default), as the client sends them. */
export const lookalikeCredentials = (token: string, kinds?: readonly string[]): Credential[] =>
  lookalikeHeaders(token)
    .filter((h) => kinds?.includes(h.kind) ?? true)
    .map(({ kind, authorization }) => ({ kind: `with ${kind}`, auth: { authorization } }));

/** The token68 characters (RFC 7235). */
const TOKEN68 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~+/=';

const SCHEMES = ['Bearer', 'bearer', 'BEARER', 'Basic', 'Token', ''] as const;
const GAPS = [
  { kind: 'a space', value: ' ' },
  { kind: 'two spaces', value: '  ' },
  { kind: 'a tab', value: '\t' },
] as const;

const jwts = fc
  .record({
    alg: fc.constantFrom('none', 'HS256', 'RS256'),
    sub: fc.string({ unit: fc.constantFrom(...TOKEN68.slice(0, 62)), minLength: 1, maxLength: 8 }),
    signed: fc.boolean(),
  })
  .map(({ alg, sub, signed }) => ({
    kind: `a JWT of made-up claims (alg ${alg}, ${signed ? 'a made-up signature' : 'unsigned'})`,
    value: madeUpJwt(alg, sub, signed),
  }));

/** Generated invalid headers (deep): a token that only looks right after a scheme in any spelling. */
export function generatedLookalikes(token: string): fc.Arbitrary<Credential> {
  const suffix = fc.string({ unit: fc.constantFrom(...TOKEN68), minLength: 1, maxLength: 8 });
  const tokens = fc.oneof(
    fc.constantFrom(
      { kind: 'the token', value: token },
      { kind: 'no token', value: '' },
      ...nearTokens(token).filter((t) => t.value !== token),
    ),
    suffix.map((s) => ({ kind: `the token with "${s}" appended`, value: `${token}${s}` })),
    fc
      .string({ unit: fc.constantFrom(...TOKEN68), minLength: token.length, maxLength: token.length })
      .filter((s) => s !== token)
      .map((s) => ({ kind: `an unrelated token "${s}"`, value: s })),
    jwts,
  );
  return fc
    .record({ token: tokens, scheme: fc.constantFrom(...SCHEMES), gap: fc.constantFrom(...GAPS) })
    .map(({ token: t, scheme, gap }) => {
      const how = scheme === '' ? 'and no scheme' : `after "${scheme}" and ${gap.kind}`;
      const authorization = scheme === '' ? t.value : `${scheme}${gap.value}${t.value}`;
      return { kind: `with ${t.kind} ${how}`, auth: { authorization } };
    })
    .filter((c) => credentialsOf(c.auth.authorization, token) === 'other');
}

/** Generated credentials that are not valid: none (no or an empty header), or other than the token. */
export const unauthenticated = (token: string, credentials: 'none' | 'other'): fc.Arbitrary<Credential> =>
  credentials === 'none' ? fc.constantFrom(MISSING, EMPTY) : generatedLookalikes(token);
