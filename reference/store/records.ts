import type { checkoutBody } from '../validation/bodies.ts';
import type { Checked } from '../validation/check.ts';

/** What the in-memory store keeps, in camelCase (`serialize/` makes the resources of §2). */
export interface Timestamps {
  createdAt: string;
  updatedAt: string;
}

/** A record of a collection: its id, when it was created and last updated. */
export interface Stamped extends Timestamps {
  id: string;
}

export interface ProductRecord extends Stamped {
  taxCode: string | null;
  name: string;
  slug: string;
  sku: string;
  description: string;
  manageStock: boolean;
  /** At least one entry, amounts in minor units; the first is the one carts and display prices use. */
  price: { amount: number; currency: string; includesTax: boolean }[];
  status: string;
  commodityType: string;
  stockLevel: number;
  /** Linked categories, in link order. */
  categoryIds: string[];
}

export interface CategoryRecord extends Stamped {
  name: string;
  slug: string;
  description: string;
  status: string;
  backgroundColour: string;
  backgroundImage: string;
  /** Linked products, in link order. */
  productIds: string[];
}

/** A cart line: the product's name and first price are copied when it is added. */
export interface CartItemRecord {
  id: string;
  productId: string;
  name: string;
  sku: string;
  unitAmount: number;
  currency: string;
  quantity: number;
}

export interface CartRecord extends Timestamps {
  ref: string;
  items: CartItemRecord[];
}

/** What a client gives at checkout (provisioning.md §Orders), kept as given: the order shows it so. */
export type CheckoutDetails = Checked<typeof checkoutBody>['data'];

export interface OrderRecord extends Stamped {
  status: string;
  customer: CheckoutDetails['customer'];
  billingAddress: CheckoutDetails['billing_address'];
  shippingAddress: CheckoutDetails['shipping_address'];
  items: CartItemRecord[];
  /** Sum of unit amount × quantity over the items. */
  total: number;
  currency: string;
  /** This order's transactions, in creation order. */
  transactionIds: string[];
}

export interface TransactionRecord extends Stamped {
  orderId: string;
  gateway: 'manual' | 'card_payment_intents';
  /** `manual` for the manual gateway, the payment-intent id (`pi_…`) for `card_payment_intents` (§2.1). */
  reference: string;
  transactionType: 'authorize' | 'capture' | 'refund' | 'purchase';
  status: 'pending' | 'complete';
  amount: number;
  currency: string;
  /** Set by a capture that was given one (§4.1). */
  customReference?: string;
  /** Set by a payment-intent confirmation. */
  clientSecret?: string;
}

export interface IntegrationRecord extends Stamped {
  integrationType: 'webhook';
  name: string;
  description: string;
  enabled: boolean;
  observes: string[];
  url: string;
}
