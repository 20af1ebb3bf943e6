import type { RuleEntry } from '../rule.ts';

/** The rules of the catalogue's section "Transactions (§2.1, §3, §4.1)", in catalogue order. */
export const TRANSACTION_RULES = [
  {
    id: 'TXN-SCHEMA',
    level: 'MUST',
    section: '§2.1',
    title:
      'Every transaction matches the Transaction schema: `id` UUID, `type` `transaction`, `reference`, `gateway`, `currency` (three letters), `transaction_type`, `status` strings, `amount` integer, `relationships.order.data` `{type: "order", id}`, and, except on a refund, `meta.display_price` `{amount, currency, formatted}` and `meta.timestamps` (ISO 8601 date-times).',
    schemas: ['transaction', 'transaction-refund'],
  },
  {
    id: 'TXN-AMOUNT',
    level: 'MUST',
    section: '§2.1',
    title: '`amount` equals `meta.display_price.amount` wherever `meta` is present.',
  },
  {
    id: 'TXN-ORDER',
    level: 'MUST',
    section: '§2.1',
    title: '`relationships.order.data.id` is the order named in the request path.',
  },
  {
    id: 'TXN-LIST',
    level: 'MUST',
    section: '§4.1',
    title:
      "`GET /v2/orders/:orderId/transactions` answers `{ data: [Transaction, ...] }` holding that order's transactions.",
  },
  {
    id: 'TXN-AUTHORIZE',
    level: 'MUST',
    section: '§4.1',
    title:
      '`POST /v2/orders/:orderId/payments` with `{data: {gateway: "manual", method: "authorize"}}` succeeds (2xx) and leaves a `manual` transaction on the order that can then be captured.',
  },
  {
    id: 'TXN-MANUAL-REF',
    level: 'MUST',
    section: '§2.1',
    title: 'A transaction of the `manual` gateway has `reference` `manual`.',
  },
  {
    id: 'TXN-AUTHORIZE-MANUAL-ONLY',
    level: 'SHOULD',
    section: '§4.1',
    title: 'Authorize with a gateway other than `manual` does not succeed (4xx) and adds no transaction.',
  },
  {
    id: 'TXN-CAPTURE',
    level: 'MUST',
    section: '§3',
    title:
      'Capturing an authorized transaction answers `{data: Transaction}` with `transaction_type` `capture` and `status` `complete`.',
  },
  {
    id: 'TXN-CAPTURE-REF',
    level: 'MUST',
    section: '§4.1',
    title: 'A capture sent with a `custom_reference` answers with the same `custom_reference`, unchanged.',
  },
  {
    id: 'TXN-REFUND',
    level: 'MUST',
    section: '§3',
    title:
      'Refunding a captured transaction answers `{data: Transaction}` with `transaction_type` `refund` and `status` `complete`.',
  },
  {
    id: 'TXN-REFUND-NO-META',
    level: 'MUST',
    section: '§2.1',
    title: 'The refund response has no `meta`.',
  },
  {
    id: 'TXN-CONFIRM',
    level: 'MUST',
    section: '§4.1',
    title:
      'Confirm with `{data: {gateway: "card_payment_intents", method: "purchase", payment: <token>}}` answers a Transaction with gateway `card_payment_intents`, a `payment_intent` object with string `client_secret` and string `status`, and a `reference` that is the payment-intent identifier (not `manual`).',
  },
  {
    id: 'TXN-UNKNOWN',
    level: 'SHOULD',
    section: '§4.1',
    title: 'Capture, refund or confirm of a transaction id that does not exist on that order answers 4xx.',
  },
] as const satisfies readonly RuleEntry[];
