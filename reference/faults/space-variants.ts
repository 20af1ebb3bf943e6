/** Conformant variants for the space's methods and spellings (`probes/space/`). */
import { apiError } from '../errors.ts';
import { type Variant, variantRow } from './fault.ts';
import { answerFirst, beforeHandler, type Json, type Route } from './hooks.ts';
import { CATEGORY, HARD, rawQuery, SOFT } from './routes.ts';

/** The reads that take query parameters (§4.3), and those of §8. */
const QUERY_READS: Route[] = [...SOFT, CATEGORY, ...HARD];

/** A query part with a percent sign that is no escape of two hex digits, or escapes that are no UTF-8. */
function malformed(part: string): boolean {
  if (/%(?![0-9A-Fa-f]{2})/.test(part)) return true;
  try {
    decodeURIComponent(part);
    return false;
  } catch {
    return true;
  }
}

/** The methods §4 uses; a server may implement no other (RFC 9110 §9.1). */
const USED = ['GET', 'POST', 'DELETE'];

export const SPACE_VARIANTS: readonly Variant[] = [
  variantRow('options-before-auth')(
    'Every OPTIONS is answered 204 with Allow and CORS headers before authentication, whatever its credentials (a CORS handler: a browser sends a preflight without credentials).',
    answerFirst((request, reply) => {
      if (request.method !== 'OPTIONS') return undefined;
      reply.header('allow', 'GET, HEAD, POST, DELETE, OPTIONS').header('access-control-allow-origin', '*');
      reply.header('access-control-allow-headers', 'Authorization, Content-Type');
      return reply.code(204).send();
    }),
  ),
  variantRow('unserved-methods-404')(
    'A method a path does not serve is answered 404 like an unknown route, without Allow, before authentication (RFC 9110: 405 is one choice, §7 shows no status).',
    answerFirst((request) => {
      if (!request.is404) return undefined;
      const path = request.url.split('?', 1)[0] ?? '';
      return apiError('ROUTE_NOT_FOUND', `no route ${request.method} ${path}`);
    }),
  ),
  variantRow('repeated-params-last')(
    'A query parameter given more than once is read at its last value instead of refused (§4.3 does not say how a repeated parameter reads).',
    beforeHandler(QUERY_READS, (request) => {
      const query = request.query as Json;
      for (const [key, value] of Object.entries(query)) if (Array.isArray(value)) query[key] = value.at(-1);
    }),
  ),
  variantRow('malformed-query-refused')(
    'A query string with a malformed percent-escape (%zz, a lone %, a truncated UTF-8 sequence) or a part without "=" is refused with 400, before authentication (URLs leave such a query to the server).',
    answerFirst((request) => {
      const parts = rawQuery(request).split('&');
      if (!parts.some((part) => part !== '' && (malformed(part) || !part.includes('=')))) return undefined;
      return apiError('BAD_URL', 'a malformed query string');
    }),
  ),
  variantRow('bearer-scheme-exact')(
    'The token is taken only after the scheme spelt exactly "Bearer" (§5 spells it so; HTTP schemes are case-insensitive): "bearer <token>" and "BEARER <token>" are refused with 401.',
    answerFirst((request) => {
      const scheme = /^(\S+)/.exec(request.headers.authorization ?? '')?.[1];
      if (scheme === undefined || scheme === 'Bearer' || scheme.toLowerCase() !== 'bearer') return undefined;
      if (!request.url.startsWith('/v2')) return undefined;
      return apiError('UNAUTHORIZED', `the scheme is spelt ${scheme}, not Bearer`);
    }),
  ),
  variantRow('other-methods-501')(
    'A method other than GET, POST and DELETE (HEAD, OPTIONS, PUT, PATCH, PROPFIND…) is answered 501 Not Implemented, before authentication (RFC 9110 §15.6.2: a server need not implement a method).',
    answerFirst((request) => {
      if (USED.includes(request.method)) return undefined;
      return apiError('NOT_IMPLEMENTED', `${request.method} is not implemented`);
    }),
  ),
];
