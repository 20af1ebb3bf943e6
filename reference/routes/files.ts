import type { FastifyInstance } from 'fastify';
import type { ReferenceContext } from '../context.ts';
import type { Query } from '../http/pagination-params.ts';
import { serializeFile } from '../serialize/file.ts';
import { listing } from './listing.ts';

/** Files: a listing that is always empty (no upload here), with the hard offset limit of §8. */
export function registerFileRoutes(app: FastifyInstance, ctx: ReferenceContext): void {
  app.get<{ Querystring: Query }>('/files', async (request) =>
    listing(ctx, request, {
      path: '/v2/files',
      collection: ctx.store.files,
      hardOffsetLimit: true,
      serialize: serializeFile,
    }),
  );
}
