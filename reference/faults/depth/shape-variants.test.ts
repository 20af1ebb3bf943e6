import { describe, expect, it } from 'vitest';
import { expectError, productData, testClient } from '../../../test-support/reference/client.ts';

const prices = [
  { amount: 1999, currency: 'USD', includes_tax: true },
  { amount: 1799, currency: 'EUR', includes_tax: false },
];

const integration = (url: string) => ({
  data: {
    type: 'integration',
    integration_type: 'webhook',
    name: 'hook',
    description: 'a webhook',
    enabled: true,
    observes: ['order.fulfilled'],
    configuration: { url },
  },
});

describe('single-price-only', () => {
  const client = testClient({ variants: ['single-price-only'] });

  it('refuses a product of several prices with 422, takes one of one price', async () => {
    expectError(await client.post('/v2/products', { data: { ...productData(), price: prices } }), 422);
    expect((await client.post('/v2/products', { data: productData() })).status).toBe(201);
  });
});

describe('slugs-ascii-only', () => {
  const client = testClient({ variants: ['slugs-ascii-only'] });

  it('refuses a slug or sku of other characters with 422, takes ASCII letters, digits, - and _', async () => {
    for (const fields of [{ slug: 'café' }, { sku: 'A B' }])
      expectError(await client.post('/v2/products', { data: { ...productData(), ...fields } }), 422);
    const ok = await client.post('/v2/products', { data: { ...productData(), slug: 'a-b_1', sku: 'A-1' } });
    expect(ok.status).toBe(201);
  });
});

describe('catalog-text-trimmed', () => {
  const client = testClient({ variants: ['catalog-text-trimmed'] });

  it('stores a product name and description without the spaces around them', async () => {
    const product = await client.createProduct({ name: '  Zürich ', description: ' d ' });
    expect([product.name, product.description]).toEqual(['Zürich', 'd']);
  });
});

describe('webhook-url-query-refused', () => {
  const client = testClient({ variants: ['webhook-url-query-refused'] });

  it('refuses a URL with a query string with 422, takes one with a fragment', async () => {
    expectError(await client.post('/v2/integrations', integration('https://hooks.example.com/in?a=1')), 422);
    const ok = await client.post('/v2/integrations', integration('https://hooks.example.com/in#a?b'));
    expect(ok.status).toBe(201);
  });
});

describe('webhook-url-normalized', () => {
  const client = testClient({ variants: ['webhook-url-normalized'] });

  it('stores the URL as WHATWG spells it, without its fragment', async () => {
    const created = await client.post(
      '/v2/integrations',
      integration('HTTPS://Hooks.Example.COM:443/Zürich?q=a b#top'),
    );
    const read = await client.get(`/v2/integrations/${created.body.data.id}`);
    expect(read.body.data.configuration.url).toBe('https://hooks.example.com/Z%C3%BCrich?q=a%20b');
  });
});
