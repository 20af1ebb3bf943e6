import { describe, expect, it } from 'vitest';
import { createRedactor } from '../http/redact.ts';
import { lookalikeHeaders, swapCase, tokenLookalikeSecrets } from './lookalikes.ts';

describe('token lookalikes', () => {
  const token = 'abcDEF123456';

  it('are all different from the valid header', () => {
    const headers = lookalikeHeaders(token);
    expect(headers.length).toBeGreaterThan(10);
    for (const h of headers) expect(h.authorization).not.toBe(`Bearer ${token}`);
  });

  it('drop the case-swapped form when the token has no letter', () => {
    expect(swapCase('123456')).toBe('123456');
    expect(lookalikeHeaders('123456').some((h) => h.kind.includes('another case'))).toBe(false);
  });

  it('never show the token or its near-copies once redacted', () => {
    const redactor = createRedactor([token, ...tokenLookalikeSecrets(token)]);
    for (const h of lookalikeHeaders(token)) {
      const shown = redactor.text(h.authorization);
      expect(shown).not.toContain(token.slice(0, 6));
      expect(shown.toLowerCase()).not.toContain(token.toLowerCase().slice(0, 6));
    }
  });
});
