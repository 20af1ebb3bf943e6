import { describe, expect, it } from 'vitest';
import { type Json, type TestClient, testClient } from '../../../test-support/reference/client.ts';

/** Creates an integration with these fields over the defaults, and reads it back. */
async function roundTrip(client: TestClient, fields: Record<string, unknown>): Promise<Json> {
  const created = await client.post('/v2/integrations', {
    data: {
      type: 'integration',
      integration_type: 'webhook',
      name: 'hook',
      description: 'a webhook',
      enabled: true,
      observes: ['order.fulfilled'],
      configuration: { url: 'https://hooks.example.com/x' },
      ...fields,
    },
  });
  expect(created.status, created.text).toBe(201);
  const read = await client.get(`/v2/integrations/${created.body.data.id}`);
  expect(read.status).toBe(200);
  return read.body.data;
}

describe('integration-enabled-default-true (INT-GET, created disabled)', () => {
  const faulty = testClient({ faults: ['integration-enabled-default-true'] });

  it('reads enabled: true whatever it was created with', async () => {
    expect((await roundTrip(faulty, { enabled: false })).enabled).toBe(true);
    expect((await roundTrip(faulty, { enabled: true })).enabled).toBe(true);
  });
});

describe('integration-observes-first-only (INT-GET, several observed events)', () => {
  const faulty = testClient({ faults: ['integration-observes-first-only'] });

  it('keeps the first event of several, and a single one as it is', async () => {
    const observes = ['order.fulfilled', 'order.created', 'product.updated'];
    expect((await roundTrip(faulty, { observes })).observes).toEqual(['order.fulfilled']);
    expect((await roundTrip(faulty, { observes: ['order.paid'] })).observes).toEqual(['order.paid']);
  });
});

describe('integration-text-astral-stripped (INT-GET, characters above U+FFFF)', () => {
  const faulty = testClient({ faults: ['integration-text-astral-stripped'] });

  it('drops characters above U+FFFF from name and description only', async () => {
    const read = await roundTrip(faulty, { name: 'hook 🚀 𝔘', description: '𠀀 café Ω 参考' });
    expect(read.name).toBe('hook  ');
    expect(read.description).toBe(' café Ω 参考');
    const bmp = await roundTrip(faulty, { name: 'café Ω 参考 ﬀ', description: 'x'.repeat(300) });
    expect(bmp.name).toBe('café Ω 参考 ﬀ');
    expect(bmp.description).toBe('x'.repeat(300));
  });
});
