import type { FastifyInstance } from 'fastify';
import { apiError } from '../errors.ts';

/** The body parsers of the `/v2` routes: JSON only (else 415); an empty JSON body counts as no body. */
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

/** The body parsers of `POST /oauth/access_token`: form-encoded or JSON; a repeated form field is refused. */
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
