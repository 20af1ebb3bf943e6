import type { FastifyInstance } from 'fastify';
import type { ReferenceContext } from '../context.ts';
import { serializeCartItems, serializeOrder } from '../serialize/order.ts';
import { addToCart, checkout } from '../store/checkout.ts';
import type { Address } from '../store/records.ts';
import { cartItemBody, checkoutBody } from '../validation/bodies.ts';
import { validateBody } from '../validation/check.ts';

function address(a: {
  first_name: string;
  last_name: string;
  line_1: string;
  city: string;
  postcode: string;
  county: string;
  country: string;
}): Address {
  return {
    firstName: a.first_name,
    lastName: a.last_name,
    line1: a.line_1,
    city: a.city,
    postcode: a.postcode,
    county: a.county,
    country: a.country,
  };
}

/** Carts and checkout (provisioning.md §Orders). A cart comes into being when something is added to it. */
export function registerCartRoutes(app: FastifyInstance, ctx: ReferenceContext): void {
  const { store } = ctx;

  app.post<{ Params: { cartRef: string } }>('/carts/:cartRef/items', async (request, reply) => {
    const { data } = validateBody(cartItemBody, request.body);
    const cart = addToCart(store, request.params.cartRef, data.id, data.quantity, {
      productId: 'data.id',
      quantity: 'data.quantity',
    });
    return reply.code(201).send(serializeCartItems(cart));
  });

  app.get<{ Params: { cartRef: string } }>('/carts/:cartRef/items', async (request) => {
    const cart = store.carts.get(request.params.cartRef) ?? {
      ref: request.params.cartRef,
      items: [],
      createdAt: store.now(),
      updatedAt: store.now(),
    };
    return serializeCartItems(cart);
  });

  app.post<{ Params: { cartRef: string } }>('/carts/:cartRef/checkout', async (request, reply) => {
    const { data } = validateBody(checkoutBody, request.body);
    const order = checkout(store, request.params.cartRef, {
      customer: { email: data.customer.email, name: data.customer.name },
      billingAddress: address(data.billing_address),
      shippingAddress: address(data.shipping_address),
    });
    return reply.code(201).send({ data: serializeOrder(order, []) });
  });
}
