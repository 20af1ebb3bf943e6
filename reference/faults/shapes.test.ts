import { describe, expect, it } from 'vitest';
import { type Json, onBoth, type TestClient } from '../../test-support/reference/client.ts';
import { BIG_SET } from './shapes.ts';

/** A category linked to `count` new products. */
async function categoryOf(client: TestClient, count: number): Promise<string> {
  const category = await client.createCategory();
  for (let i = 0; i < count; i += 1) await client.link((await client.createProduct()).id, [category.id]);
  return category.id;
}

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
      configuration: { url: 'https://hooks.example.com/in' },
      ...fields,
    },
  });
  expect(created.status, created.text).toBe(201);
  return (await client.get(`/v2/integrations/${created.body.data.id}`)).body.data;
}

describe('secondary-prices-without-includes-tax (PRD-SCHEMA, a product with several prices)', () => {
  it('leaves includes_tax out of every price but the first', async () => {
    const { clean, faulty } = await onBoth('secondary-prices-without-includes-tax', async (client) => {
      await client.createProduct({
        price: [
          { amount: 1999, currency: 'USD', includes_tax: true },
          { amount: 1799, currency: 'EUR', includes_tax: false },
        ],
      });
      await client.createProduct();
      return (await client.get('/v2/products')).body.data.map((p: Json) =>
        p.price.map((price: Json) => price.includes_tax),
      );
    });
    expect(clean).toEqual([[true, false], [true]]);
    expect(faulty).toEqual([[true, undefined], [true]]);
  });
});

describe('webhook-url-query-dropped (INT-GET, a webhook URL with a query string)', () => {
  it('reads the URL back without its query; one without is unchanged', async () => {
    const { clean, faulty } = await onBoth('webhook-url-query-dropped', async (client) => [
      (await roundTrip(client, { configuration: { url: 'https://hooks.example.com/in?token=abc&v=2' } }))
        .configuration.url,
      (await roundTrip(client, {})).configuration.url,
    ]);
    expect(clean).toEqual(['https://hooks.example.com/in?token=abc&v=2', 'https://hooks.example.com/in']);
    expect(faulty).toEqual(['https://hooks.example.com/in', 'https://hooks.example.com/in']);
  });
});

describe('custom-reference-trimmed (TXN-CAPTURE-REF, a reference with spaces around it)', () => {
  it('answers the reference without its surrounding spaces', async () => {
    const { clean, faulty } = await onBoth('custom-reference-trimmed', async (client) => {
      const references = [];
      for (const reference of ['  ref 1  ', 'ref 2']) {
        const order = await client.createOrderOf(1999);
        const txn = await client.authorize(order.id);
        const res = await client.post(`/v2/orders/${order.id}/transactions/${txn.id}/capture`, {
          data: { custom_reference: reference },
        });
        references.push(res.body.data.custom_reference);
      }
      return references;
    });
    expect(clean).toEqual(['  ref 1  ', 'ref 2']);
    expect(faulty).toEqual(['ref 1', 'ref 2']);
  });
});

describe('many-products-included-summaries (PRD-SCHEMA, a category with many products)', () => {
  it(`includes products without meta beyond ${BIG_SET} products`, async () => {
    const { clean, faulty } = await onBoth('many-products-included-summaries', async (client) => {
      const shapes = [];
      for (const count of [BIG_SET, BIG_SET + 1]) {
        const id = await categoryOf(client, count);
        const products = (await client.get(`/v2/categories/${id}?include=products`)).body.included.products;
        shapes.push([products.length, products.every((p: Json) => p.meta !== undefined && 'tax-code' in p)]);
      }
      return shapes;
    });
    expect(clean).toEqual([
      [BIG_SET, true],
      [BIG_SET + 1, true],
    ]);
    expect(faulty).toEqual([
      [BIG_SET, true],
      [BIG_SET + 1, false],
    ]);
  });
});

