import { describe, expect, it } from 'vitest';
import { resolveOptions } from './options.ts';

describe('resolveOptions', () => {
  it('applies the defaults', () => {
    expect(resolveOptions()).toEqual({
      token: 'reference-token',
      clientId: 'reference-client',
      clientSecret: 'reference-secret',
      demoProducts: 0,
      defaultPageLimit: 100,
      faults: new Set(),
    });
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
