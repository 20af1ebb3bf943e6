/**
 * The probes of the integrations area (§2.2, §4.2, §6): the run's integration read, one deleted then read,
 * integrations of several shapes created, read back and deleted (one refused with 4xx is left unjudged). Ids
 * that name nothing, of another kind or deleted are the catalogue's (`probes/relations.ts`); ids that are not
 * UUIDs, `probes/http.ts`'s.
 */
import fc from 'fast-check';
import { probe } from '../helpers/check/check.ts';
import { skip } from '../helpers/check/failure.ts';
import { schemaNode } from '../helpers/inputs/schema-arbitrary.ts';
import { hookUrl, MIXED_TEXT, showText, spaced, textsOf, webhookUrls } from '../helpers/inputs/text.ts';
import { createdId, createIntegration } from '../helpers/provisioning/create.ts';
import { once } from '../helpers/provisioning/once.ts';
import type { SuiteRun } from '../helpers/run/suite.ts';
import { tagged } from './shapes.ts';

/** What an integration of the shapes probes is created with. */
interface Shape {
  readonly name: string;
  readonly description: string;
  readonly enabled: boolean;
  readonly observes: readonly string[];
  readonly url: string;
}

/** Event names of the form <resource>.<action> (§6; the full list is not shown). */
const RESOURCES = [
  'order',
  'product',
  'category',
  'cart',
  'transaction',
  'cart_item',
  'payment-intent',
] as const;
const ACTIONS = ['created', 'updated', 'deleted', 'paid', 'fulfilled', 'refunded', 'status_changed'] as const;
const usual = fc.constantFrom('order.created', 'order.paid', 'order.fulfilled', 'product.updated');
const any = fc.tuple(fc.constantFrom(...RESOURCES), fc.constantFrom(...ACTIONS)).map((p) => p.join('.'));
const events = fc.oneof({ weight: 3, arbitrary: usual }, { weight: 1, arbitrary: any });

const showShape = (s: Shape) =>
  `enabled=${s.enabled} observes=${JSON.stringify(s.observes)} name=${showText(s.name)} description=${showText(s.description)} url=${showText(s.url)}`;

export function integrationProbes(run: SuiteRun): void {
  const { settings, api, known, cleanup } = run;
  const tag = settings.runTag;

  const subject = once(async () => {
    if (!settings.readOnly) return (await createIntegration(run)).id;
    const id = settings.existingIds.integration;
    if (!id) skip('read-only mode without CONFORMANCE_INTEGRATION_ID: no integration to read');
    return id;
  });

  probe('the run’s integration, read', { show: () => 'GET /v2/integrations/:id', gate: [0] }, async () =>
    api.get(`/v2/integrations/${await subject()}`),
  );

  probe(
    'an integration of the run, deleted, then read again',
    { show: () => 'DELETE /v2/integrations/:id, then GET', gate: [0] },
    async () => {
      const { id } = await createIntegration(run);
      const deleted = await api.delete(`/v2/integrations/${id}`);
      if (deleted.ok) cleanup.forget('integration', id);
      await api.get(`/v2/integrations/${id}`);
    },
    { writes: true },
  );

  const roundTrip = async (shape: Shape) => {
    const body = {
      data: {
        type: 'integration',
        integration_type: 'webhook',
        name: shape.name,
        description: shape.description,
        enabled: shape.enabled,
        observes: [...shape.observes],
        configuration: { url: shape.url },
      },
    };
    const created = await api.post('/v2/integrations', { json: body });
    if (created.statusClass === '4xx') {
      skip(
        `the integration was refused with ${created.status} (lengths, alphabets and event names are not shown)`,
      );
    }
    const id = createdId(created, 'create an integration');
    cleanup.add({ kind: 'integration', id });
    known.integrationCreated(id, body.data);
    await api.get(`/v2/integrations/${id}`);
    if ((await api.delete(`/v2/integrations/${id}`)).ok) cleanup.forget('integration', id);
  };
  const named = (text: string) => tagged(tag, text);
  const path = `/commerce-conformance/${tag}`;
  const plain = {
    description: 'conformance depth',
    enabled: true,
    observes: ['order.fulfilled'],
    url: hookUrl(path, 'x'),
  };
  const text = (field: 'name' | 'description') => textsOf(schemaNode('integration', `/properties/${field}`));

  probe(
    'integrations created with names, descriptions and URLs of several lengths and alphabets',
    {
      show: showShape,
      gate: [
        {
          ...plain,
          name: named(MIXED_TEXT),
          description: MIXED_TEXT,
          url: hookUrl(path, encodeURIComponent(`${MIXED_TEXT} a/b?c&d#e`), 8443),
        },
        {
          ...plain,
          name: named('x'.repeat(65)),
          description: 'y'.repeat(65),
          url: hookUrl(path, `${'z'.repeat(65)}?token=${tag}&v=2`),
        },
      ],
      deep: {
        row: 'integrations/text',
        arbitrary: fc
          .record({
            name: text('name'),
            description: fc.oneof({ weight: 9, arbitrary: text('description') }, fc.constant('')),
            url: webhookUrls(path),
          })
          .map((fields): Shape => ({ ...plain, ...fields, name: named(fields.name) })),
      },
    },
    roundTrip,
    { writes: true },
  );

  probe(
    'integrations created enabled or disabled, observing one to six events',
    {
      show: showShape,
      gate: [
        {
          ...plain,
          name: spaced(named('disabled, three events')),
          enabled: false,
          observes: ['order.created', 'order.paid', 'order.fulfilled'],
        },
        {
          ...plain,
          name: named('six events'),
          url: hookUrl(path, 'x#conformance'),
          observes: [
            'order.created',
            'order.paid',
            'order.fulfilled',
            'product.created',
            'product.updated',
            'cart_item.updated',
          ],
        },
        { ...plain, name: named('disabled, one event'), enabled: false, observes: ['product.deleted'] },
      ],
      deep: {
        row: 'integrations/shapes',
        arbitrary: fc
          .record({ enabled: fc.boolean(), observes: fc.uniqueArray(events, { minLength: 1, maxLength: 6 }) })
          .map((fields): Shape => ({ ...plain, name: named('shape'), ...fields })),
      },
    },
    roundTrip,
    { writes: true },
  );
}
