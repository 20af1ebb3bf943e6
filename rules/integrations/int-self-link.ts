import { isObject } from '../../helpers/http/response.ts';
import { sameId } from '../../helpers/judge/knowledge.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { decoded } from '../../helpers/listing/page.ts';
import { onIntegration } from './read.ts';

export default rule({
  id: 'INT-SELF-LINK',
  level: 'MUST',
  section: '§2.2',
  title: '`links.self` is an absolute URL whose path ends in `/v2/integrations/<id>`.',
  exchange: onIntegration((data, x, t) => {
    const self = isObject(data.links) ? data.links.self : undefined;
    const url = typeof self === 'string' && URL.canParse(self) ? new URL(self) : undefined;
    t.assert(url !== undefined, 'data.links.self to be an absolute URL', JSON.stringify(self), x.response);
    const segments = (url as URL).pathname.replace(/\/+$/, '').split('/');
    const last = segments.pop();
    t.assert(
      segments.slice(-2).join('/') === 'v2/integrations' && sameId(decoded(last ?? ''), x.params.id),
      `the path of data.links.self to end in /v2/integrations/${x.params.id}`,
      (url as URL).pathname,
      x.response,
    );
  }),
});
