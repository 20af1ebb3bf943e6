import { describe, expect, it } from 'vitest';
import { expectError, productData, testClient } from '../../test-support/reference/client.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('POST /v2/products', () => {
  it('creates a product with every field of §2.4', async () => {
    const client = testClient();
    const res = await client.post('/v2/products', { data: { ...productData(), name: 'Mug', sku: 'MUG-1' } });
    expect(res.status).toBe(201);
    expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
    const product = res.body.data;
    expect(product).toMatchObject({
      type: 'product',
      'tax-code': null,
      name: 'Mug',
      sku: 'MUG-1',
      manage_stock: false,
      price: [{ amount: 1999, currency: 'USD', includes_tax: true }],
      status: 'live',
      commodity_type: 'physical',
      relationships: { files: { data: [] }, categories: { data: [] } },
      meta: {
        display_price: {
          with_tax: { amount: 1999, currency: 'USD', formatted: '$19.99' },
          without_tax: { amount: 1999, currency: 'USD', formatted: '$19.99' },
        },
        stock: { level: 0, availability: 'in-stock' },
      },
    });
    expect(product.id).toMatch(UUID);
    expect(product.meta.timestamps.created_at).toMatch(ISO_MS);
    expect(product.meta.timestamps.updated_at).toMatch(ISO_MS);
    expect(product.relationships.main_image).toBeUndefined();
    expect((await client.get(`/v2/products/${product.id}`)).body.data).toEqual(product);
  });

  it('keeps a given tax-code, and shows a managed product without stock as out-stock', async () => {
    const client = testClient();
    const product = await client.createProduct({ 'tax-code': 'A_GEN_STANDARD', manage_stock: true });
    expect(product['tax-code']).toBe('A_GEN_STANDARD');
    expect(product.meta.stock).toEqual({ level: 0, availability: 'out-stock' });
  });

  it.each([
    ['type', { type: 'category' }, /^data\.type must be "product"/],
    ['name missing', { name: undefined }, /^data\.name is required/],
    ['name empty', { name: '' }, /^data\.name must not be empty/],
    ['slug a number', { slug: 5 }, /^data\.slug must be a string, not a number/],
    ['description null', { description: null }, /^data\.description must be a string, not null/],
    ['manage_stock a string', { manage_stock: 'false' }, /^data\.manage_stock must be a boolean/],
    ['price an object', { price: { amount: 1 } }, /^data\.price must be an array/],
    ['price empty', { price: [] }, /^data\.price must have at least 1 item/],
    [
      'amount a string',
      { price: [{ amount: '1999', currency: 'USD', includes_tax: true }] },
      /^data\.price\[0\]\.amount must be an integer/,
    ],
    [
      'amount fractional',
      { price: [{ amount: 19.99, currency: 'USD', includes_tax: true }] },
      /^data\.price\[0\]\.amount must be an integer/,
    ],
    [
      'amount negative',
      { price: [{ amount: -1, currency: 'USD', includes_tax: true }] },
      /^data\.price\[0\]\.amount must be an integer from 0/,
    ],
    [
      'currency lower case',
      { price: [{ amount: 1, currency: 'usd', includes_tax: true }] },
      /^data\.price\[0\]\.currency must be a three-letter/,
    ],
    [
      'currency missing',
      { price: [{ amount: 1, includes_tax: true }] },
      /^data\.price\[0\]\.currency is required/,
    ],
    [
      'includes_tax missing in the second price',
      {
        price: [
          { amount: 1, currency: 'USD', includes_tax: true },
          { amount: 1, currency: 'EUR' },
        ],
      },
      /^data\.price\[1\]\.includes_tax is required/,
    ],
    ['status a boolean', { status: true }, /^data\.status must be a string/],
    ['commodity_type missing', { commodity_type: undefined }, /^data\.commodity_type is required/],
    ['tax-code a number', { 'tax-code': 7 }, /^data\.tax-code must be a string/],
  ])('rejects %s with 422 and creates nothing', async (_name, change, detail) => {
    const client = testClient();
    const res = await client.post('/v2/products', { data: { ...productData(), ...change } });
    expectError(res, 422, detail);
    expect((await client.get('/v2/products')).body.meta.results.total).toBe(0);
  });
});

