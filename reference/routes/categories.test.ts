import { describe, expect, it } from 'vitest';
import { categoryData, expectError, testClient } from '../../test-support/reference/client.ts';
import { DEFAULT_BACKGROUND_IMAGE } from '../store/catalog.ts';

describe('POST /v2/categories', () => {
  it('creates a category with every field of §2.3 and the defaults', async () => {
    const client = testClient();
    const res = await client.post('/v2/categories', { data: { ...categoryData(), name: 'Mugs' } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      type: 'category',
      status: 'live',
      name: 'Mugs',
      background_colour: '#ffffff',
      background_image: DEFAULT_BACKGROUND_IMAGE,
      relationships: { products: { data: [] } },
      meta: { timestamps: { created_at: expect.any(String), updated_at: expect.any(String) } },
    });
    expect(new URL(res.body.data.background_image).protocol).toBe('https:');
  });

  it('keeps a given background colour and image', async () => {
    const client = testClient();
    const category = await client.createCategory({
      background_colour: '#12AB34',
      background_image: 'https://cdn.example.com/a.png',
    });
    expect(category.background_colour).toBe('#12AB34');
    expect(category.background_image).toBe('https://cdn.example.com/a.png');
  });

  it.each([
    [{ type: 'product' }, /^data\.type must be "category"/],
    [{ slug: undefined }, /^data\.slug is required/],
    [{ status: 1 }, /^data\.status must be a string/],
    [{ background_colour: 'red' }, /^data\.background_colour must be a hex colour/],
    [{ background_image: 'not a url' }, /^data\.background_image must be an absolute http/],
    [{ background_image: 'ftp://example.com/a.png' }, /^data\.background_image must be an absolute http/],
  ])('rejects %j with 422 and creates nothing', async (change, detail) => {
    const client = testClient();
    expectError(await client.post('/v2/categories', { data: { ...categoryData(), ...change } }), 422, detail);
    expect((await client.get('/v2/categories')).body.meta.results.total).toBe(0);
  });
});

describe('GET /v2/categories/:id?include=products (§4.3)', () => {
  it('includes exactly the linked products, each once, in link order', async () => {
    const client = testClient();
    const category = await client.createCategory();
    const other = await client.createCategory();
    const p1 = await client.createProduct();
    const p2 = await client.createProduct();
    const stranger = await client.createProduct();
    await client.link(p2.id, [category.id]);
    await client.link(p1.id, [category.id]);
    await client.link(p2.id, [category.id]);
    await client.link(stranger.id, [other.id]);

    const res = await client.get(`/v2/categories/${category.id}?include=products`);
    expect(res.status).toBe(200);
    const linked = res.body.data.relationships.products.data.map((l: { id: string }) => l.id);
    expect(linked).toEqual([p2.id, p1.id]);
    expect(Object.keys(res.body.included)).toEqual(['products']);
    expect(res.body.included.products.map((p: { id: string }) => p.id)).toEqual(linked);
    expect(res.body.included.products[0]).toMatchObject({ type: 'product', 'tax-code': null, name: p2.name });
  });

  it('has no included key when the category has no products', async () => {
    const client = testClient();
    const category = await client.createCategory();
    const res = await client.get(`/v2/categories/${category.id}?include=products`);
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('included');
  });

  it('ignores unsupported includes (2xx, no included)', async () => {
    const client = testClient();
    const category = await client.createCategory();
    const product = await client.createProduct();
    await client.link(product.id, [category.id]);
    for (const include of ['nonsense', 'categories', 'main_image', '']) {
      const res = await client.get(`/v2/categories/${category.id}?include=${include}`);
      expect(res.status).toBe(200);
      expect(res.body).not.toHaveProperty('included');
    }
    const without = await client.get(`/v2/categories/${category.id}`);
    expect(without.body).not.toHaveProperty('included');
    const multi = await client.get(`/v2/categories/${category.id}?include=main_image,products`);
    expect(multi.body.included.products).toHaveLength(1);
  });

  it('answers 404 for an unknown category', async () => {
    const client = testClient();
    expectError(
      await client.get('/v2/categories/00000000-0000-4000-8000-000000000000?include=products'),
      404,
    );
  });
});

describe('DELETE /v2/categories/:id', () => {
  it('deletes the category and unlinks its products', async () => {
    const client = testClient();
    const category = await client.createCategory();
    const product = await client.createProduct();
    await client.link(product.id, [category.id]);
    const res = await client.delete(`/v2/categories/${category.id}`);
    expect(res.body).toEqual({ data: { type: 'category', id: category.id } });
    expectError(await client.get(`/v2/categories/${category.id}`), 404);
    expect((await client.get(`/v2/products/${product.id}`)).body.data.relationships.categories.data).toEqual(
      [],
    );
    expectError(await client.delete(`/v2/categories/${category.id}`), 404);
  });
});
