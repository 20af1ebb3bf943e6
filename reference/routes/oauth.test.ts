import { describe, expect, it } from 'vitest';
import { expectError, TEST_TOKEN, testClient } from '../../test-support/reference/client.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('POST /oauth/access_token', () => {
  const client = testClient({ clientId: 'id-1', clientSecret: 's3cret' });

  it('exchanges client credentials for the bearer token, without a token', async () => {
    const res = await client.request('POST', '/oauth/access_token', {
      token: null,
      headers: FORM,
      raw: 'grant_type=client_credentials&client_id=id-1&client_secret=s3cret',
    });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({
      access_token: TEST_TOKEN,
      token_type: 'Bearer',
      expires_in: 3600,
      identifier: 'client_credentials',
    });
    const use = await client.get('/v2/files', { token: res.body.access_token });
    expect(use.status).toBe(200);
  });

  it('accepts the same fields as JSON', async () => {
    const res = await client.post(
      '/oauth/access_token',
      { grant_type: 'client_credentials', client_id: 'id-1', client_secret: 's3cret' },
      { token: null },
    );
    expect(res.status).toBe(200);
  });

  it.each([
    ['a wrong secret', 'grant_type=client_credentials&client_id=id-1&client_secret=nope', 401],
    ['a wrong client id', 'grant_type=client_credentials&client_id=id-2&client_secret=s3cret', 401],
    ['another grant type', 'grant_type=password&client_id=id-1&client_secret=s3cret', 400],
    ['no grant type', 'client_id=id-1&client_secret=s3cret', 400],
    ['no secret', 'grant_type=client_credentials&client_id=id-1', 400],
    [
      'a repeated field',
      'grant_type=client_credentials&client_id=id-1&client_id=id-1&client_secret=s3cret',
      400,
    ],
    ['an empty body', '', 400],
  ])('refuses %s', async (_name, raw, status) => {
    const res = await client.request('POST', '/oauth/access_token', { token: null, headers: FORM, raw });
    expectError(res, status);
  });

  it('refuses other content types and malformed JSON', async () => {
    expectError(
      await client.request('POST', '/oauth/access_token', {
        token: null,
        headers: { 'content-type': 'text/plain' },
        raw: 'x',
      }),
      415,
    );
    expectError(
      await client.request('POST', '/oauth/access_token', {
        token: null,
        headers: { 'content-type': 'application/json' },
        raw: '{',
      }),
      400,
    );
  });
});
