import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ReferenceContext } from '../context.ts';
import { apiError } from '../errors.ts';
import { useFormBodies } from '../http/body-parsers.ts';

/** How long a token is said to live; the reference server's token never actually expires. */
export const TOKEN_LIFETIME_SECONDS = 3600;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function field(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (typeof value !== 'string' || value === '') {
    throw apiError('INVALID_TOKEN_REQUEST', `${name} is required`);
  }
  return value;
}

/**
 * `POST /oauth/access_token` (provisioning.md §Token): the client-credentials grant, form-encoded. It needs no
 * bearer token. Wrong credentials are 401; a missing field or another grant type is 400.
 */
export function registerTokenRoute(app: FastifyInstance, ctx: ReferenceContext): void {
  useFormBodies(app);
  app.post('/oauth/access_token', async (request) => {
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw apiError(
        'INVALID_TOKEN_REQUEST',
        'send a form-encoded body: grant_type=client_credentials&client_id=…&client_secret=…',
      );
    }
    const fields = body as Record<string, unknown>;
    const grantType = field(fields, 'grant_type');
    if (grantType !== 'client_credentials') {
      throw apiError(
        'UNSUPPORTED_GRANT_TYPE',
        `grant_type "${grantType}" is not supported; use client_credentials`,
      );
    }
    const clientId = field(fields, 'client_id');
    const clientSecret = field(fields, 'client_secret');
    const idOk = sameSecret(clientId, ctx.options.clientId);
    const secretOk = sameSecret(clientSecret, ctx.options.clientSecret);
    if (!idOk || !secretOk) {
      throw apiError('INVALID_CLIENT', 'client_id or client_secret is wrong');
    }
    return {
      access_token: ctx.options.token,
      token_type: 'Bearer',
      expires_in: TOKEN_LIFETIME_SECONDS,
      expires: Math.floor(Date.now() / 1000) + TOKEN_LIFETIME_SECONDS,
      identifier: 'client_credentials',
    };
  });
}
