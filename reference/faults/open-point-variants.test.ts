import { describe, expect, it } from 'vitest';
import { type Json, testClient } from '../../test-support/reference/client.ts';

/** The same requests to the reference without variants and with `variant`: what each answered. */
async function onBoth<T>(variant: string, act: (client: ReturnType<typeof testClient>) => Promise<T>) {
  return { clean: await act(testClient()), varied: await act(testClient({ variants: [variant] })) };
}

const integration = {
  data: {
    type: 'integration',
    integration_type: 'webhook',
    name: 'n',
    description: 'd',
    enabled: true,
    observes: ['order.created', 'order.fulfilled', 'order.created'],
    configuration: { url: 'https://hooks.example.com/x' },
  },
};

describe('the variants of the open points, each against the reference without it', () => {
  it('past-end-last-page: links.prev of a page past the end names the last page, null on an empty listing', async () => {
    const { clean, varied } = await onBoth('past-end-last-page', async (client) => {
      const empty = (await client.get('/v2/products?page[limit]=2&page[offset]=4')).body.links.prev;
      for (let i = 0; i < 5; i += 1) await client.createProduct();
      const past = (await client.get('/v2/products?page[limit]=2&page[offset]=8')).body.links.prev;
      const inside = (await client.get('/v2/products?page[limit]=2&page[offset]=2')).body.links.prev;
      return [empty, past, inside].map((link: string | null) => link && new URL(link).search);
    });
    expect(clean).toEqual([
      '?page[limit]=2&page[offset]=2',
      '?page[limit]=2&page[offset]=6',
      '?page[limit]=2&page[offset]=0',
    ]);
    expect(varied).toEqual([null, '?page[limit]=2&page[offset]=4', '?page[limit]=2&page[offset]=0']);
  });

  it('last-link-full-page: links.last starts at results.total - limit', async () => {
    const { clean, varied } = await onBoth('last-link-full-page', async (client) => {
      for (let i = 0; i < 5; i += 1) await client.createProduct();
      return new URL((await client.get('/v2/products?page[limit]=2')).body.links.last).search;
    });
    expect(clean).toBe('?page[limit]=2&page[offset]=4');
    expect(varied).toBe('?page[limit]=2&page[offset]=3');
  });

  it('main-image-null: a product says relationships.main_image.data null', async () => {
    const { clean, varied } = await onBoth('main-image-null', async (client) => {
      const { id } = await client.createProduct();
      return (await client.get(`/v2/products/${id}`)).body.data.relationships.main_image;
    });
    expect(clean).toBeUndefined();
    expect(varied).toEqual({ data: null });
  });

  it('observes-as-set: an integration reads back its events once each, in another order', async () => {
    const { clean, varied } = await onBoth('observes-as-set', async (client) => {
      const made = (await client.post('/v2/integrations', integration)).body.data as Json;
      return (await client.get(`/v2/integrations/${made.id}`)).body.data.observes;
    });
    expect(clean).toEqual(integration.data.observes);
    expect(varied).toEqual(['order.fulfilled', 'order.created']);
  });

  it('timestamps-without-zone: every timestamp is a local time', async () => {
    const { clean, varied } = await onBoth('timestamps-without-zone', async (client) => {
      const product = await client.createProduct();
      const made = (await client.post('/v2/integrations', integration)).body.data as Json;
      return [product.meta.timestamps.created_at, made.meta.timestamps.updated_at] as string[];
    });
    for (const at of clean) expect(at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    for (const at of varied) expect(at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/);
  });
});
