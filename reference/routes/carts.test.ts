import { describe, expect, it } from 'vitest';
import {
  addressData,
  checkoutData,
  expectError,
  type Json,
  testClient,
} from '../../test-support/reference/client.ts';

describe('POST /v2/carts/:cartRef/items', () => {
  it('adds a product, and adding it again increases the quantity', async () => {
    const client = testClient();
    const product = await client.createProduct();
    const first = await client.post('/v2/carts/mine/items', {
      data: { type: 'cart_item', id: product.id, quantity: 1 },
    });
    expect(first.status).toBe(201);
    expect(first.body.data).toHaveLength(1);
    expect(first.body.data[0]).toMatchObject({ type: 'cart_item', product_id: product.id, quantity: 1 });
    const again = await client.post('/v2/carts/mine/items', {
      data: { type: 'cart_item', id: product.id, quantity: 2 },
    });
    expect(again.body.data).toHaveLength(1);
    expect(again.body.data[0].quantity).toBe(3);
    expect(again.body.meta.display_price.with_tax).toEqual({
      amount: 5997,
      currency: 'USD',
      formatted: '$59.97',
    });
    expect((await client.get('/v2/carts/mine/items')).body.data[0].quantity).toBe(3);
  });

  it.each([
    [{ type: 'product', quantity: 1 }, /^data\.type must be "cart_item"/],
    [{ type: 'cart_item', quantity: 0 }, /^data\.quantity must be an integer from 1/],
    [{ type: 'cart_item', quantity: 1.5 }, /^data\.quantity must be an integer/],
    [{ type: 'cart_item', quantity: '1' }, /^data\.quantity must be an integer/],
    [{ type: 'cart_item' }, /^data\.quantity is required/],
  ])('rejects %j with 422 and the cart stays empty', async (data, detail) => {
    const client = testClient();
    const product = await client.createProduct();
    expectError(await client.post('/v2/carts/c/items', { data: { id: product.id, ...data } }), 422, detail);
    expect((await client.get('/v2/carts/c/items')).body.data).toEqual([]);
  });

  it('answers an unknown product with 404 (a well-formed request that names nothing)', async () => {
    const client = testClient();
    const res = await client.post('/v2/carts/c/items', {
      data: { type: 'cart_item', id: 'nope', quantity: 1 },
    });
    expectError(res, 404, /^data\.id names no existing product/);
  });

  it("refuses to mix currencies in one cart, or to hold more than 10,000 of a product (409: the cart's state)", async () => {
    const client = testClient();
    const usd = await client.createProduct();
    const eur = await client.createProduct({ price: [{ amount: 100, currency: 'EUR', includes_tax: true }] });
    await client.post('/v2/carts/c/items', { data: { type: 'cart_item', id: usd.id, quantity: 1 } });
    expectError(
      await client.post('/v2/carts/c/items', { data: { type: 'cart_item', id: eur.id, quantity: 1 } }),
      409,
    );
    expectError(
      await client.post('/v2/carts/c/items', { data: { type: 'cart_item', id: usd.id, quantity: 10_000 } }),
      409,
      /would exceed 10000/,
    );
  });
});

describe('POST /v2/carts/:cartRef/checkout', () => {
  it('makes an unpaid order totalling price × quantity, and empties the cart', async () => {
    const client = testClient();
    const a = await client.createProduct({ price: [{ amount: 1000, currency: 'EUR', includes_tax: true }] });
    const b = await client.createProduct({ price: [{ amount: 250, currency: 'EUR', includes_tax: false }] });
    await client.post('/v2/carts/c/items', { data: { type: 'cart_item', id: a.id, quantity: 2 } });
    await client.post('/v2/carts/c/items', { data: { type: 'cart_item', id: b.id, quantity: 1 } });
    const res = await client.post('/v2/carts/c/checkout', checkoutData());
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      type: 'order',
      payment: 'unpaid',
      customer: { email: 'ada@example.com', name: 'Ada Lovelace' },
      billing_address: addressData(),
      meta: { display_price: { with_tax: { amount: 2250, currency: 'EUR', formatted: '€22.50' } } },
    });
    expect(res.body.data.relationships.items.data).toHaveLength(2);
    expect((await client.get('/v2/carts/c/items')).body.data).toEqual([]);
    expectError(await client.post('/v2/carts/c/checkout', checkoutData()), 409, /no items/);

    const read = await client.get(`/v2/orders/${res.body.data.id}`);
    expect(read.body.data).toEqual(res.body.data);
    const list = await client.get('/v2/orders');
    expect(list.body.data.map((o: { id: string }) => o.id)).toEqual([res.body.data.id]);
    expect(list.body.meta.results.total).toBe(1);
  });

  it('answers 404 for a cart that never had anything', async () => {
    const client = testClient();
    expectError(await client.post('/v2/carts/never/checkout', checkoutData()), 404);
  });

  it.each([
    [
      'customer.email',
      (d: Json) => {
        d.customer.email = 'not-an-email';
      },
      /^data\.customer\.email must be an email/,
    ],
    [
      'customer missing',
      (d: Json) => {
        delete d.customer;
      },
      /^data\.customer is required/,
    ],
    [
      'billing postcode',
      (d: Json) => {
        d.billing_address.postcode = 123;
      },
      /^data\.billing_address\.postcode must be a string/,
    ],
    [
      'shipping country',
      (d: Json) => {
        delete d.shipping_address.country;
      },
      /^data\.shipping_address\.country is required/,
    ],
  ])('rejects a bad %s with 422, and the cart keeps its items', async (_name, spoil, detail) => {
    const client = testClient();
    const product = await client.createProduct();
    await client.post('/v2/carts/c/items', { data: { type: 'cart_item', id: product.id, quantity: 1 } });
    const body = checkoutData();
    spoil(body.data);
    expectError(await client.post('/v2/carts/c/checkout', body), 422, detail);
    expect((await client.get('/v2/carts/c/items')).body.data).toHaveLength(1);
    expect((await client.get('/v2/orders')).body.data).toEqual([]);
  });

  it('answers 404 for an unknown order', async () => {
    const client = testClient();
    expectError(await client.get('/v2/orders/00000000-0000-4000-8000-000000000000'), 404, /no order/);
  });
});