describe('page-current-rounds-up (PAGE-COUNTS, offsets that are not multiples of the limit)', () => {
  it('gives meta.page.current one too many on an unaligned page', async () => {
    const { clean, faulty } = await onBoth('page-current-rounds-up', async (client) => {
      for (let i = 0; i < 5; i += 1) await client.createProduct();
      const current = async (offset: number) =>
        (await client.get(`/v2/products?page[limit]=2&page[offset]=${offset}`)).body.meta.page.current;
      return [await current(0), await current(2), await current(3)];
    });
    expect(clean).toEqual([1, 2, 2]);
    expect(faulty).toEqual([1, 2, 3]);
  });
});

describe('included-categories-of-first-page (INC-LINKAGE, pages after the first with include)', () => {
  it("includes the first page's categories on a later page", async () => {
    const { clean, faulty } = await onBoth('included-categories-of-first-page', async (client) => {
      const [c1, c2] = [await client.createCategory(), await client.createCategory()];
      for (const category of [c1, c2]) await client.link((await client.createProduct()).id, [category.id]);
      const label = (c: Json) => (c.id === c1.id ? 'c1' : 'c2');
      const included = async (offset: number) =>
        (
          await client.get(`/v2/products?include=categories&page[limit]=1&page[offset]=${offset}`)
        ).body.included.categories.map(label);
      return [await included(0), await included(1)];
    });
    expect(clean).toEqual([['c1'], ['c2']]);
    expect(faulty).toEqual([['c1'], ['c1']]);
  });
});

describe('category-listing-many-products-count-only (CAT-SCHEMA, a category with many products, listed)', () => {
  it(`gives relationships.products without data in the listing beyond ${BIG_SET} products`, async () => {
    const { clean, faulty } = await onBoth('category-listing-many-products-count-only', async (client) => {
      await categoryOf(client, BIG_SET);
      const id = await categoryOf(client, BIG_SET + 1);
      const listed = (await client.get('/v2/categories')).body.data.map(
        (c: Json) => c.relationships.products.data?.length ?? c.relationships.products,
      );
      const read = (await client.get(`/v2/categories/${id}`)).body.data.relationships.products.data.length;
      return [listed, read];
    });
    expect(clean).toEqual([[BIG_SET, BIG_SET + 1], BIG_SET + 1]);
    expect(faulty).toEqual([[BIG_SET, { meta: { count: BIG_SET + 1 } }], BIG_SET + 1]);
  });
});

describe('product-categories-first-link-only (PRD-SCHEMA, a product in several categories)', () => {
  it('lists only the first category of a product linked to two, and includes only that one', async () => {
    const { clean, faulty } = await onBoth('product-categories-first-link-only', async (client) => {
      const [c1, c2] = [await client.createCategory(), await client.createCategory()];
      const product = await client.createProduct();
      await client.link(product.id, [c1.id]);
      await client.link(product.id, [c2.id]);
      const label = (c: Json) => (c.id === c1.id ? 'c1' : 'c2');
      const page = (await client.get('/v2/products?include=categories')).body;
      return [
        page.data[0].relationships.categories.data.map(label),
        page.included.categories.map(label).sort(),
      ];
    });
    expect(clean).toEqual([
      ['c1', 'c2'],
      ['c1', 'c2'],
    ]);
    expect(faulty).toEqual([['c1'], ['c1']]);
  });
});

describe('disabled-integration-self-link-null (INT-SELF-LINK, a disabled integration)', () => {
  it('reads links.self null when the integration is disabled', async () => {
    const { clean, faulty } = await onBoth('disabled-integration-self-link-null', async (client) => {
      const types = [];
      for (const enabled of [false, true])
        types.push(typeof (await roundTrip(client, { enabled })).links.self);
      return types;
    });
    expect(clean).toEqual(['string', 'string']);
    expect(faulty).toEqual(['object', 'string']);
  });
});
