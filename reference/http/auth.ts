import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiError, sendError } from '../errors.ts';

/** True when the path (without query) is `/v2` or below it: the paths that need a token (§5). */
export function isProtectedPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return path === '/v2' || path.startsWith('/v2/');
}

/** True when `given` is `expected`, compared in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** True when `header` is `Bearer <token>` (scheme case-insensitive) with exactly this token. */
export function hasBearerToken(header: string | undefined, token: string): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1];
  return given !== undefined && sameSecret(given, token);
}

/** Answers 401 and returns false when a request to a `/v2` path lacks the right bearer token (§5). */
export function checkBearerToken(request: FastifyRequest, reply: FastifyReply, token: string): boolean {
  if (!isProtectedPath(request.url)) return true;
  const header = request.headers.authorization;
  if (hasBearerToken(header, token)) return true;
  reply.header('www-authenticate', 'Bearer');
  const problem =
    header === undefined
      ? 'the Authorization header is missing; send "Authorization: Bearer <token>"'
      : 'the Authorization header does not carry a valid bearer token';
  sendError(reply, apiError('UNAUTHORIZED', problem));
  return false;
}
