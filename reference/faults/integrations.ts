import { eachEditingRow, type Fault, faultRow } from './fault.ts';
import { answerInstead, beforeHandler, type Json, paramsOf, rewriteError, rewriteResponse } from './hooks.ts';
import { CREATE_INTEGRATION, DELETE_INTEGRATION, READ_INTEGRATION } from './routes.ts';

/** `int_` and the UUID's 32 hex digits: an id that is stable but not a UUID. */
const toOpaqueId = (uuid: string) => `int_${uuid.replace(/-/g, '')}`;
const fromOpaqueId = (id: string) =>
  id.replace(/^int_([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})$/, '$1-$2-$3-$4-$5');

/** Constructors of faults that edit the integration (`data`) of the read answers (and of the create ones). */
const integrationRead = eachEditingRow([READ_INTEGRATION]);
const integrationCreateRead = eachEditingRow([CREATE_INTEGRATION, READ_INTEGRATION]);

export const INTEGRATION_FAULTS: Fault[] = [
  faultRow('integration-unwrapped', 'ENV-SINGLE')(
    'GET /v2/integrations/:id answers the integration itself, without the { data } envelope.',
    rewriteResponse([READ_INTEGRATION], (body) => body.data),
  ),
  faultRow('integration-id-not-uuid', 'INT-SCHEMA')(
    'Integration ids are opaque strings (int_…) instead of UUIDs, consistently in every answer and path.',
    (app, ctx) => {
      rewriteResponse([CREATE_INTEGRATION, READ_INTEGRATION, DELETE_INTEGRATION], (body) => {
        const data = body?.data;
        if (!data || typeof data.id !== 'string') return;
        const opaque = toOpaqueId(data.id);
        if (typeof data.links?.self === 'string') data.links.self = data.links.self.replace(data.id, opaque);
        data.id = opaque;
      })(app, ctx);
      beforeHandler([READ_INTEGRATION, DELETE_INTEGRATION], (request) => {
        paramsOf(request).id = fromOpaqueId(paramsOf(request).id);
      })(app, ctx);
    },
  ),
  integrationRead('integration-name-stale', 'INT-GET')(
    'GET answers a name other than the one the integration was created with.',
    (i) => {
      i.name = `${i.name} (old)`;
    },
  ),
  integrationRead('self-link-relative', 'INT-SELF-LINK')(
    'links.self is a relative URL (/v2/integrations/<id>).',
    (i) => {
      i.links.self = new URL(i.links.self).pathname;
    },
  ),
  integrationRead('self-link-wrong-path', 'INT-SELF-LINK')('links.self points at /v2/webhooks/<id>.', (i) => {
    i.links.self = i.links.self.replace('/v2/integrations/', '/v2/webhooks/');
  }),
  integrationCreateRead('observes-without-resource', 'INT-OBSERVES')(
    'observes entries are given without their resource ("fulfilled" for "order.fulfilled").',
    (i) => {
      i.observes = i.observes.map((event: string) => event.split('.').pop());
    },
    { 'INT-GET': 'The integration read no longer carries the observes it was created with.' },
  ),
  integrationCreateRead('integration-timestamps-seconds', 'INT-TIMESTAMP-MS')(
    'meta.timestamps are given to the second, without milliseconds.',
    (i) => {
      for (const key of ['created_at', 'updated_at'])
        i.meta.timestamps[key] = i.meta.timestamps[key].replace(/\.\d+Z$/, 'Z');
    },
    { 'INT-SCHEMA': 'The Integration schema (§2.2) gives meta.timestamps with milliseconds.' },
  ),
  faultRow('delete-answers-empty', 'INT-DELETE')(
    'DELETE /v2/integrations/:id answers 204 with no body.',
    rewriteResponse([DELETE_INTEGRATION], (_body, _request, reply) => {
      reply.code(204);
      return '';
    }),
  ),
  faultRow('delete-keeps-record', 'INT-DELETE-GONE')(
    'DELETE /v2/integrations/:id answers as if it deleted the integration, but keeps it.',
    answerInstead([DELETE_INTEGRATION], (request, reply, ctx) => {
      const id = (request.params as Json).id;
      return ctx.store.integrations.get(id) ? reply.send({ data: { type: 'integration', id } }) : undefined;
    }),
    { 'INT-NOT-FOUND': 'A DELETE of the integration it said it deleted is answered 2xx again.' },
  ),
  faultRow('unknown-integration-found', 'INT-NOT-FOUND')(
    'Reading or deleting an integration id that does not exist answers 200.',
    rewriteError([READ_INTEGRATION, DELETE_INTEGRATION], (_body, request, reply) => {
      if (reply.statusCode !== 404) return undefined;
      reply.code(200);
      return { data: { type: 'integration', id: (request.params as Json).id } };
    }),
    { 'INT-DELETE-GONE': "A deleted integration's id is an unknown id, which this fault reads as found." },
  ),
];
