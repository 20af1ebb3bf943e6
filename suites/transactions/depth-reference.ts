/**
 * Depth of TXN-CAPTURE-REF (§4.1, issue 10): "a capture sent with a custom_reference answers with the same
 * custom_reference, unchanged", across lengths and character sets. Gate: two fixed references (65 ASCII
 * characters; Latin-1, BMP, a combining sequence and emoji in one). Deep: references generated from the schema's
 * string (`helpers/depth/text.ts`), each on a new authorized order of the run's product. A capture refused
 * with 4xx is a target's choice the specification leaves open (the reference's length and alphabet are not
 * shown): the input is skipped with the reason.
 */
import { check } from '../../helpers/check/check.ts';
import type { CheckContext } from '../../helpers/check/context.ts';
import { judgeEach } from '../../helpers/depth/each.ts';
import { exploration, exploreCheck } from '../../helpers/depth/explore.ts';
import { skipInput } from '../../helpers/depth/record.ts';
import { schemaNode } from '../../helpers/depth/schema-arbitrary.ts';
import { boundaryTexts, showText, textsOf } from '../../helpers/depth/text.ts';
import { transactionsPath } from '../../helpers/fixtures/transactions.ts';
import type { TransactionChains } from './chains.ts';
import { authorizedVia, type Sender } from './depth-orders.ts';
import { transactionOf } from './expect.ts';

/** Captures a new authorized order's transaction with `reference` and judges the answer. */
async function judgeReference(
  t: CheckContext,
  { api, tag, productId, reference }: { api: Sender; tag: string; productId: string; reference: string },
): Promise<void> {
  const { orderId, transactionId } = await authorizedVia(api, { tag, productId });
  const capture = await api.send('POST', `${transactionsPath(orderId)}/${transactionId}/capture`, {
    json: { data: { custom_reference: reference } },
  });
  t.attach(capture);
  if (capture.status >= 400 && capture.status < 500) {
    skipInput(
      `the capture was refused with ${capture.status} (the reference's length and alphabet are not shown)`,
    );
  }
  t.expectStatus(capture, '2xx');
  const txn = transactionOf(t, capture);
  t.expectEqual(txn.custom_reference, reference, 'data.custom_reference', capture);
}

export function depthReferenceChecks(chains: TransactionChains): void {
  const { info, product } = chains;
  const tag = info.runTag;

  check(
    'TXN-CAPTURE-REF',
    'captures with a 65-character reference and one mixing Latin-1, BMP, a combining mark and emoji answer them unchanged',
    async (t) => {
      const productId = (await product()).id;
      await judgeEach(t, {
        inputs: boundaryTexts(tag),
        show: showText,
        judge: (reference) => judgeReference(t, { api: t.api, tag, productId, reference }),
      });
    },
    { writes: true },
  );

  exploreCheck(
    'TXN-CAPTURE-REF',
    'captures with generated references answer them unchanged',
    async (t) => {
      const productId = (await product()).id;
      return exploration({
        name: 'transactions/capture-reference',
        arbitrary: textsOf(schemaNode('transaction-refund', '/properties/custom_reference')),
        show: showText,
        judge: (reference, api) => judgeReference(t, { api, tag, productId, reference }),
      });
    },
    { writes: true },
  );
}
