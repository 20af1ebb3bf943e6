import type { FastifyInstance } from 'fastify';
import type { ReferenceContext } from '../context.ts';
import type { Query } from '../http/pagination-params.ts';
import { serializeOrder } from '../serialize/order.ts';
import { transactionsOf } from '../store/payments.ts';
import type { OrderRecord } from '../store/records.ts';
import { listing } from './listing.ts';

/** Orders, as checkout made them: list (hard offset limit, §8) and read. */
export function registerOrderRoutes(app: FastifyInstance, ctx: ReferenceContext): void {
  const { store } = ctx;
  const serialize = (order: OrderRecord) => serializeOrder(order, transactionsOf(store, order));

  app.get<{ Querystring: Query }>('/orders', async (request) =>
    listing(ctx, request, { path: '/v2/orders', collection: store.orders, hardOffsetLimit: true, serialize }),
  );

  app.get<{ Params: { id: string } }>('/orders/:id', async (request) => ({
    data: serialize(store.orders.require(request.params.id, 'order')),
  }));
}
