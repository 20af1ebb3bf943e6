/**
 * Integrations (§2.2, §4.2, §6): reading and deleting a webhook subscription.
 *
 * The run creates its own integrations (provisioning.md): one that is read, and another one that is deleted,
 * so that the read checks never race the delete. In read-only mode the configured integration is read and
 * nothing is deleted.
 */
import { describe } from 'vitest';
import { check } from '../helpers/check/check.ts';
import type { CheckContext } from '../helpers/check/context.ts';
import { createIntegration } from '../helpers/fixtures/create.ts';
import { once } from '../helpers/fixtures/once.ts';
import { isObject } from '../helpers/http/response.ts';
import { suiteRun } from '../helpers/run/suite.ts';
import { replayRecorded } from './authentication/recorded.ts';
import { expectCarries } from './integrations/carries.ts';
import { depthIntegrationChecks } from './integrations/depth.ts';
import { integrationIdChecks } from './integrations/ids.ts';

const { info, api, cleanup } = suiteRun();

/** An id that no target holds (a fresh UUID). */
const unknownId = crypto.randomUUID();

const created = once(() => createIntegration(api, info.runTag, cleanup));

/** The integration that the read checks look at, and what it was created with (unknown in read-only mode). */
const subject = once(async () => {
  if (info.readOnly) {
    const id = info.existingIds.integration;
    return id ? { id, sent: undefined } : undefined;
  }
  const integration = await created();
  return { id: integration.id, sent: integration.body.data };
});

/** One read of the subject, shared by the read checks. */
const read = once(async () => {
  const target = await subject();
  return target && { ...target, response: await api.get(`/v2/integrations/${target.id}`) };
});

/** The read, attached to the check; skips when there is nothing to read. */
async function readResponse(t: CheckContext) {
  const r = t.need(await read(), 'read-only mode without CONFORMANCE_INTEGRATION_ID: no integration to read');
  t.attach(r.response);
  return r;
}

/**
 * The read's `data`, after checking that the read succeeded. An answer without a `data` object is
 * ENV-SINGLE's failure: the checks of the integration's fields skip then.
 */
async function readData(t: CheckContext) {
  const r = await readResponse(t);
  t.expectStatus(r.response, '2xx');
  const data = t.need(
    isObject(r.response.data) ? r.response.data : undefined,
    'the answer is not { data: <object> }: no integration to look at (see ENV-SINGLE)',
  );
  return { ...r, data };
}

/** An integration made only to be deleted, and the answer to its DELETE. */
const deletion = once(async () => {
  const doomed = await createIntegration(api, info.runTag, cleanup);
  const response = await api.delete(`/v2/integrations/${doomed.id}`);
  if (response.ok) cleanup.forget('integration', doomed.id);
  return { id: doomed.id, response };
});

describe.concurrent('integrations', () => {
  integrationIdChecks();
  check('INT-SCHEMA', 'GET /v2/integrations/:id answers { data: Integration }', async (t) => {
    const { response } = await readData(t);
    t.expectSchema(response.json, 'integration-response', 'the body', response);
  });

  check(
    'INT-GET',
    'the integration read is the one asked for, with the values it was created with',
    async (t) => {
      const { id, sent, data, response } = await readData(t);
      t.expectEqual(data.id, id, 'data.id', response);
      if (sent) expectCarries(t, { data, sent, response });
    },
  );

  check(
    'INT-SELF-LINK',
    'links.self is an absolute URL whose path ends in /v2/integrations/<id>',
    async (t) => {
      const { id, data, response } = await readData(t);
      const self = isObject(data.links) ? data.links.self : undefined;
      let url: URL | undefined;
      try {
        url = typeof self === 'string' ? new URL(self) : undefined;
      } catch {
        url = undefined;
      }
      t.assert(url !== undefined, 'data.links.self to be an absolute URL', JSON.stringify(self), response);
      t.assert(
        (url as URL).pathname.replace(/\/+$/, '').endsWith(`/v2/integrations/${id}`),
        `the path of data.links.self to end in /v2/integrations/${id}`,
        (url as URL).pathname,
        response,
      );
    },
  );

  check('INT-OBSERVES', 'each observes entry has the form <resource>.<action>', async (t) => {
    const { data, response } = await readData(t);
    const observes = t.expectArray(data.observes, 'data.observes', response);
    observes.forEach((entry, i) => {
      t.assert(
        typeof entry === 'string' && /^[^.\s]+\.[^.\s]+$/.test(entry),
        `data.observes[${i}] of the form <resource>.<action>`,
        JSON.stringify(entry),
        response,
      );
    });
  });

  check('INT-TIMESTAMP-MS', 'meta.timestamps are ISO 8601 date-times with milliseconds', async (t) => {
    const { data, response } = await readData(t);
    const meta = t.expectObject(data.meta, 'data.meta', response);
    const timestamps = t.expectObject(meta.timestamps, 'data.meta.timestamps', response);
    for (const key of ['created_at', 'updated_at']) {
      const value = timestamps[key];
      t.assert(
        typeof value === 'string' && ISO_WITH_MS.test(value) && !Number.isNaN(Date.parse(value)),
        `data.meta.timestamps.${key} to be an ISO 8601 date-time with milliseconds (e.g. 2026-01-02T03:04:05.678Z)`,
        JSON.stringify(value),
        response,
      );
    }
  });

  check('ENV-SINGLE', 'GET /v2/integrations/:id is { data: <object> }', async (t) => {
    const { response } = await readResponse(t);
    t.need(response.ok, `the read answered ${response.status}: not a single-resource response`);
    t.expectSchema(response.json, 'single-envelope', 'the body', response);
  });

  check('ENV-TYPE', 'the integration read has type "integration"', async (t) => {
    const { data, response } = await readData(t);
    t.expectEqual(data.type, 'integration', 'data.type', response);
  });

  check(
    'INT-DELETE',
    'DELETE /v2/integrations/:id answers { data: { type: "integration", id } }',
    async (t) => {
      const { id, response } = await deletion();
      t.attach(response);
      t.expectStatus(response, '2xx');
      const data = t.expectObject(response.data, 'data', response);
      t.expectEqual(data.type, 'integration', 'data.type', response);
      t.expectEqual(data.id, id, 'data.id', response);
    },
    { writes: true },
  );

  check(
    'INT-DELETE-GONE',
    'after a delete, reading the same id answers 4xx',
    async (t) => {
      const { id, response } = await deletion();
      t.need(
        response.ok,
        `the DELETE did not succeed (${response.status}), so there is nothing to read back`,
      );
      t.expectStatus(await t.api.get(`/v2/integrations/${id}`), '4xx');
    },
    { writes: true },
  );

  check('INT-NOT-FOUND', 'GET of an integration id that does not exist answers 4xx', async (t) => {
    t.expectStatus(await t.api.get(`/v2/integrations/${unknownId}`), '4xx');
  });

  check(
    'INT-NOT-FOUND',
    'DELETE of an integration id that does not exist answers 4xx',
    async (t) => {
      t.expectStatus(await t.api.delete(`/v2/integrations/${unknownId}`), '4xx');
    },
    { writes: true },
  );

  depthIntegrationChecks({ info, cleanup });
});

/** ISO 8601 date-time with at least three fractional digits and a zone (§2.2 "with milliseconds"). */
const ISO_WITH_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3,}(Z|[+-]\d{2}:?\d{2})$/;

// Last: once the checks above are done, what they sent is sent again without valid credentials.
replayRecorded(info, 'integrations');
