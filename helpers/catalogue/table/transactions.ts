import { type RuleEntry, row } from '../rule.ts';

/** The rules of the catalogue's section "Transactions (§2.1, §3, §4.1)", in catalogue order. */
export const TRANSACTION_RULES = [
  row(
    'TXN-SCHEMA',
    'MUST',
    '§2.1',
    'Every transaction matches the Transaction schema: `id` UUID, `type` `transaction`, `reference`, `gateway`, `currency` (three letters), `transaction_type`, `status` strings, `amount` integer, `relationships.order.data` `{type: "order", id}`, and, except on a refund, `meta.display_price` `{amount, currency, formatted}` and `meta.timestamps` (ISO 8601 date-times).',
    ['transaction', 'transaction-refund'],
  ),
  row(
    'TXN-AMOUNT',
    'MUST',
    '§2.1',
    '`amount` equals `meta.display_price.amount` wherever `meta` is present.',
  ),
  row('TXN-ORDER', 'MUST', '§2.1', '`relationships.order.data.id` is the order named in the request path.'),
  row(
    'TXN-LIST',
    'MUST',
    '§4.1',
    "`GET /v2/orders/:orderId/transactions` answers `{ data: [Transaction, ...] }` holding that order's transactions.",
  ),
  row(
    'TXN-AUTHORIZE',
    'MUST',
    '§4.1',
    '`POST /v2/orders/:orderId/payments` with `{data: {gateway: "manual", method: "authorize"}}` succeeds (2xx) and leaves a `manual` transaction on the order that can then be captured.',
  ),
  row('TXN-MANUAL-REF', 'MUST', '§2.1', 'A transaction of the `manual` gateway has `reference` `manual`.'),
  row(
    'TXN-AUTHORIZE-MANUAL-ONLY',
    'SHOULD',
    '§4.1',
    'Authorize with a gateway other than `manual` does not succeed (4xx) and adds no transaction.',
  ),
  row(
    'TXN-CAPTURE',
    'MUST',
    '§3',
    'Capturing an authorized transaction answers `{data: Transaction}` with `transaction_type` `capture` and `status` `complete`.',
  ),
  row(
    'TXN-CAPTURE-REF',
    'MUST',
    '§4.1',
    'A capture sent with a `custom_reference` answers with the same `custom_reference`, unchanged.',
  ),
  row(
    'TXN-REFUND',
    'MUST',
    '§3',
    'Refunding a captured transaction answers `{data: Transaction}` with `transaction_type` `refund` and `status` `complete`.',
  ),
  row('TXN-REFUND-NO-META', 'MUST', '§2.1', 'The refund response has no `meta`.'),
  row(
    'TXN-CONFIRM',
    'MUST',
    '§4.1',
    'Confirm with `{data: {gateway: "card_payment_intents", method: "purchase", payment: <token>}}` answers a Transaction with gateway `card_payment_intents`, a `payment_intent` object with string `client_secret` and string `status`, and a `reference` that is the payment-intent identifier (not `manual`).',
  ),
  row(
    'TXN-UNKNOWN',
    'SHOULD',
    '§4.1',
    'Capture, refund or confirm of a transaction id that does not exist on that order answers 4xx.',
  ),
] as const satisfies readonly RuleEntry[];
