import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRedactor } from '../http/redact.ts';
import {
  credentialsOf,
  generatedLookalikes,
  lookalikeHeaders,
  swapCase,
  tokenLookalikeSecrets,
  unauthenticated,
} from './lookalikes.ts';

const token = 'abcDEF123456';

describe('what an Authorization header carries', () => {
  it('nothing: no header, or an empty one (HTTP trims the value)', () => {
    expect(credentialsOf(undefined, token)).toBe('none');
    expect(credentialsOf('', token)).toBe('none');
    expect(credentialsOf('  ', token)).toBe('none');
  });

  it('the token: exactly "Bearer <token>"', () => {
    expect(credentialsOf(`Bearer ${token}`, token)).toBe('token');
  });

  it('the token spelled in a way a target may take or refuse: the scheme in another case, other spaces', () => {
    for (const header of [
      `bearer ${token}`,
      `BEARER ${token}`,
      `Bearer  ${token}`,
      `Bearer\t${token}`,
      ` Bearer ${token} `,
    ])
      expect(credentialsOf(header, token), header).toBe('respelled');
  });

  it('anything else: an invalid token', () => {
    for (const header of [
      `bearer ${token}x`,
      `Bearer  ${swapCase(token)}`,
      token,
      `Basic ${token}`,
      `Bearer "${token}"`,
      'Bearer',
      `Bearer ${token} ${token}`,
    ])
      expect(credentialsOf(header, token), header).toBe('other');
  });
});

describe('token lookalikes', () => {
  it('are all invalid tokens, of many kinds', () => {
    const headers = lookalikeHeaders(token);
    expect(headers.length).toBeGreaterThan(10);
    for (const h of headers) expect(credentialsOf(h.authorization, token), h.kind).toBe('other');
    expect(headers.map((h) => h.kind)).toContain('an unrelated token after the scheme in lower case');
  });

  it('drop the case-swapped form when the token has no letter', () => {
    expect(swapCase('123456')).toBe('123456');
    expect(lookalikeHeaders('123456').some((h) => h.kind.includes('another case'))).toBe(false);
  });

  it('never show the token or its near-copies once redacted', () => {
    const redactor = createRedactor([token, ...tokenLookalikeSecrets(token)]);
    const generated = fc.sample(generatedLookalikes(token), { numRuns: 300, seed: 3 });
    const headers = [
      ...lookalikeHeaders(token).map((h) => h.authorization),
      ...generated.map((c) => (typeof c.auth === 'object' ? c.auth.authorization : '')),
    ];
    for (const header of headers) {
      const shown = redactor.text(header);
      expect(shown).not.toContain(token.slice(0, 6));
      expect(shown.toLowerCase()).not.toContain(token.toLowerCase().slice(0, 6));
    }
    for (const c of generated) expect(c.kind).not.toContain(token.slice(0, 6));
  });
});

describe('generated credentials', () => {
  it('are invalid tokens under every spelling of the scheme, or none at all', () => {
    const drawn = fc.sample(generatedLookalikes(token), { numRuns: 1000, seed: 7 });
    const headers = drawn.map((c) => (typeof c.auth === 'object' ? c.auth.authorization : ''));
    for (const header of headers) expect(credentialsOf(header, token), header).toBe('other');
    for (const start of ['bearer ', 'BEARER', 'Bearer  ', 'Bearer\t', 'Basic ', 'Token '])
      expect(
        headers.some((h) => h.startsWith(start)),
        start,
      ).toBe(true);
    expect(headers).toContain(token);
    // JWTs of made-up claims (RFC 8725 §2.1), unsigned and signed.
    expect(headers.some((h) => /^Bearer [\w-]+\.[\w-]+\.$/.test(h))).toBe(true);
    expect(headers.some((h) => /^Bearer [\w-]+\.[\w-]+\.[\w-]+$/.test(h))).toBe(true);

    const none = fc.sample(unauthenticated(token, 'none'), { numRuns: 50, seed: 1 });
    expect(new Set(none.map((c) => c.kind))).toEqual(
      new Set(['without Authorization', 'with an empty Authorization header']),
    );
  });
});
