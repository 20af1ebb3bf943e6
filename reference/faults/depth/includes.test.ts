import { describe, expect, it } from 'vitest';
import { type Json, type TestClient, testClient } from '../../../test-support/reference/client.ts';

/** A category with `n` linked products; returns its id. */
async function categoryWith(client: TestClient, n: number): Promise<string> {
  const category = await client.createCategory();
  for (let i = 0; i < n; i++) await client.link((await client.createProduct()).id, [category.id]);
  return category.id;
}

const ids = (list: Json[] | undefined) => (list ?? []).map((item) => item.id);

describe('include-products-first-four (INC-PRODUCTS, categories of more than 4 products)', () => {
  const faulty = testClient({ faults: ['include-products-first-four'] });

  it('includes only the first 4 of 5 or more products, all of up to 4', async () => {
    for (const [n, included] of [
      [2, 2],
      [4, 4],
      [5, 4],
      [9, 4],
    ]) {
      const res = await faulty.get(
        `/v2/categories/${await categoryWith(faulty, n as number)}?include=products`,
      );
      expect(res.body.data.relationships.products.data, `${n} products`).toHaveLength(n as number);
      expect(res.body.included.products, `${n} products`).toHaveLength(included as number);
      expect(ids(res.body.included.products)).toEqual(
        ids(res.body.data.relationships.products.data).slice(0, included as number),
      );
    }
  });
});

describe('include-repeated-name-repeats (INC-LINKAGE, an include value naming a resource twice)', () => {
  const faulty = testClient({ faults: ['include-repeated-name-repeats'] });

  it('lists the entities once per mention of their name, and once otherwise', async () => {
    const id = await categoryWith(faulty, 2);
    expect((await faulty.get(`/v2/categories/${id}?include=products`)).body.included.products).toHaveLength(
      2,
    );
    expect(
      (await faulty.get(`/v2/categories/${id}?include=products,products`)).body.included.products,
    ).toHaveLength(4);
    expect(
      (await faulty.get(`/v2/categories/${id}?include=products, products,products`)).body.included.products,
    ).toHaveLength(6);
    const listing = await faulty.get('/v2/products?include=categories,main_image,categories');
    expect(listing.body.included.categories).toHaveLength(2);
    expect(new Set(ids(listing.body.included.categories)).size).toBe(1);
    expect((await faulty.get('/v2/products?include=categories')).body.included.categories).toHaveLength(1);
  });
});

describe('listing-unsupported-include-refused (INC-UNSUPPORTED, GET /v2/products)', () => {
  const faulty = testClient({ faults: ['listing-unsupported-include-refused'] });

  it('answers 400 to an include the products listing does not support, 200 otherwise', async () => {
    const id = await categoryWith(faulty, 1);
    expect((await faulty.get('/v2/products?include=brands')).status).toBe(400);
    expect((await faulty.get('/v2/products?include=categories,products')).status).toBe(400);
    expect((await faulty.get('/v2/products?include=categories,main_image,files')).status).toBe(200);
    expect((await faulty.get('/v2/products?include=,,')).status).toBe(200);
    expect((await faulty.get(`/v2/categories/${id}?include=brands`)).status).toBe(200);
  });
});

describe('include-repeated-key-repeats (INC-LINKAGE, include given as a repeated key)', () => {
  const faulty = testClient({ faults: ['include-repeated-key-repeats'] });

  it('lists the entities once per key that names them, and once for a name repeated within one value', async () => {
    const id = await categoryWith(faulty, 2);
    const twice = await faulty.get(`/v2/categories/${id}?include=products&include=products`);
    expect(twice.body.included.products).toHaveLength(4);
    expect(
      (await faulty.get(`/v2/categories/${id}?include=products,products`)).body.included.products,
    ).toHaveLength(2);
    const listing = await faulty.get('/v2/products?include=categories&include=main_image,categories');
    expect(listing.body.included.categories).toHaveLength(2);
    expect(
      (await faulty.get('/v2/products?include=categories&include=files')).body.included.categories,
    ).toHaveLength(1);
  });
});

describe('one-product-category-linkage-object (CAT-SCHEMA, a category of exactly one product)', () => {
  const faulty = testClient({ faults: ['one-product-category-linkage-object'] });

  it('gives the one linkage as an object in reads, listings and included categories; arrays otherwise', async () => {
    const one = await categoryWith(faulty, 1);
    const two = await categoryWith(faulty, 2);
    const read = await faulty.get(`/v2/categories/${one}?include=products`);
    expect(read.body.data.relationships.products.data).toMatchObject({ type: 'product' });
    expect(read.body.included.products).toHaveLength(1);
    expect((await faulty.get(`/v2/categories/${two}`)).body.data.relationships.products.data).toHaveLength(2);
    const listed = (await faulty.get('/v2/categories')).body.data.find((c: Json) => c.id === one);
    expect(Array.isArray(listed.relationships.products.data)).toBe(false);
    const included = (await faulty.get('/v2/products?include=categories')).body.included.categories;
    expect(included.find((c: Json) => c.id === one).relationships.products.data).toMatchObject({
      type: 'product',
    });
    expect(included.find((c: Json) => c.id === two).relationships.products.data).toHaveLength(2);
  });
});

describe('included-categories-without-products (CAT-SCHEMA, categories included in the products listing)', () => {
  const faulty = testClient({ faults: ['included-categories-without-products'] });

  it('empties relationships.products of included categories only', async () => {
    const id = await categoryWith(faulty, 2);
    const included = (await faulty.get('/v2/products?include=categories')).body.included.categories;
    expect(included.find((c: Json) => c.id === id).relationships.products.data).toEqual([]);
    expect((await faulty.get(`/v2/categories/${id}`)).body.data.relationships.products.data).toHaveLength(2);
  });
});

describe('one-record-pages-without-tax-code (PRD-SCHEMA, products pages of one record)', () => {
  const faulty = testClient({ faults: ['one-record-pages-without-tax-code'] });

  it('drops tax-code on pages of page[limit]=1 only', async () => {
    await faulty.createProduct();
    await faulty.createProduct();
    const one = await faulty.get('/v2/products?page[limit]=1&page[offset]=1');
    expect(one.body.data).toHaveLength(1);
    expect(one.body.data[0]).not.toHaveProperty('tax-code');
    const two = await faulty.get('/v2/products?page[limit]=2');
    for (const product of two.body.data) expect(product).toHaveProperty('tax-code');
  });
});
