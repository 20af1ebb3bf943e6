/**
 * Invalid bearer tokens that only look right (§5, AUTH-INVALID): the valid token with characters appended,
 * cut short, in another case, with its last character changed, without the `Bearer` scheme or under another
 * scheme, quoted, empty. Each is an invalid token for any target: the token is compared exactly.
 *
 * Not among them: `bearer <token>` with the scheme in lower case (a target may accept it: the scheme is
 * case-insensitive in HTTP, or refuse it: §5 spells it `Bearer`), and several spaces between the scheme and
 * the token (HTTP allows them); neither is judged.
 *
 * The forms that hold most of the token without holding all of it (cut short, another case, last character
 * changed) are secrets too: {@link tokenLookalikeSecrets} gives them to every client's redactor, so that no
 * evidence, report or curl command shows them.
 */

/** One invalid Authorization header: its kind (as reports show it) and its value. */
export interface LookalikeHeader {
  readonly kind: string;
  readonly authorization: string;
}

/** The token with the case of every letter swapped (equal to the token when it has no letter). */
export function swapCase(token: string): string {
  return Array.from(token, (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
}

/** The token with its last character replaced by another one. */
export function lastCharChanged(token: string): string {
  const last = token.slice(-1);
  return `${token.slice(0, -1)}${last === 'x' ? 'y' : 'x'}`;
}

/** The token cut to half its length (at least one character shorter). */
export function halved(token: string): string {
  return token.slice(0, Math.min(Math.ceil(token.length / 2), token.length - 1));
}

/** The near-copies of `token` that must be kept out of evidence like the token itself. */
export function tokenLookalikeSecrets(token: string): string[] {
  if (token === '') return [];
  return [token.slice(0, -1), halved(token), swapCase(token), lastCharChanged(token)].filter(
    (s) => s !== token,
  );
}

/** Every lookalike of `token` as an Authorization header (the case-swapped one only if it differs). */
export function lookalikeHeaders(token: string): LookalikeHeader[] {
  const headers: LookalikeHeader[] = [
    { kind: 'the token with a character appended', authorization: `Bearer ${token}x` },
    { kind: 'the token twice', authorization: `Bearer ${token}${token}` },
    { kind: 'the token without its last character', authorization: `Bearer ${token.slice(0, -1)}` },
    { kind: 'half the token', authorization: `Bearer ${halved(token)}` },
    { kind: 'the token with its last character changed', authorization: `Bearer ${lastCharChanged(token)}` },
    { kind: 'the token in another case', authorization: `Bearer ${swapCase(token)}` },
    { kind: 'the token without a scheme', authorization: token },
    { kind: 'the token under the Basic scheme', authorization: `Basic ${token}` },
    { kind: 'the token under a Token scheme', authorization: `Token ${token}` },
    { kind: 'the token quoted', authorization: `Bearer "${token}"` },
    { kind: 'Bearer and no token', authorization: 'Bearer' },
    { kind: 'Bearer, a space and no token', authorization: 'Bearer ' },
    { kind: 'an unrelated token', authorization: `Bearer conformance-invalid-${crypto.randomUUID()}` },
  ];
  return headers.filter((h) => h.authorization !== `Bearer ${token}` && token !== '');
}

/** Characters a generated suffix is made of (those of the token68 syntax, RFC 7235). */
export const TOKEN68 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~+/=';
