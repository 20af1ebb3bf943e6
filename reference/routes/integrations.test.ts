import { describe, expect, it } from 'vitest';
import { expectError, type Json, testClient } from '../../test-support/reference/client.ts';

function integrationData(): Json {
  return {
    type: 'integration',
    integration_type: 'webhook',
    name: 'Order hook',
    description: 'Tells the warehouse',
    enabled: false,
    observes: ['order.fulfilled', 'order.paid'],
    configuration: { url: 'https://hooks.example.com/orders' },
  };
}

describe('integrations (§2.2, §4.2)', () => {
  it('creates, reads with every field of §2.2, and deletes', async () => {
    const client = testClient();
    const created = await client.post('/v2/integrations', { data: integrationData() });
    expect(created.status).toBe(201);
    const id = created.body.data.id;

    const res = await client.get(`/v2/integrations/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        id,
        type: 'integration',
        integration_type: 'webhook',
        name: 'Order hook',
        description: 'Tells the warehouse',
        enabled: false,
        configuration: { url: 'https://hooks.example.com/orders' },
        observes: ['order.fulfilled', 'order.paid'],
        links: { self: `http://ref.test:4010/v2/integrations/${id}` },
        meta: {
          timestamps: {
            created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
            updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
          },
        },
      },
    });
    expect(created.body.data).toEqual(res.body.data);

    const deleted = await client.delete(`/v2/integrations/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ data: { type: 'integration', id } });
    expectError(await client.get(`/v2/integrations/${id}`), 404, /no integration/);
    expectError(await client.delete(`/v2/integrations/${id}`), 404);
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1'])(
    'answers 404 for the id %s',
    async (id) => {
      const client = testClient();
      expectError(await client.get(`/v2/integrations/${id}`), 404);
      expectError(await client.delete(`/v2/integrations/${id}`), 404);
    },
  );

  it.each([
    [{ type: 'webhook' }, /^data\.type must be "integration"/],
    [{ integration_type: 'email' }, /^data\.integration_type must be "webhook"/],
    [{ enabled: 'yes' }, /^data\.enabled must be a boolean/],
    [{ observes: 'order.fulfilled' }, /^data\.observes must be an array/],
    [{ observes: [] }, /^data\.observes must have at least 1 item/],
    [{ observes: ['order.fulfilled', 'OrderFulfilled'] }, /^data\.observes\[1\] must be an event name/],
    [{ observes: ['order'] }, /^data\.observes\[0\] must be an event name/],
    [{ configuration: {} }, /^data\.configuration\.url is required/],
    [{ configuration: { url: '/relative' } }, /^data\.configuration\.url must be an absolute http/],
    [{ configuration: { url: 'javascript:alert(1)' } }, /^data\.configuration\.url must be an absolute http/],
    [{ name: null }, /^data\.name must be a string/],
  ])('rejects %j with 422 and creates nothing', async (change, detail) => {
    const client = testClient();
    const res = await client.post('/v2/integrations', { data: { ...integrationData(), ...change } });
    expectError(res, 422, detail);
    expect(client.ctx.store.integrations.size).toBe(0);
  });
});
