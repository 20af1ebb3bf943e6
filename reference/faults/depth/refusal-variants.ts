import { apiError } from '../../errors.ts';
import { type Variant, variantRow } from '../fault.ts';
import { answerAt, answerInstead, dataOf, type Json, refuseField } from '../hooks.ts';
import { CAPTURE, CREATE_INTEGRATION, CREATE_PRODUCT } from '../routes.ts';
import { UUID } from './http.ts';

/** The longest custom_reference `capture-reference-max-64` takes, in characters. */
export const MAX_REFERENCE = 64;
/** The largest price amount `price-amount-max` takes, in minor units ($100,000.00). */
export const MAX_PRICE = 10_000_000;
/** The longest integration name or description `integration-text-max-255` takes, in characters. */
export const MAX_TEXT = 255;
/** The events `known-events-only` takes (§6: the full list is not shown). */
export const KNOWN_EVENTS = [
  ...['created', 'updated', 'paid', 'authorized', 'fulfilled', 'refunded'].map((action) => `order.${action}`),
  ...['created', 'updated', 'deleted'].map((action) => `product.${action}`),
];
/** The query parameters of §4.3, which `unknown-query-rejected` takes on every endpoint. */
const KNOWN_QUERY = ['page[limit]', 'page[offset]', 'include'];
/** Path parameters that are ids (the cart reference is any string the client picks: provisioning.md). */
const ID_PARAMS = ['id', 'orderId', 'transactionId'];

/** The fields that the variants below judge: of a capture, and of an integration. */
const REFERENCE = ['custom_reference'];
const TEXTS = ['name', 'description'];
const notPrintable = (text: string) => !/^[\x20-\x7e]*$/.test(text);
const longer = (max: number) => (text: string) => Array.from(text).length > max;
const hasAstral = (text: string) => Array.from(text).some((c) => (c.codePointAt(0) ?? 0) > 0xffff);

export const REFUSAL_VARIANTS: readonly Variant[] = [
  variantRow('capture-reference-max-64')(
    `A custom_reference longer than ${MAX_REFERENCE} characters is refused with 422 (§2.1: a client-supplied reference "for example a payment reference from an external gateway"; its length is not shown).`,
    refuseField([CAPTURE], REFERENCE, `must be at most ${MAX_REFERENCE} characters`, longer(MAX_REFERENCE)),
  ),
  variantRow('capture-reference-printable-ascii')(
    'A custom_reference with characters outside printable ASCII is refused with 422 (§2.1: the alphabet of a gateway reference is not shown).',
    refuseField([CAPTURE], REFERENCE, 'must be printable ASCII', notPrintable),
  ),
  variantRow('price-amount-max')(
    `A product price above ${MAX_PRICE} minor units is refused with 422 (§2.4: price.amount is an integer, its range is not shown; provisioning.md: the target's own creation endpoint).`,
    answerInstead([CREATE_PRODUCT], (request) => {
      const prices = dataOf(request).price;
      const amounts: unknown[] = Array.isArray(prices) ? prices.map((price: Json) => price?.amount) : [];
      if (!amounts.some((amount) => typeof amount === 'number' && amount > MAX_PRICE)) return undefined;
      return apiError('AMOUNT_TOO_LARGE', `price amounts must be at most ${MAX_PRICE}`);
    }),
  ),
  variantRow('integration-text-max-255')(
    `An integration name or description longer than ${MAX_TEXT} characters is refused with 422 (§2.2: name and description are strings, their length is not shown).`,
    refuseField([CREATE_INTEGRATION], TEXTS, `must be at most ${MAX_TEXT} characters`, longer(MAX_TEXT)),
  ),
  variantRow('integration-text-bmp-only')(
    'An integration name or description with characters above U+FFFF (emoji) is refused with 422 (§2.2: the character set of these strings is not shown).',
    refuseField([CREATE_INTEGRATION], TEXTS, 'must not contain characters above U+FFFF', hasAstral),
  ),
  variantRow('known-events-only')(
    `An integration that observes an event other than ${KNOWN_EVENTS.join(', ')} is refused with 422 (§6: "Full list of observable event names: not shown").`,
    answerInstead([CREATE_INTEGRATION], (request) => {
      const observes = dataOf(request).observes;
      const unknown = Array.isArray(observes)
        ? observes.find((event: unknown) => typeof event === 'string' && !KNOWN_EVENTS.includes(event))
        : undefined;
      if (unknown === undefined) return undefined;
      return apiError('VALIDATION_FAILED', `data.observes: unknown event "${String(unknown).slice(0, 40)}"`);
    }),
  ),
  variantRow('unknown-query-rejected')(
    `A query parameter other than ${KNOWN_QUERY.join(', ')} is refused with 400 on every /v2 endpoint (§4.3 lists the query parameters each endpoint takes; others are not shown; §7: status codes not shown).`,
    answerAt('preHandler', undefined, (request) => {
      if (!request.url.startsWith('/v2/')) return undefined;
      const unknown = Object.keys(request.query as Json).find((key) => !KNOWN_QUERY.includes(key));
      if (unknown === undefined) return undefined;
      return apiError('INVALID_QUERY', `unknown query parameter "${unknown.slice(0, 40)}"`);
    }),
  ),
  variantRow('malformed-id-400')(
    'An id in the path that is not a UUID answers 400 instead of 404 (§4: path parameters are "string (identifiers)"; §7: status codes per failure case not shown).',
    answerAt('preHandler', undefined, (request) => {
      const params = (request.params ?? {}) as Json;
      const malformed = ID_PARAMS.find((key) => typeof params[key] === 'string' && !UUID.test(params[key]));
      if (malformed === undefined || !request.url.startsWith('/v2/')) return undefined;
      return apiError('BAD_REQUEST', `${malformed} must be a UUID`);
    }),
  ),
];
