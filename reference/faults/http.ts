import { type Fault, faultRow } from './fault.ts';
import { errorBody, rewritePayload } from './hooks.ts';

export const HTTP_FAULTS: Fault[] = [
  faultRow('errors-as-text', 'HTTP-JSON')(
    'Error answers are plain text ("404 Not Found"), not JSON.',
    rewritePayload((payload, reply) => {
      if (reply.statusCode < 400) return payload;
      reply.type('text/plain; charset=utf-8');
      return `${reply.statusCode} ${String(reply.raw.statusMessage || 'Error')}`;
    }),
  ),
  faultRow('malformed-json-crashes', 'HTTP-NO-5XX')(
    'A request body that is not valid JSON is answered 500 instead of 4xx.',
    rewritePayload((payload, reply) => {
      if (reply.statusCode !== 400 || typeof payload !== 'string' || !payload.includes('"Malformed JSON"'))
        return payload;
      reply.code(500);
      return JSON.stringify(errorBody(500, 'Internal Server Error', 'Unexpected token'));
    }),
  ),
];
