import { describe, expect, it } from 'vitest';
import { EnvError, optionsFromEnv } from './env.ts';

describe('optionsFromEnv', () => {
  it('applies the command-line defaults', () => {
    expect(optionsFromEnv({})).toEqual({
      host: '127.0.0.1',
      port: 4010,
      token: undefined,
      clientId: undefined,
      clientSecret: undefined,
      demoProducts: 12,
    });
  });

  it('reads every variable', () => {
    expect(
      optionsFromEnv({
        HOST: '0.0.0.0',
        PORT: '0',
        REFERENCE_TOKEN: 'tok',
        REFERENCE_CLIENT_ID: 'cid',
        REFERENCE_CLIENT_SECRET: 'sec',
        REFERENCE_DEMO_PRODUCTS: '5000',
      }),
    ).toEqual({
      host: '0.0.0.0',
      port: 0,
      token: 'tok',
      clientId: 'cid',
      clientSecret: 'sec',
      demoProducts: 5000,
    });
  });

  it('treats empty variables as unset', () => {
    expect(optionsFromEnv({ PORT: '', REFERENCE_TOKEN: '' })).toMatchObject({ port: 4010, token: undefined });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['REFERENCE_DEMO_PRODUCTS', 'many'],
    ['REFERENCE_DEMO_PRODUCTS', '1e3'],
    ['REFERENCE_TOKEN', 'two words'],
    ['HOST', 'local host'],
  ])('names %s when its value %j is invalid', (variable, value) => {
    try {
      optionsFromEnv({ [variable]: value });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      expect((error as EnvError).variable).toBe(variable);
      expect((error as EnvError).message).toMatch(new RegExp(`^${variable} `));
    }
  });
});
