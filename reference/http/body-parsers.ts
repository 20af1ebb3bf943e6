import type { FastifyInstance } from 'fastify';
import { apiError } from '../errors.ts';

/**
 * The body parsers of the `/v2` routes: JSON only (else 415). An empty JSON body counts as no body, so that
 * bodiless calls work whether or not the client sets the header.
 */
export function useJsonBodiesOnly(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.length === 0) {
      done(null, undefined);
      return;
    }
    defaultJsonParser(request, text, done);
  });
}

/**
 * The body parsers of `POST /oauth/access_token`: form-encoded (provisioning.md §Token), and JSON for
 * clients that send that. A form field given twice is rejected.
 */
export function useFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      const fields: Record<string, string> = Object.create(null);
      for (const [key, value] of new URLSearchParams(String(body))) {
        if (Object.hasOwn(fields, key)) {
          done(
            apiError('INVALID_TOKEN_REQUEST', `the form field "${key}" is given more than once`),
            undefined,
          );
          return;
        }
        fields[key] = value;
      }
      done(null, fields);
    },
  );
}
