import type { FastifyReply } from 'fastify';

/**
 * The one table of errors the reference server answers with (name, status, title); every error body is
 * `{ "errors": [ { status, title, detail } ] }`. §7 leaves the format open ("not shown"): our choice.
 */
export const ERRORS = {
  // Authentication (§5)
  UNAUTHORIZED: { status: 401, title: 'Unauthorized' },
  INVALID_CLIENT: { status: 401, title: 'Invalid Client' },
  UNSUPPORTED_GRANT_TYPE: { status: 400, title: 'Unsupported Grant Type' },
  INVALID_TOKEN_REQUEST: { status: 400, title: 'Invalid Token Request' },

  // Routing and lookups
  NOT_FOUND: { status: 404, title: 'Not Found' },
  ROUTE_NOT_FOUND: { status: 404, title: 'Route Not Found' },
  METHOD_NOT_ALLOWED: { status: 405, title: 'Method Not Allowed' },
  BAD_URL: { status: 400, title: 'Bad URL' },

  // Request bodies
  MALFORMED_JSON: { status: 400, title: 'Malformed JSON' },
  BAD_REQUEST: { status: 400, title: 'Bad Request' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, title: 'Unsupported Media Type' },
  BODY_TOO_LARGE: { status: 413, title: 'Payload Too Large' },
  VALIDATION_FAILED: { status: 422, title: 'Validation Failed' },
  // A resource named in the body (a product to add to a cart, a category to link) does not exist.
  RELATED_NOT_FOUND: { status: 404, title: 'Related Resource Not Found' },

  // Query strings (§4.3, §8)
  INVALID_QUERY: { status: 400, title: 'Invalid Query Parameter' },
  PAGE_LIMIT_TOO_LARGE: { status: 400, title: 'Page Limit Too Large' },
  OFFSET_LIMIT: { status: 400, title: 'Offset Limit Exceeded' },

  // A valid request that the state of a record refuses: 409, not 422, so that every request the OpenAPI
  // document allows is answered 2xx, 404 or 409.
  CART_EMPTY: { status: 409, title: 'Cart Empty' },
  CURRENCY_MISMATCH: { status: 409, title: 'Currency Mismatch' },
  CONFLICT: { status: 409, title: 'Conflict' },

  // Only for faults and variants (faults/).
  AMOUNT_TOO_LARGE: { status: 422, title: 'Amount Too Large' },
  GATEWAY_NOT_SUPPORTED: { status: 422, title: 'Gateway Not Supported' },
  FORBIDDEN: { status: 403, title: 'Forbidden' },
  NOT_IMPLEMENTED: { status: 501, title: 'Not Implemented' },

  // A bug in the reference server itself. Never expected; the tests check that no input reaches it.
  INTERNAL: { status: 500, title: 'Internal Server Error' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorName = keyof typeof ERRORS;

/** An error that routes throw; the error handler turns it into an error body with its status. */
export class ApiError extends Error {
  readonly title: string;

  /** @param statusCode overrides the table's status; only for errors that other code raised with a 4xx status. */
  constructor(
    readonly errorName: ErrorName,
    readonly detail: string,
    readonly statusCode: number = ERRORS[errorName].status,
  ) {
    super(`${errorName}: ${detail}`);
    this.name = 'ApiError';
    this.title = ERRORS[errorName].title;
  }

  /** The body of every error response. */
  toBody(): { errors: { status: number; title: string; detail: string }[] } {
    return { errors: [{ status: this.statusCode, title: this.title, detail: this.detail }] };
  }
}

/** Creates an {@link ApiError} from a name of the table and a detail naming what was wrong. */
export function apiError(name: ErrorName, detail: string): ApiError {
  return new ApiError(name, detail);
}

/** Sends an error body with the error's status and `Content-Type: application/json`. */
export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(error.toBody());
}
