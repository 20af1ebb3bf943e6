import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tokenLookalikeSecrets } from '../helpers/auth/lookalikes.ts';
import { OPTION_CATALOGUE } from './faults/catalogue.ts';
import { DEFAULT_TOKEN, type ReferenceOptions, resolveOptions as resolveWith } from './options.ts';

const resolveOptions = (options: ReferenceOptions = {}) => resolveWith(options, OPTION_CATALOGUE);

describe('resolveOptions', () => {
  it('applies the defaults', () => {
    expect(resolveOptions()).toEqual({
      token: 'token-of-the-reference',
      clientId: 'reference-client',
      clientSecret: 'reference-secret',
      demoProducts: 0,
      defaultPageLimit: 100,
      faults: new Set(),
      variants: new Set(),
      listingOrder: 'oldest-first',
    });
  });

  it('has a default token whose redacted lookalikes stand in no field name or example of the API', () => {
    const document = readFileSync(new URL('../openapi/commerce-api.openapi.json', import.meta.url), 'utf8');
    for (const secret of [DEFAULT_TOKEN, ...tokenLookalikeSecrets(DEFAULT_TOKEN)])
      expect(document.toLowerCase()).not.toContain(secret.toLowerCase());
  });

  it('takes the list order from a variant, and refuses unknown variants', () => {
    expect(resolveOptions({ variants: ['newest-first'] }).listingOrder).toBe('newest-first');
    expect(() => resolveOptions({ variants: ['sideways'] })).toThrow(/unknown variant "sideways"/);
  });

  it('keeps the faults as a set, and refuses unknown ones', () => {
    const faults = resolveOptions({
      faults: ['errors-as-text', 'refund-with-meta', 'errors-as-text'],
    }).faults;
    expect([...faults]).toEqual(['errors-as-text', 'refund-with-meta']);
    expect(() => resolveOptions({ faults: ['A'] })).toThrow(/unknown fault "A"/);
  });

  it.each([
    [{ token: '' }, /token/],
    [{ token: 'has space' }, /token/],
    [{ clientId: '' }, /clientId/],
    [{ clientSecret: '' }, /clientSecret/],
    [{ demoProducts: -1 }, /demoProducts/],
    [{ demoProducts: 1.5 }, /demoProducts/],
    [{ defaultPageLimit: 0 }, /defaultPageLimit/],
    [{ defaultPageLimit: 101 }, /defaultPageLimit/],
    [{ faults: [''] }, /faults/],
  ])('refuses %j', (options, message) => {
    expect(() => resolveOptions(options)).toThrow(message);
  });
});
