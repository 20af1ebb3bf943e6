import { type Fault, fault } from './fault.ts';

export const HTTP_FAULTS: Fault[] = [
  fault('errors-as-text', 'HTTP-JSON', 'Error answers are plain text ("404 Not Found"), not JSON.', (app) =>
    app.addHook('onSend', async (_request, reply, payload) => {
      if (reply.statusCode < 400) return payload;
      reply.type('text/plain; charset=utf-8');
      return `${reply.statusCode} ${String(reply.raw.statusMessage || 'Error')}`;
    }),
  ),
  fault(
    'malformed-json-crashes',
    'HTTP-NO-5XX',
    'A request body that is not valid JSON is answered 500 instead of 4xx.',
    (app) =>
      app.addHook('onSend', async (_request, reply, payload) => {
        if (reply.statusCode === 400 && typeof payload === 'string' && payload.includes('"Malformed JSON"')) {
          reply.code(500);
          return JSON.stringify({
            errors: [{ status: 500, title: 'Internal Server Error', detail: 'Unexpected token' }],
          });
        }
        return payload;
      }),
  ),
];
