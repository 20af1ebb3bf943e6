import { apiError } from '../errors.ts';
import { bypassAuth } from './authentication.ts';
import { type Fault, gateFaultRow } from './fault.ts';
import { answerInstead, beforeHandler, type Json, remembering } from './hooks.ts';
import { CAPTURE, CATEGORY, DIGITS, OFFSET, READS, rawQuery, SOFT } from './routes.ts';

export const SPELLING_FAULTS: Fault[] = [
  gateFaultRow('authorization-name-case-skips-token-check', 'AUTH-INVALID')(
    'The token is looked up in the raw headers under the exact name "Authorization"; a header named in another case (authorization, AUTHORIZATION: what HTTP/2 and fetch clients send) skips the token check, and any non-empty value passes on its presence.',
    bypassAuth((request) => {
      const raw = request.raw.rawHeaders;
      const named = raw.filter((name, i) => i % 2 === 0 && name.toLowerCase() === 'authorization');
      return named.length > 0 && !named.includes('Authorization') && !!request.headers.authorization;
    }),
  ),
  gateFaultRow('json-charset-capture-body-ignored', 'TXN-CAPTURE-REF')(
    'The capture handler reads its optional body only when Content-Type is exactly application/json: sent as "application/json; charset=utf-8", the capture is carried out without its custom_reference.',
    beforeHandler([CAPTURE], (request) => {
      if (String(request.headers['content-type'] ?? '').includes(';')) request.body = undefined;
    }),
  ),
  gateFaultRow('repeated-offset-meta-from-first', 'PAGE-OFFSET')(
    'A page[offset] given twice with different values is served at the last value (the query parser keeps the last), while meta.page.offset, read by another layer, reports the first: the records and meta.page.offset disagree under any reading.',
    remembering(
      SOFT,
      (request) => {
        const values = (request.query as Json)[OFFSET];
        if (!Array.isArray(values) || values.length < 2 || !values.every((v) => DIGITS.test(v))) return;
        if (new Set(values).size < 2) return undefined;
        (request.query as Json)[OFFSET] = values.at(-1);
        return Number(values[0]);
      },
      (body, offset) => {
        if (body?.meta?.page) body.meta.page.offset = offset;
      },
    ),
  ),
  gateFaultRow('malformed-escape-crashes', 'HTTP-NO-5XX')(
    'A read whose query string holds a malformed percent-escape (%zz, a lone %, a truncated UTF-8 sequence such as %E0%A4) is answered 500: a hand-written include and page parser decodes each part with decodeURIComponent, which throws URIError.',
    answerInstead(READS, (request) => {
      try {
        for (const part of rawQuery(request).split('&')) decodeURIComponent(part.replace(/\+/g, ' '));
        return undefined;
      } catch (error) {
        return apiError('INTERNAL', `URIError: ${(error as Error).message}`);
      }
    }),
  ),
  gateFaultRow('scheme-case-folds-token', 'AUTH-INVALID')(
    'When the scheme is not spelt "Bearer" exactly (bearer, BEARER), the whole header is lower-cased before the token is compared: a token that differs from the valid one in letter case only is accepted.',
    bypassAuth((request, ctx) => {
      const [, scheme = '', token = ''] = /^(\S+) +(\S+) *$/.exec(request.headers.authorization ?? '') ?? [];
      const folded = scheme !== 'Bearer' && scheme.toLowerCase() === 'bearer';
      return folded && token.toLowerCase() === ctx.options.token.toLowerCase();
    }),
  ),
  gateFaultRow('include-read-from-first-param-only', 'INC-PRODUCTS')(
    'GET /v2/categories/:id reads include only from the first query parameter (the query string is matched against ^include=): ?page[limit]=1&include=products, or any other parameter first, answers the category without included.',
    beforeHandler([CATEGORY], (request) => {
      const first = rawQuery(request).split('&')[0] ?? '';
      if (!first.startsWith('include=')) delete (request.query as Json).include;
    }),
  ),
  gateFaultRow('bare-query-key-crashes', 'HTTP-NO-5XX')(
    'A read whose query string holds a part without "=" (?include, ?page[limit]&page[offset]=0, an empty part from "&&") is answered 500: the hand-written parser splits each part at "=" and reads the value of undefined.',
    answerInstead(READS, (request) => {
      const query = rawQuery(request);
      if (query === '' || query.split('&').every((part) => part.includes('='))) return undefined;
      return apiError('INTERNAL', "TypeError: Cannot read properties of undefined (reading 'split')");
    }),
  ),
];
