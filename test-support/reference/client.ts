/**
 * Helpers for the reference server's own tests (`reference/**\/*.test.ts`): an injecting client and
 * request bodies that make records through the API, as the conformance suite's provisioning does. Not used by
 * the server itself.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildReferenceApp, createReferenceContext } from '../../reference/app.ts';
import type { ReferenceContext } from '../../reference/context.ts';
import type { ReferenceOptions } from '../../reference/options.ts';

export const TEST_TOKEN = 'test-token';

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies field by field.
export type Json = any;

export interface TestReply {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Json;
  text: string;
}

export interface RequestOptions {
  /** Sent as JSON with `Content-Type: application/json`. */
  json?: unknown;
  /** Sent exactly as given; set `Content-Type` yourself through `headers`. */
  raw?: string | Buffer;
  headers?: Record<string, string>;
  /** The bearer token; `null` sends no Authorization header. Default {@link TEST_TOKEN}. */
  token?: string | null;
}

/** An in-process client of one reference app. */
export class TestClient {
  constructor(
    readonly app: FastifyInstance,
    readonly ctx: ReferenceContext,
  ) {}

  async request(method: string, url: string, options: RequestOptions = {}): Promise<TestReply> {
    const headers: Record<string, string> = { host: 'ref.test:4010', ...options.headers };
    const token = options.token === undefined ? TEST_TOKEN : options.token;
    if (token !== null) {
      headers.authorization = `Bearer ${token}`;
    }
    let payload: string | Buffer | undefined = options.raw;
    if (options.json !== undefined) {
      payload = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    }
    const res = await this.app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
    let body: Json;
    try {
      body = res.body === '' ? undefined : JSON.parse(res.body);
    } catch {
      body = undefined;
    }
    return { status: res.statusCode, headers: res.headers, body, text: res.body };
  }

  get(url: string, options?: RequestOptions): Promise<TestReply> {
    return this.request('GET', url, options);
  }

  post(url: string, json?: unknown, options: RequestOptions = {}): Promise<TestReply> {
    return this.request('POST', url, json === undefined ? options : { ...options, json });
  }

  delete(url: string, options?: RequestOptions): Promise<TestReply> {
    return this.request('DELETE', url, options);
  }

  /** Creates a product through the API and returns its resource. */
  async createProduct(overrides: Record<string, unknown> = {}): Promise<Json> {
    const res = await this.post('/v2/products', { data: { ...productData(), ...overrides } });
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  }

  async createCategory(overrides: Record<string, unknown> = {}): Promise<Json> {
    const res = await this.post('/v2/categories', { data: { ...categoryData(), ...overrides } });
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  }

  async link(productId: string, categoryIds: string[]): Promise<void> {
    const res = await this.post(`/v2/products/${productId}/relationships/categories`, {
      data: categoryIds.map((id) => ({ type: 'category', id })),
    });
    expect(res.status, res.text).toBe(200);
  }

  /** Puts the products (quantity 1 each) into a new cart and checks it out; returns the order. */
  async createOrder(productIds: string[]): Promise<Json> {
    const cartRef = `cart-${Math.random().toString(36).slice(2)}`;
    for (const id of productIds) {
      const added = await this.post(`/v2/carts/${cartRef}/items`, {
        data: { type: 'cart_item', id, quantity: 1 },
      });
      expect(added.status, added.text).toBe(201);
    }
    const res = await this.post(`/v2/carts/${cartRef}/checkout`, checkoutData());
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  }

  /** An order of one product priced `amount` USD. */
  async createOrderOf(amount: number): Promise<Json> {
    const product = await this.createProduct({ price: [{ amount, currency: 'USD', includes_tax: true }] });
    return this.createOrder([product.id]);
  }

  async transactions(orderId: string): Promise<Json[]> {
    const res = await this.get(`/v2/orders/${orderId}/transactions`);
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  }

  /** A manual authorization on the order; returns the transaction. */
  async authorize(orderId: string): Promise<Json> {
    const res = await this.post(`/v2/orders/${orderId}/payments`, {
      data: { gateway: 'manual', method: 'authorize' },
    });
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  }
}

let counter = 0;

export function productData(): Record<string, unknown> {
  counter += 1;
  return {
    type: 'product',
    name: `Test product ${counter}`,
    slug: `test-product-${counter}`,
    sku: `TEST-${counter}`,
    description: 'A product made by a test',
    manage_stock: false,
    price: [{ amount: 1999, currency: 'USD', includes_tax: true }],
    status: 'live',
    commodity_type: 'physical',
  };
}

export function categoryData(): Record<string, unknown> {
  counter += 1;
  return {
    type: 'category',
    name: `Test category ${counter}`,
    slug: `test-category-${counter}`,
    description: 'A category made by a test',
    status: 'live',
  };
}

export function addressData(): Record<string, string> {
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    line_1: '1 Analytical Row',
    city: 'London',
    postcode: 'N1 1AA',
    county: 'Greater London',
    country: 'GB',
  };
}

export function checkoutData(): { data: Record<string, unknown> } {
  return {
    data: {
      customer: { email: 'ada@example.com', name: 'Ada Lovelace' },
      billing_address: addressData(),
      shipping_address: addressData(),
    },
  };
}

/** A fresh reference app (token {@link TEST_TOKEN} unless given) and a client for it. */
/** The same scenario against a clean reference server and one with the fault `fault`. */
export async function onBoth<T>(fault: string, scenario: (client: TestClient) => Promise<T>) {
  return { clean: await scenario(testClient()), faulty: await scenario(testClient({ faults: [fault] })) };
}

export function testClient(options: ReferenceOptions = {}): TestClient {
  const ctx = createReferenceContext({ token: TEST_TOKEN, ...options });
  return new TestClient(buildReferenceApp({}, ctx), ctx);
}

/** Asserts an error answer: this status, JSON Content-Type, `{ errors: [{ status, title, detail }] }`, no data. */
export function expectError(res: TestReply, status: number, detail?: string | RegExp): void {
  expect(res.status, res.text).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  expect(res.body).toEqual({
    errors: [{ status, title: expect.any(String), detail: expect.any(String) }],
  });
  expect(res.body.data).toBeUndefined();
  if (detail !== undefined) {
    expect(res.body.errors[0].detail).toMatch(detail);
  }
}

/** The path of an action (`capture`, `refund`, `confirm`) on a transaction of an order. */
export const txnPath = (orderId: string, txnId: string, action: string) =>
  `/v2/orders/${orderId}/transactions/${txnId}/${action}`;

/** Creates an integration of `data` (answered 201); returns the answer's `data`. */
export async function createIntegrationOf(client: TestClient, data: Record<string, unknown>): Promise<Json> {
  const res = await client.post('/v2/integrations', { data });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}
