import type { Fault } from './fault.ts';

export const HTTP_FAULTS: Fault[] = [
  {
    name: 'errors-as-text',
    rule: 'HTTP-JSON',
    description: 'Error answers are plain text ("404 Not Found"), not JSON.',
    install: (app) =>
      app.addHook('onSend', async (_request, reply, payload) => {
        if (reply.statusCode < 400) return payload;
        reply.type('text/plain; charset=utf-8');
        return `${reply.statusCode} ${String(reply.raw.statusMessage || 'Error')}`;
      }),
  },
  {
    name: 'malformed-json-crashes',
    rule: 'HTTP-NO-5XX',
    description: 'A request body that is not valid JSON is answered 500 instead of 4xx.',
    install: (app) =>
      app.addHook('onSend', async (_request, reply, payload) => {
        if (reply.statusCode === 400 && typeof payload === 'string' && payload.includes('"Malformed JSON"')) {
          reply.code(500);
          return JSON.stringify({
            errors: [{ status: 500, title: 'Internal Server Error', detail: 'Unexpected token' }],
          });
        }
        return payload;
      }),
  },
];
