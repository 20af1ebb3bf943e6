/** Depth faults of the http area (§1, §7): 5xx or non-JSON answers only to rarer malformed values. */
import { apiError } from '../../errors.ts';
import { type Fault, gateFaultRow } from '../fault.ts';
import { answerInstead, errorOf, type Json, type Route, rewritePayload, routedTo } from '../hooks.ts';
import { ACTIONS, LIST, PAYMENTS, READ_INTEGRATION, TRANSACTIONS } from '../routes.ts';

/** The routes with an order id in the path. */
const ORDER_ROUTES: Route[] = ['GET /v2/orders/:id', ...TRANSACTIONS];
/** Reads that take no query parameter at all (§4.1, §4.2). */
const NO_QUERY_READS: Route[] = [READ_INTEGRATION, LIST];

/** The writes of §4.1 whose bodies are validated. */
const WRITES: Route[] = [PAYMENTS, ...ACTIONS];

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const DEPTH_HTTP_FAULTS: Fault[] = [
  gateFaultRow('non-uuid-order-id-crashes', 'HTTP-NO-5XX')(
    'An order id in the path that is not a UUID crashes the server (500 "invalid input syntax for type uuid") on every order route.',
    answerInstead(ORDER_ROUTES, (request) => {
      const params = request.params as Json;
      const id = params.orderId ?? params.id;
      if (typeof id !== 'string' || UUID.test(id)) return undefined;
      return apiError('INTERNAL', `invalid input syntax for type uuid: "${id}"`);
    }),
    {
      'TXN-UNKNOWN':
        'an action on an order whose id is no UUID names no transaction, and a 5xx is no refusal',
    },
  ),
  gateFaultRow('query-on-plain-read-crashes', 'HTTP-NO-5XX')(
    'Any query parameter on GET /v2/integrations/:id or GET /v2/orders/:orderId/transactions (which take none) crashes the server (500).',
    answerInstead(NO_QUERY_READS, (request) => {
      if (Object.keys(request.query as Json).length === 0) return undefined;
      return apiError('INTERNAL', 'unexpected query parameter');
    }),
  ),
  gateFaultRow('validation-errors-as-text', 'HTTP-JSON')(
    'A request body that is valid JSON but has a field of the wrong type or value (422 Validation Failed) is answered in plain text; other errors stay JSON.',
    rewritePayload((payload, reply, request) => {
      if (reply.statusCode !== 422 || typeof payload !== 'string' || !routedTo(request, WRITES))
        return payload;
      const error = errorOf(payload);
      const detail = error?.title === 'Validation Failed' ? error.detail : undefined;
      if (detail === undefined) return payload;
      reply.type('text/plain; charset=utf-8');
      return `Validation Failed: ${detail}`;
    }),
  ),
];
