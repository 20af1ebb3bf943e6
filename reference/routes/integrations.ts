import type { FastifyInstance } from 'fastify';
import type { ReferenceContext } from '../context.ts';
import { requestOrigin } from '../http/links.ts';
import { serializeIntegration } from '../serialize/integration.ts';
import { createIntegration, deleteIntegration } from '../store/integrations.ts';
import { newIntegrationBody } from '../validation/bodies.ts';
import { validateBody } from '../validation/check.ts';

/** Integrations (webhook subscriptions): create (provisioning.md), read and delete (§4.2). */
export function registerIntegrationRoutes(app: FastifyInstance, ctx: ReferenceContext): void {
  const { store } = ctx;

  app.post('/integrations', async (request, reply) => {
    const { data } = validateBody(newIntegrationBody, request.body);
    const integration = createIntegration(store, {
      integrationType: data.integration_type,
      name: data.name,
      description: data.description,
      enabled: data.enabled,
      observes: data.observes,
      url: data.configuration.url,
    });
    return reply.code(201).send({ data: serializeIntegration(integration, requestOrigin(request)) });
  });

  app.get<{ Params: { id: string } }>('/integrations/:id', async (request) => ({
    data: serializeIntegration(
      store.integrations.require(request.params.id, 'integration'),
      requestOrigin(request),
    ),
  }));

  // §4.2: the delete answers `{ data: { type: "integration", id } }`.
  app.delete<{ Params: { id: string } }>('/integrations/:id', async (request) => {
    const integration = deleteIntegration(store, request.params.id);
    return { data: { type: 'integration', id: integration.id } };
  });
}
