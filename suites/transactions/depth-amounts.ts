/**
 * Depth of TXN-AMOUNT (§2.1, issue 10): `amount` equals `meta.display_price.amount` wherever `meta` is
 * present, on transactions of orders of several magnitudes. Gate: an order of $1,000.00 (the first amount
 * with a thousands separator in the formatted price). Deep: prices generated magnitude by
 * magnitude from the schema's integer (`product.schema.json` price amount), each on its own product and
 * order; the authorize answer and the order's transaction list are judged. A price the target will not take
 * (a 4xx on the product's creation; the range is not shown) is skipped with the reason.
 */
import fc from 'fast-check';
import { check } from '../../helpers/check/check.ts';
import type { CheckContext } from '../../helpers/check/context.ts';
import { judgeEach } from '../../helpers/depth/each.ts';
import { exploration, exploreCheck } from '../../helpers/depth/explore.ts';
import { skipInput } from '../../helpers/depth/record.ts';
import { schemaNode } from '../../helpers/depth/schema-arbitrary.ts';
import { productBody } from '../../helpers/fixtures/bodies.ts';
import type { Cleanup } from '../../helpers/fixtures/cleanup.ts';
import { createdId } from '../../helpers/fixtures/create.ts';
import { listedTransactions, transactionsPath } from '../../helpers/fixtures/transactions.ts';
import { isObject } from '../../helpers/http/response.ts';
import type { SuiteRun } from './chains.ts';
import { authorizedVia, type Sender } from './depth-orders.ts';
import { expectAmountMatches } from './expect.ts';

/** The gate profile's price, in cents: the first with a thousands separator in its formatted amount. */
const BOUNDARY_PRICES = [100_000] as const;

/** Prices of every magnitude from 1 cent to 10^10 cents, within the schema's integer (minimum 1). */
function prices(): fc.Arbitrary<number> {
  const node = schemaNode('product', '/$defs/price/properties/amount');
  if (node.type !== 'integer') throw new Error('product price amount is not an integer in the schema');
  return fc
    .integer({ min: 0, max: 9 })
    .chain((magnitude) => fc.integer({ min: 10 ** magnitude, max: 10 ** (magnitude + 1) - 1 }));
}

const showPrice = (amount: number) => `price.amount=${amount} (USD)`;

/** Orders a product of `amount`, authorizes it and judges the authorize answer and the order's list. */
async function judgeAmount(
  t: CheckContext,
  { api, tag, cleanup, amount }: { api: Sender; tag: string; cleanup: Cleanup; amount: number },
): Promise<void> {
  const created = await api.send('POST', '/v2/products', { json: productBody(tag, amount) });
  if (created.status >= 400 && created.status < 500) {
    skipInput(`the product was refused with ${created.status} (the range of a price is not shown)`);
  }
  const productId = createdId(created, `create a product priced ${amount}`);
  cleanup.add({ kind: 'product', id: productId });
  const { orderId, authorize } = await authorizedVia(api, { tag, productId });
  let compared = 0;
  if (isObject(authorize.data) && isObject(authorize.data.meta)) {
    compared += 1;
    expectAmountMatches(t, authorize.data, 'data', authorize);
  }
  const list = await api.send('GET', transactionsPath(orderId));
  t.attach(list);
  (listedTransactions(list) ?? []).forEach((txn, i) => {
    if (!isObject(txn.meta)) return;
    compared += 1;
    expectAmountMatches(t, txn, `data[${i}]`, list);
  });
  if (compared === 0) skipInput('neither the authorize answer nor the list shows a transaction with meta');
}

export function depthAmountChecks({ info, cleanup }: SuiteRun): void {
  const tag = info.runTag;

  check(
    'TXN-AMOUNT',
    `amount equals meta.display_price.amount on orders of ${BOUNDARY_PRICES.map(showPrice).join(' and ')}`,
    async (t) => {
      await judgeEach(t, {
        inputs: BOUNDARY_PRICES,
        show: showPrice,
        judge: (amount) => judgeAmount(t, { api: t.api, tag, cleanup, amount }),
      });
    },
    { writes: true },
  );

  exploreCheck(
    'TXN-AMOUNT',
    'amount equals meta.display_price.amount on orders of generated prices',
    async (t) =>
      exploration({
        name: 'transactions/amounts',
        arbitrary: prices(),
        show: showPrice,
        judge: (amount, api) => judgeAmount(t, { api, tag, cleanup, amount }),
      }),
    { writes: true },
  );
}