describe('GET and DELETE /v2/products/:id', () => {
  it('answers 404 for unknown ids', async () => {
    const client = testClient();
    expectError(await client.get('/v2/products/00000000-0000-4000-8000-000000000000'), 404, /no product/);
    expectError(await client.delete('/v2/products/nope'), 404);
  });

  it('deletes, then the product is gone and unlinked from its categories', async () => {
    const client = testClient();
    const product = await client.createProduct();
    const keep = await client.createProduct();
    const category = await client.createCategory();
    await client.link(product.id, [category.id]);
    await client.link(keep.id, [category.id]);

    const res = await client.delete(`/v2/products/${product.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { type: 'product', id: product.id } });
    expectError(await client.get(`/v2/products/${product.id}`), 404);
    const after = await client.get(`/v2/categories/${category.id}?include=products`);
    expect(after.body.data.relationships.products.data).toEqual([{ type: 'product', id: keep.id }]);
    expect(after.body.included.products.map((p: { id: string }) => p.id)).toEqual([keep.id]);
  });
});

describe('POST /v2/products/:id/relationships/categories', () => {
  it('adds to the existing links, each once, and both sides show them', async () => {
    const client = testClient();
    const product = await client.createProduct();
    const [a, b] = [await client.createCategory(), await client.createCategory()];
    await client.link(product.id, [a.id]);
    const res = await client.post(`/v2/products/${product.id}/relationships/categories`, {
      data: [
        { type: 'category', id: b.id },
        { type: 'category', id: a.id },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { type: 'category', id: a.id },
      { type: 'category', id: b.id },
    ]);
    const read = await client.get(`/v2/products/${product.id}`);
    expect(read.body.data.relationships.categories.data).toEqual(res.body.data);
    const cat = await client.get(`/v2/categories/${b.id}`);
    expect(cat.body.data.relationships.products.data).toEqual([{ type: 'product', id: product.id }]);
  });

  it('with one unknown category changes nothing (404)', async () => {
    const client = testClient();
    const product = await client.createProduct();
    const a = await client.createCategory();
    const res = await client.post(`/v2/products/${product.id}/relationships/categories`, {
      data: [
        { type: 'category', id: a.id },
        { type: 'category', id: 'no-such-category' },
      ],
    });
    expectError(res, 404, /^data\[1\]\.id names no existing category/);
    expect((await client.get(`/v2/products/${product.id}`)).body.data.relationships.categories.data).toEqual(
      [],
    );
    expect((await client.get(`/v2/categories/${a.id}`)).body.data.relationships.products.data).toEqual([]);
  });

  it.each([
    [{ data: { type: 'category', id: 'x' } }, /^data must be an array/],
    [{ data: [{ type: 'product', id: 'x' }] }, /^data\[0\]\.type must be "category"/],
    [{ data: [{ type: 'category' }] }, /^data\[0\]\.id is required/],
  ])('rejects the body %j with 422', async (body, detail) => {
    const client = testClient();
    const product = await client.createProduct();
    expectError(await client.post(`/v2/products/${product.id}/relationships/categories`, body), 422, detail);
  });

  it('answers 404 for an unknown product', async () => {
    const client = testClient();
    expectError(await client.post('/v2/products/nope/relationships/categories', { data: [] }), 404);
  });
});

describe('GET /v2/products?include (§4.3)', () => {
  async function catalog() {
    const client = testClient();
    const [c1, c2, c3] = [
      await client.createCategory(),
      await client.createCategory(),
      await client.createCategory(),
    ];
    const p1 = await client.createProduct();
    const p2 = await client.createProduct();
    const p3 = await client.createProduct();
    await client.link(p1.id, [c1.id, c2.id]);
    await client.link(p2.id, [c2.id]);
    await client.link(p3.id, [c3.id]);
    return { client, c1, c2, c3, p1, p2, p3 };
  }

  it('includes the distinct categories of the products on this page, each once', async () => {
    const { client, c1, c2 } = await catalog();
    const res = await client.get('/v2/products?page[limit]=2&include=categories');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.included)).toEqual(['categories']);
    expect(res.body.included.categories.map((c: { id: string }) => c.id)).toEqual([c1.id, c2.id]);
    expect(res.body.included.categories[0].type).toBe('category');
  });

  it('has no included key when the products of the page have no categories', async () => {
    const client = testClient();
    await client.createProduct();
    const res = await client.get('/v2/products?include=categories');
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('included');
  });

  it('ignores unsupported includes, and supports main_image and files (always empty here)', async () => {
    const { client } = await catalog();
    for (const include of ['unknown', 'main_image', 'files', 'main_image,files']) {
      const res = await client.get(`/v2/products?include=${include}`);
      expect(res.status).toBe(200);
      expect(res.body).not.toHaveProperty('included');
    }
  });

  it('accepts several values, with spaces and duplicates', async () => {
    const { client, c1, c2, c3 } = await catalog();
    const res = await client.get('/v2/products?include=main_image,%20categories%20,categories,,files');
    expect(res.status).toBe(200);
    expect(res.body.included.categories.map((c: { id: string }) => c.id)).toEqual([c1.id, c2.id, c3.id]);
  });

  it('honours only the first five distinct values (soft limit, §8)', async () => {
    const { client } = await catalog();
    const many = await client.get('/v2/products?include=a,b,c,d,e,categories');
    expect(many.status).toBe(200);
    expect(many.body).not.toHaveProperty('included');
    const within = await client.get('/v2/products?include=a,b,c,d,categories,f,g');
    expect(within.body.included.categories).toHaveLength(3);
  });

  it('supports include=categories on a single product too', async () => {
    const { client, p1, c1, c2 } = await catalog();
    const res = await client.get(`/v2/products/${p1.id}?include=categories`);
    expect(res.body.included.categories.map((c: { id: string }) => c.id)).toEqual([c1.id, c2.id]);
  });
});
