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

describe('the variants of the open points of issue 35 (the remainder), each against the reference without it', () => {
  it('unaligned-links-on-grid: off the grid, prev and next name the grid pages around the offset', async () => {
    const { clean, varied } = await onBoth('unaligned-links-on-grid', async (client) => {
      for (let i = 0; i < 7; i += 1) await client.createProduct();
      const links = async (offset: number) => {
        const { prev, next } = (await client.get(`/v2/products?page[limit]=2&page[offset]=${offset}`)).body
          .links;
        return [prev, next].map((link: string | null) => link && new URL(link).search);
      };
      return [await links(1), await links(3), await links(4)];
    });
    expect(clean).toEqual([
      ['?page[limit]=2&page[offset]=0', '?page[limit]=2&page[offset]=3'],
      ['?page[limit]=2&page[offset]=1', '?page[limit]=2&page[offset]=5'],
      ['?page[limit]=2&page[offset]=2', '?page[limit]=2&page[offset]=6'],
    ]);
    expect(varied).toEqual([
      [null, '?page[limit]=2&page[offset]=2'],
      ['?page[limit]=2&page[offset]=0', '?page[limit]=2&page[offset]=4'],
      ['?page[limit]=2&page[offset]=2', '?page[limit]=2&page[offset]=6'],
    ]);
  });

  it('gateway-names-folded: a gateway in another case or spaced is the gateway it names', async () => {
    const { clean, varied } = await onBoth('gateway-names-folded', async (client) => {
      const statuses = [];
      for (const gateway of [' MANUAL ', 'Manual', 'stripe']) {
        const order = await client.createOrderOf(100);
        const paid = await client.post(`/v2/orders/${order.id}/payments`, {
          data: { gateway, method: 'authorize' },
        });
        statuses.push(paid.status < 300);
      }
      return statuses;
    });
    expect(clean).toEqual([false, false, false]);
    expect(varied).toEqual([true, true, false]);
  });

  it('past-end-prev-null: links.prev of a page past the end is null, inside the listing unchanged', async () => {
    const { clean, varied } = await onBoth('past-end-prev-null', async (client) => {
      for (let i = 0; i < 5; i += 1) await client.createProduct();
      const past = (await client.get('/v2/products?page[limit]=2&page[offset]=8')).body.links.prev;
      const inside = (await client.get('/v2/products?page[limit]=2&page[offset]=2')).body.links.prev;
      return [past, inside].map((link: string | null) => link && new URL(link).search);
    });
    expect(clean).toEqual(['?page[limit]=2&page[offset]=6', '?page[limit]=2&page[offset]=0']);
    expect(varied).toEqual([null, '?page[limit]=2&page[offset]=0']);
  });

  it('deleted-410: a read after a delete answers 410, a never-made id 404', async () => {
    const { clean, varied } = await onBoth('deleted-410', async (client) => {
      const made = (await client.post('/v2/integrations', integration)).body.data as Json;
      const product = await client.createProduct();
      const category = await client.createCategory();
      const paths = [
        `/v2/integrations/${made.id}`,
        `/v2/products/${product.id}`,
        `/v2/categories/${category.id}`,
      ];
      for (const path of paths) expect((await client.delete(path)).status).toBe(200);
      const never = `/v2/products/${crypto.randomUUID()}`;
      return Promise.all([...paths, never].map(async (path) => (await client.get(path)).status));
    });
    expect(clean).toEqual([404, 404, 404, 404]);
    expect(varied).toEqual([410, 410, 410, 404]);
  });

  it('pretty-printed-json: the same JSON, indented, answers and errors alike', async () => {
    const { clean, varied } = await onBoth('pretty-printed-json', async (client) => {
      await client.createProduct();
      return Promise.all(['/v2/products', '/v2/nowhere'].map((path) => client.get(path)));
    });
    for (const [i, reply] of varied.entries()) {
      expect(Object.keys(reply.body)).toEqual(Object.keys(clean[i]?.body));
      expect(reply.text).toBe(`${JSON.stringify(reply.body, null, 2)}\n`);
      expect(clean[i]?.text).toBe(JSON.stringify(clean[i]?.body));
    }
  });

  it('problem-json-errors: an error is an RFC 9457 problem, a success unchanged', async () => {
    const { clean, varied } = await onBoth('problem-json-errors', async (client) => {
      const missing = await client.get(`/v2/integrations/${crypto.randomUUID()}`);
      const anonymous = await client.get('/v2/products', { token: null });
      const listing = await client.get('/v2/products');
      return [missing, anonymous, listing].map((r) => [r.status, r.headers['content-type'], r.body]);
    });
    expect(clean.map(([status]) => status)).toEqual([404, 401, 200]);
    expect(varied[0]).toEqual([
      404,
      'application/problem+json; charset=utf-8',
      { type: 'about:blank', title: 'Not Found', status: 404, detail: expect.any(String) },
    ]);
    expect(varied[1]?.[2]).toMatchObject({ title: 'Unauthorized', status: 401 });
    expect(varied[2]).toEqual(clean[2]);
  });

  it('timestamps-offset: every timestamp the same instant at +02:00, with its milliseconds', async () => {
    const { clean, varied } = await onBoth('timestamps-offset', async (client) => {
      const product = await client.createProduct();
      const made = (await client.post('/v2/integrations', integration)).body.data as Json;
      return [product.meta.timestamps.created_at, made.meta.timestamps.updated_at] as string[];
    });
    for (const at of clean) expect(at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    for (const [i, at] of varied.entries()) {
      expect(at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+02:00$/);
      expect(Math.abs(Date.parse(at) - Date.parse(clean[i] as string))).toBeLessThan(60_000);
    }
  });

  it('lowercase-currency: transactions say usd, in the list and in an action', async () => {
    const { clean, varied } = await onBoth('lowercase-currency', async (client) => {
      const order = await client.createOrderOf(1999);
      const txn = await client.authorize(order.id);
      const captured = (await client.post(`/v2/orders/${order.id}/transactions/${txn.id}/capture`)).body.data;
      const [listed] = await client.transactions(order.id);
      return [captured, listed].flatMap((t: Json) => [t.currency, t.meta.display_price.currency]);
    });
    expect(clean).toEqual(['USD', 'USD', 'USD', 'USD']);
    expect(varied).toEqual(['usd', 'usd', 'usd', 'usd']);
  });

  it('transactions-newest-first: the list is in reverse creation order', async () => {
    const { clean, varied } = await onBoth('transactions-newest-first', async (client) => {
      const order = await client.createOrderOf(1999);
      const first = await client.authorize(order.id);
      const second = await client.authorize(order.id);
      const ids = (await client.transactions(order.id)).map((t: Json) => t.id);
      return ids.map((id: string) => [first.id, second.id].indexOf(id));
    });
    expect(clean).toEqual([0, 1]);
    expect(varied).toEqual([1, 0]);
  });

  it('included-reverse-order: included products in the reverse of relationships.products.data', async () => {
    const { clean, varied } = await onBoth('included-reverse-order', async (client) => {
      const category = await client.createCategory();
      for (let i = 0; i < 3; i += 1) await client.link((await client.createProduct()).id, [category.id]);
      const { body } = await client.get(`/v2/categories/${category.id}?include=products`);
      const related = body.data.relationships.products.data.map((p: Json) => p.id);
      return body.included.products.map((p: Json) => related.indexOf(p.id));
    });
    expect(clean).toEqual([0, 1, 2]);
    expect(varied).toEqual([2, 1, 0]);
  });
});
