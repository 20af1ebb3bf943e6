/**
 * Depth of INT-GET (§2.2, §4.2, §6, issue 10): "the integration read is the one asked for and carries the
 * values it was created with", on integrations of more than one shape. Two input families:
 * - strings: name, description and a segment of configuration.url across lengths and character sets
 *   (`helpers/depth/text.ts`);
 * - fixtures: `enabled` both ways and `observes` arrays of one to six events.
 * Gate: one integration created disabled with three events, one whose texts mix Latin-1, BMP, a combining
 * sequence and characters above U+FFFF. Deep: generated ones, from each family's share. Each integration is
 * the run's own, read back once and deleted (also registered for cleanup). A create refused with 4xx (a text
 * too long, an alphabet or an event name the target does not take: none of these is shown) is skipped.
 */
import fc from 'fast-check';
import { check } from '../../helpers/check/check.ts';
import type { CheckContext } from '../../helpers/check/context.ts';
import { judgeEach } from '../../helpers/depth/each.ts';
import { exploration, exploreCheck } from '../../helpers/depth/explore.ts';
import { skipInput } from '../../helpers/depth/record.ts';
import { schemaNode } from '../../helpers/depth/schema-arbitrary.ts';
import { MIXED_TEXT, showText, textsOf } from '../../helpers/depth/text.ts';
import type { Cleanup } from '../../helpers/fixtures/cleanup.ts';
import { createdId } from '../../helpers/fixtures/create.ts';
import type { ApiClient } from '../../helpers/http/client.ts';
import { isObject } from '../../helpers/http/response.ts';
import type { RunInfo } from '../../helpers/run/run-info.ts';
import { expectCarries } from './carries.ts';

/** What an integration of the depth checks is created with. */
export interface Shape {
  readonly name: string;
  readonly description: string;
  readonly enabled: boolean;
  readonly observes: readonly string[];
  /** A path segment of configuration.url (encoded into the URL). */
  readonly urlSegment: string;
}

/** Event names of the form <resource>.<action> (§6; the full list is not shown). */
const RESOURCES = ['order', 'product', 'category', 'cart', 'transaction'] as const;
const ACTIONS = ['created', 'updated', 'deleted', 'paid', 'authorized', 'fulfilled', 'refunded'] as const;
const events = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom('order.created', 'order.paid', 'order.fulfilled', 'product.updated'),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...RESOURCES), fc.constantFrom(...ACTIONS)).map((p) => p.join('.')),
  },
);

const showShape = (s: Shape) =>
  `enabled=${s.enabled} observes=${JSON.stringify(s.observes)} name=${showText(s.name)} description=${showText(s.description)} url segment=${showText(s.urlSegment)}`;

/** The create body of a shape (provisioning.md, Integrations), at a reserved domain (RFC 2606). */
function bodyOf(shape: Shape, tag: string) {
  return {
    data: {
      type: 'integration',
      integration_type: 'webhook',
      name: shape.name,
      description: shape.description,
      enabled: shape.enabled,
      observes: [...shape.observes],
      configuration: {
        url: `https://hooks.example.com/commerce-conformance/${tag}/${encodeURIComponent(shape.urlSegment)}`,
      },
    },
  };
}

/** Creates the shape, reads it back and judges INT-GET; deletes it afterwards. */
async function judgeShape(
  t: CheckContext,
  { api, tag, cleanup, shape }: { api: Pick<ApiClient, 'send'>; tag: string; cleanup: Cleanup; shape: Shape },
): Promise<void> {
  const body = bodyOf(shape, tag);
  const created = await api.send('POST', '/v2/integrations', { json: body });
  if (created.status >= 400 && created.status < 500) {
    skipInput(
      `the integration was refused with ${created.status} (lengths, alphabets and event names are not shown)`,
    );
  }
  const id = createdId(created, 'create an integration');
  cleanup.add({ kind: 'integration', id });
  try {
    const response = await api.send('GET', `/v2/integrations/${id}`);
    t.attach(response);
    t.expectStatus(response, '2xx');
    // An answer without a data object is ENV-SINGLE's failure: there are no fields to compare.
    if (!isObject(response.data))
      skipInput('the answer is not { data: <object> }: no integration to look at (see ENV-SINGLE)');
    const data = response.data;
    t.expectEqual(data.id, id, 'data.id', response);
    expectCarries(t, { data, sent: body.data, response });
  } finally {
    await api
      .send('DELETE', `/v2/integrations/${id}`)
      .then((deleted) => deleted.ok && cleanup.forget('integration', id))
      .catch(() => undefined);
  }
}

export function depthIntegrationChecks({ info, cleanup }: { info: RunInfo; cleanup: Cleanup }): void {
  const tag = info.runTag;
  const named = (text: string) => `[${tag}] ${text}`;
  const plain = {
    description: 'conformance depth',
    enabled: true,
    observes: ['order.fulfilled'],
    urlSegment: 'x',
  };
  const gate: readonly Shape[] = [
    {
      ...plain,
      name: named('disabled, three events'),
      enabled: false,
      observes: ['order.created', 'order.paid', 'order.fulfilled'],
    },
    { ...plain, name: named(MIXED_TEXT), description: MIXED_TEXT, urlSegment: MIXED_TEXT },
  ];
  check(
    'INT-GET',
    'an integration created disabled with three events, and one named in Latin-1, BMP, combining marks and emoji, read back unchanged',
    async (t) => {
      await judgeEach(t, {
        inputs: gate,
        show: showShape,
        judge: (shape) => judgeShape(t, { api: t.api, tag, cleanup, shape }),
      });
    },
    { writes: true },
  );

  const text = (field: 'name' | 'description') => textsOf(schemaNode('integration', `/properties/${field}`));
  exploreCheck(
    'INT-GET',
    'integrations created with generated names, descriptions and URLs read back unchanged',
    async (t) =>
      exploration({
        name: 'integrations/text',
        arbitrary: fc
          .record({ name: text('name'), description: text('description'), urlSegment: text('name') })
          .map((strings): Shape => ({ ...plain, ...strings, name: named(strings.name) })),
        show: showShape,
        judge: (shape, api) => judgeShape(t, { api, tag, cleanup, shape }),
      }),
    { writes: true },
  );

  exploreCheck(
    'INT-GET',
    'integrations created enabled or disabled, with generated observes arrays, read back unchanged',
    async (t) =>
      exploration({
        name: 'integrations/shapes',
        arbitrary: fc
          .record({ enabled: fc.boolean(), observes: fc.uniqueArray(events, { minLength: 1, maxLength: 6 }) })
          .map((fields): Shape => ({ ...plain, name: named('shape'), ...fields })),
        show: showShape,
        judge: (shape, api) => judgeShape(t, { api, tag, cleanup, shape }),
      }),
    { writes: true },
  );
}
