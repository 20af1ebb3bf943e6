/** The rules of the transactions area (§2.1, §3, §4.1). */
import type { RuleDeclaration } from '../../helpers/judge/rule.ts';
import type { TransactionProbes } from '../../probes/transactions.ts';
import txnAmount from './txn-amount.ts';
import txnAuthorize from './txn-authorize.ts';
import txnAuthorizeManualOnly from './txn-authorize-manual-only.ts';
import txnCapture from './txn-capture.ts';
import txnCaptureRef from './txn-capture-ref.ts';
import txnConfirm from './txn-confirm.ts';
import txnList from './txn-list.ts';
import txnManualRef from './txn-manual-ref.ts';
import txnOrder from './txn-order.ts';
import txnRefund from './txn-refund.ts';
import txnRefundNoMeta from './txn-refund-no-meta.ts';
import txnSchema from './txn-schema.ts';
import txnUnknown from './txn-unknown.ts';

/** With the area's probes: the rules without flows are `RuleDeclaration<never>`, which TypeScript does not relate. */
export const TRANSACTION_RULES = [
  txnSchema,
  txnAmount,
  txnOrder,
  txnList,
  txnAuthorize,
  txnManualRef,
  txnAuthorizeManualOnly,
  txnCapture,
  txnCaptureRef,
  txnRefund,
  txnRefundNoMeta,
  txnConfirm,
  txnUnknown,
] as readonly RuleDeclaration<never>[] as unknown as readonly RuleDeclaration<TransactionProbes>[];
