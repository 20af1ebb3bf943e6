/**
 * The kinds of read the other areas send (method, path, query), generated for the authentication area's deep
 * checks to send without valid credentials (§5; issue 10): listings with page parameters and `include`,
 * single reads with and without a query string, and (in `replay-writes.ts`) the writes on records this run
 * made. The requests the other areas actually sent are replayed by `recorded.ts`.
 * Paths are kept as templates (`:category`, `:order`, `:integration`) so that a report shows the same input
 * for the same seed; the ids are filled in when sent.
 */
import fc from 'fast-check';
import { pageLimits } from '../../helpers/depth/arbitraries.ts';

/** The records the reads aim at: made by the run, or configured in read-only mode. */
export interface ReadIds {
  readonly categoryId?: string | undefined;
  readonly orderId?: string | undefined;
  readonly integrationId?: string | undefined;
}

/** A read as the suite sends it, its ids as placeholders. */
export type ReadForm = string;

/** The include names the other areas send (§4.3: `products` on a category, `main_image,categories`). */
const PRODUCT_INCLUDES = ['main_image', 'categories', 'main_image,categories'] as const;

/** The read with its ids filled in; undefined when a record it needs is not there (read-only mode). */
export function fillRead(form: ReadForm, ids: ReadIds): string | undefined {
  const holes: Record<string, string | undefined> = {
    ':category': ids.categoryId,
    ':order': ids.orderId,
    ':integration': ids.integrationId,
  };
  let missing = false;
  const path = form.replace(/:(category|order|integration)\b/g, (hole) => {
    const id = holes[hole];
    if (id === undefined) missing = true;
    return id ?? hole;
  });
  return missing ? undefined : path;
}

/** A query string from its parameters, in the order given. */
const query = (params: readonly (readonly [string, string | number])[]) =>
  params.length === 0 ? '' : `?${params.map(([k, v]) => `${k}=${v}`).join('&')}`;

/** Generated reads (deep): the listings at any page and with any include, the single reads. */
export function readForms(): fc.Arbitrary<ReadForm> {
  const page = fc.record(
    { limit: pageLimits(), offset: fc.integer({ min: 0, max: 200 }) },
    { requiredKeys: [] },
  );
  const pageParams = (p: { limit?: number; offset?: number }) => [
    ...(p.limit === undefined ? [] : [['page[limit]', p.limit] as const]),
    ...(p.offset === undefined ? [] : [['page[offset]', p.offset] as const]),
  ];
  return fc.oneof(
    page.map((p) => `/v2/categories${query(pageParams(p))}`),
    fc
      .record({ p: page, include: fc.option(fc.constantFrom(...PRODUCT_INCLUDES), { nil: undefined }) })
      .map(
        ({ p, include }) =>
          `/v2/products${query([...pageParams(p), ...(include === undefined ? [] : [['include', include] as const])])}`,
      ),
    fc.constantFrom(
      '/v2/categories/:category',
      '/v2/categories/:category?include=products',
      '/v2/orders/:order/transactions',
      '/v2/integrations/:integration',
    ),
  );
}
