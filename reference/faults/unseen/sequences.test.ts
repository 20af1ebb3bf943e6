import { describe, expect, it } from 'vitest';
import { type TestClient, testClient } from '../../../test-support/reference/client.ts';

/** The same scenario against the clean server and the server with the fault: what each observed. */
async function onBoth<T>(fault: string, scenario: (client: TestClient) => Promise<T>) {
  return { clean: await scenario(testClient()), faulty: await scenario(testClient({ faults: [fault] })) };
}
describe('results-total-counts-deleted (PAGE-COUNTS, listings after a delete)', () => {
  it('counts the deleted product in meta.results.total and meta.page.total', async () => {
    const { clean, faulty } = await onBoth('results-total-counts-deleted', async (client) => {
      const products = [
        await client.createProduct(),
        await client.createProduct(),
        await client.createProduct(),
      ];
      const before = (await client.get('/v2/products?page[limit]=2')).body.meta;
      await client.delete(`/v2/products/${products[0].id}`);
      const after = await client.get('/v2/products?page[limit]=2');
      return [
        before.results.total,
        after.body.data.length,
        after.body.meta.results.total,
        after.body.meta.page.total,
      ];
    });
    expect(clean).toEqual([3, 2, 2, 1]);
    expect(faulty).toEqual([3, 2, 3, 2]);
  });
});
