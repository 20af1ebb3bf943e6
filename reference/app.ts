import { type FastifyInstance, fastify } from 'fastify';
import type { ReferenceContext } from './context.ts';
import { createReferenceContext } from './create-context.ts';
import { installFaults } from './faults/catalogue.ts';
import { checkBearerToken } from './http/auth.ts';
import { useJsonBodiesOnly } from './http/body-parsers.ts';
import { frameworkErrorHandler, installErrorHandling } from './http/error-handler.ts';
import { answerUnroutedRequests } from './http/unrouted.ts';
import { BODY_LIMIT_BYTES, MAX_PARAM_LENGTH } from './limits.ts';
import type { ReferenceOptions } from './options.ts';
import { registerCartRoutes } from './routes/carts.ts';
import { registerCategoryRoutes } from './routes/categories.ts';
import { registerFileRoutes } from './routes/files.ts';
import { registerIntegrationRoutes } from './routes/integrations.ts';
import { registerTokenRoute } from './routes/oauth.ts';
import { registerOrderRoutes } from './routes/orders.ts';
import { registerProductRoutes } from './routes/products.ts';
import { registerTransactionRoutes } from './routes/transactions.ts';

/** Builds the reference server, not yet listening. @throws RangeError when an option is invalid. */
export function buildReferenceApp(
  options: ReferenceOptions = {},
  context?: ReferenceContext,
): FastifyInstance {
  const ctx = context ?? createReferenceContext(options);
  const app = fastify({
    logger: false,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: frameworkErrorHandler(ctx.options.token),
    // Requests that arrive while the server closes are still served rather than answered 503.
    return503OnClosing: false,
  });

  installErrorHandling(app);
  useJsonBodiesOnly(app);
  // Faults first: their request hooks must see requests before authentication does.
  installFaults(app, ctx);

  // §5: every /v2 request needs the bearer token, checked before anything else (unknown routes too). When it
  // is wrong, the 401 is sent and `done` is not called, which ends the request there.
  app.addHook('onRequest', (request, reply, done) => {
    if (checkBearerToken(request, reply, ctx.options.token)) done();
  });
  answerUnroutedRequests(app);

  app.register(async (scope) => registerTokenRoute(scope, ctx));
  app.register(
    async (v2) => {
      registerProductRoutes(v2, ctx);
      registerCategoryRoutes(v2, ctx);
      registerCartRoutes(v2, ctx);
      registerOrderRoutes(v2, ctx);
      registerTransactionRoutes(v2, ctx);
      registerIntegrationRoutes(v2, ctx);
      registerFileRoutes(v2, ctx);
    },
    { prefix: '/v2' },
  );
  return app;
}
