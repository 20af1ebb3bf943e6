/**
 * Conformant variants for the choices that the requests of the space's methods and spellings meet
 * (`probes/space/`): how a server answers a method a path does not serve, an `OPTIONS` without valid
 * credentials, and spellings a client may send. The suite must give each zero failures, alone and together
 * (in this order, each still answers some requests: OPTIONS 204, then 404 to an unserved method, then 501 to
 * the other methods, HEAD on a read).
 */
import { apiError } from '../errors.ts';
import { sendError } from '../http/send-error.ts';
import type { Variant } from './variant.ts';

/** The methods §4 uses; a server may implement no other (RFC 9110 §9.1 asks GET and HEAD of a general-purpose one). */
const USED = ['GET', 'POST', 'DELETE'];

export const SPACE_VARIANTS: readonly Variant[] = [
  {
    name: 'options-before-auth',
    description:
      'Every OPTIONS is answered 204 with Allow and CORS headers before authentication, whatever its credentials (a CORS handler: a browser sends a preflight without credentials).',
    install: (app) =>
      app.addHook('onRequest', async (request, reply) => {
        if (request.method !== 'OPTIONS') return undefined;
        return reply
          .code(204)
          .header('allow', 'GET, HEAD, POST, DELETE, OPTIONS')
          .header('access-control-allow-origin', '*')
          .header('access-control-allow-headers', 'Authorization, Content-Type')
          .send();
      }),
  },
  {
    name: 'unserved-methods-404',
    description:
      'A method a path does not serve is answered 404 like an unknown route, without Allow, before authentication (RFC 9110: 405 is one choice, §7 shows no status).',
    install: (app) =>
      app.addHook('onRequest', async (request, reply) => {
        if (!request.is404) return undefined;
        const path = request.url.split('?', 1)[0] ?? '';
        return sendError(reply, apiError('ROUTE_NOT_FOUND', `no route ${request.method} ${path}`));
      }),
  },
  {
    name: 'other-methods-501',
    description:
      'A method other than GET, POST and DELETE (HEAD, OPTIONS, PUT, PATCH, PROPFIND…) is answered 501 Not Implemented, before authentication (RFC 9110 §15.6.2: a server need not implement a method).',
    install: (app) =>
      app.addHook('onRequest', async (request, reply) => {
        if (USED.includes(request.method)) return undefined;
        return sendError(reply, apiError('NOT_IMPLEMENTED', `${request.method} is not implemented`));
      }),
  },
];
