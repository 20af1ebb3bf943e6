import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiError } from '../errors.ts';
import { MAX_PARAM_LENGTH } from '../limits.ts';
import { sendError } from './send-error.ts';

/**
 * A registered route path, `/v2/products/:id`, as a pattern over request paths, and the methods it serves.
 */
interface RoutePath {
  readonly pattern: RegExp;
  readonly methods: Set<string>;
}

function patternOf(url: string): RegExp {
  const segments = url
    .split('/')
    .map((segment) =>
      segment.startsWith(':')
        ? `[^/]{1,${MAX_PARAM_LENGTH}}`
        : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    );
  return new RegExp(`^${segments.join('/')}$`);
}

/**
 * Answers the requests no route serves (RFC 9110 §15.5.6, §9.3.7): on a served path `OPTIONS` 204 and other
 * methods 405, both with `Allow`; elsewhere 404. Install after the token check and before any route (it
 * learns them from `onRoute`); answering in `onRequest`, before a body is read, treats every method alike.
 */
export function answerUnroutedRequests(app: FastifyInstance): void {
  const paths = new Map<string, RoutePath>();
  app.addHook('onRoute', (route) => {
    const known = paths.get(route.url) ?? { pattern: patternOf(route.url), methods: new Set<string>() };
    for (const method of [route.method].flat()) {
      known.methods.add(method);
      if (method === 'GET') known.methods.add('HEAD');
    }
    paths.set(route.url, known);
  });

  const answer = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?', 1)[0] ?? '';
    const methods = new Set<string>();
    for (const known of paths.values()) {
      if (known.pattern.test(path)) for (const method of known.methods) methods.add(method);
    }
    if (methods.size === 0)
      return sendError(reply, apiError('ROUTE_NOT_FOUND', `no route ${request.method} ${path}`));
    const allow = [...['GET', 'HEAD', 'POST', 'DELETE'].filter((m) => methods.has(m)), 'OPTIONS'].join(', ');
    reply.header('allow', allow);
    if (request.method === 'OPTIONS') return reply.code(204).send();
    return sendError(
      reply,
      apiError('METHOD_NOT_ALLOWED', `${request.method} is not served on ${path}; Allow: ${allow}`),
    );
  };

  app.setNotFoundHandler(answer);
  app.addHook('onRequest', (request, reply, done) => {
    if (request.is404) answer(request, reply);
    else done();
  });
}
