import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ReferenceContext } from '../context.ts';
import { ApiError, apiError } from '../errors.ts';
import { sameSecret } from '../http/auth.ts';
import { tokenBody } from '../validation/bodies.ts';
import { validateBody } from '../validation/check.ts';

/** How long a token is said to live; the reference server's token never actually expires. */
export const TOKEN_LIFETIME_SECONDS = 3600;

/**
 * The token request's fields ({@link tokenBody}). A problem is 400 as RFC 6749 §5.2 has it:
 * `UNSUPPORTED_GRANT_TYPE` for a grant type other than client_credentials, `INVALID_TOKEN_REQUEST` for the rest.
 */
function tokenRequest(body: unknown) {
  try {
    return validateBody(tokenBody, body);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const grantType = (body as { grant_type?: unknown } | undefined)?.grant_type;
    const otherGrant =
      typeof grantType === 'string' && grantType !== '' && grantType !== 'client_credentials';
    throw apiError(
      otherGrant ? 'UNSUPPORTED_GRANT_TYPE' : 'INVALID_TOKEN_REQUEST',
      otherGrant ? `grant_type "${grantType}" is not supported; use client_credentials` : error.detail,
    );
  }
}

/**
 * `POST /oauth/access_token` (provisioning.md §Token): the client-credentials grant, form-encoded. It needs no
 * bearer token. Wrong credentials are 401; a missing or empty field or another grant type is 400.
 */
export function registerTokenRoute(app: FastifyInstance, ctx: ReferenceContext): void {
  // Form-encoded or JSON bodies; a repeated form field is refused.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    async (_request: FastifyRequest, body: string) => {
      const fields: Record<string, string> = Object.create(null);
      for (const [key, value] of new URLSearchParams(String(body))) {
        if (Object.hasOwn(fields, key))
          throw apiError('INVALID_TOKEN_REQUEST', `the form field "${key}" is given more than once`);
        fields[key] = value;
      }
      return fields;
    },
  );
  app.post('/oauth/access_token', async (request) => {
    const { client_id: clientId, client_secret: clientSecret } = tokenRequest(request.body);
    const idOk = sameSecret(clientId, ctx.options.clientId);
    const secretOk = sameSecret(clientSecret, ctx.options.clientSecret);
    if (!idOk || !secretOk) throw apiError('INVALID_CLIENT', 'client_id or client_secret is wrong');
    return {
      access_token: ctx.options.token,
      token_type: 'Bearer',
      expires_in: TOKEN_LIFETIME_SECONDS,
      expires: Math.floor(Date.now() / 1000) + TOKEN_LIFETIME_SECONDS,
      identifier: 'client_credentials',
    };
  });
}
