import { rule } from '../../helpers/judge/rule.ts';

export default rule({
  id: 'HTTP-JSON',
  level: 'SHOULD',
  section: '§1',
  title: 'Every response with a body is JSON and says so in `Content-Type`.',
  exchange: {
    scope: { methods: ['*'], paths: ['*'], status: 'any', credentials: 'any' },
    judge: (x, t) => {
      const { response } = x;
      t.need(response.text.trim() !== '', 'no body');
      t.need(!response.headersUnknown, 'the recording does not say what the Content-Type was');
      t.assert(
        response.declaresJson && response.json !== undefined,
        'a JSON body with a JSON Content-Type (application/json or application/*+json)',
        () =>
          `Content-Type: ${response.headers['content-type'] ?? '(none)'}, body: ${response.text.slice(0, 200)}`,
        response,
      );
    },
  },
});
