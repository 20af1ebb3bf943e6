/**
 * What a transaction is (§3, §4.1): made by a payment of a gateway (an authorization, a purchase), then changed
 * by the actions that succeeded on it, as §3 says each one does.
 */
export type Stage = 'authorized' | 'purchased' | 'captured' | 'refunded' | 'confirmed';
export type Op = 'capture' | 'refund' | 'confirm';
export const OPS: readonly Op[] = ['capture', 'refund', 'confirm'];

/** The stage a payment of each gateway makes. */
export const MADE_BY: Readonly<Record<string, Stage>> = {
  manual: 'authorized',
  card_payment_intents: 'purchased',
};

/** What §3 says an action does: capture of an authorization, refund of a capture, confirm of a purchase. */
export const AFTER: Readonly<Record<Op, { readonly from: Stage; readonly to: Stage }>> = {
  capture: { from: 'authorized', to: 'captured' },
  refund: { from: 'captured', to: 'refunded' },
  confirm: { from: 'purchased', to: 'confirmed' },
};

/** The action §3 expects to succeed on a transaction of `stage`, if any. */
export const opFor = (stage: Stage | undefined): Op | undefined => OPS.find((op) => AFTER[op].from === stage);
