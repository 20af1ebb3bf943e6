/** Conformant variants: other media types, encodings and spellings of the same answer (left open). */
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { type Variant, variantRow } from '../fault.ts';
import { type Json, rewritePayload, rewriteResponse, routedTo } from '../hooks.ts';
import { ACTIONS, LISTINGS } from '../routes.ts';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * A listing link with `page[offset]` before `page[limit]`, the brackets percent-encoded; a relative link (the
 * `relative-listing-links` variant) stays relative.
 */
function offsetFirst(link: unknown): unknown {
  if (typeof link !== 'string') return link;
  const url = new URL(link, 'http://relative.invalid');
  const params = [...url.searchParams.entries()].sort(([a], [b]) =>
    a === 'page[offset]' ? -1 : b === 'page[offset]' ? 1 : 0,
  );
  url.search = params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  return link.startsWith('/') ? `${url.pathname}${url.search}` : url.toString();
}

export const ANSWER_VARIANTS: readonly Variant[] = [
  variantRow('json-suffix-media-type')(
    'JSON answers say Content-Type: application/vnd.api+json (§1: an HTTP and JSON backend; the media type is not shown, and a +json suffix is JSON, RFC 6839).',
    rewritePayload((payload, reply) => {
      if (String(reply.getHeader('content-type') ?? '').startsWith('application/json'))
        reply.header('content-type', 'application/vnd.api+json; charset=utf-8');
      return payload;
    }),
  ),
  variantRow('gzip-answers')(
    'Answers are gzip-compressed when the client accepts it (Content-Encoding: gzip; §1: an HTTP and JSON backend, and HTTP content codings are not mentioned).',
    rewritePayload((payload, reply, request) => {
      const accepts = String(request.headers['accept-encoding'] ?? '');
      if (!/\bgzip\b/.test(accepts) || typeof payload !== 'string' || payload === '') return payload;
      reply.header('content-encoding', 'gzip');
      reply.removeHeader('content-length');
      return gzipSync(payload);
    }),
  ),
  variantRow('uppercase-uuids')(
    'Ids are written in upper case in every answer and found in any case (§2: ids are UUIDs; RFC 9562 §4: a UUID is read without regard to case).',
    (app, ctx) => {
      app.addHook('preValidation', async (request) => {
        const params = request.params as Json;
        for (const key of Object.keys(params ?? {}))
          if (typeof params[key] === 'string')
            params[key] = params[key].replace(UUID, (id: string) => id.toLowerCase());
        const item = (request.body as Json)?.data;
        if (item && typeof item.id === 'string') item.id = item.id.toLowerCase();
        for (const link of Array.isArray(item) ? item : [])
          if (link && typeof link.id === 'string') link.id = link.id.toLowerCase();
      });
      rewritePayload((payload) =>
        typeof payload === 'string' ? payload.replace(UUID, (id) => id.toUpperCase()) : payload,
      )(app, ctx);
    },
  ),
  variantRow('links-offset-first')(
    'Listing links put page[offset] before page[limit], with the brackets percent-encoded (§2.5: "URLs carrying page[limit] and page[offset]"; their order and spelling are not shown).',
    rewriteResponse(LISTINGS, (body) => {
      for (const key of Object.keys(body?.links ?? {})) body.links[key] = offsetFirst(body.links[key]);
    }),
  ),
  variantRow('media-type-parameters')(
    'JSON answers write their media type in upper case with a quoted parameter, APPLICATION/JSON;Charset="UTF-8" (RFC 9110 §8.3.1: both case-insensitive, a value may be quoted; §1 shows no media type).',
    rewritePayload((payload, reply) => {
      const type = String(reply.getHeader('content-type') ?? '').split(';')[0] ?? '';
      if (type.includes('json')) reply.header('content-type', `${type.toUpperCase()};Charset="UTF-8"`);
      return payload;
    }),
  ),
  variantRow('chunked-answers')(
    'Answers are sent in chunks without Content-Length (Transfer-Encoding: chunked; §1: an HTTP backend, whose framing is not shown).',
    rewritePayload((payload, reply) => {
      if (!(typeof payload === 'string' || Buffer.isBuffer(payload)) || payload.length === 0) return payload;
      reply.removeHeader('content-length');
      return Readable.from([payload]);
    }),
  ),
  variantRow('actions-201')(
    'Capture, refund and confirm answer 201 (§4.1: "Success status codes of all endpoints: not shown").',
    rewritePayload((payload, reply, request) => {
      if (reply.statusCode === 200 && routedTo(request, ACTIONS)) reply.code(201);
      return payload;
    }),
  ),
];
