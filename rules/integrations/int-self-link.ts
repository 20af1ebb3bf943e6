import { INTEGRATION, INTEGRATIONS } from '../../helpers/catalogue/endpoints.ts';
import { isObject } from '../../helpers/http/response.ts';
import { sameId } from '../../helpers/judge/knowledge.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { decoded } from '../../helpers/listing/page.ts';
import { integrationOf } from './read.ts';

export default rule({
  id: 'INT-SELF-LINK',
  level: 'MUST',
  section: '§2.2',
  title: '`links.self` is an absolute URL whose path ends in `/v2/integrations/<id>`.',
  // The create answers the integration (provisioning.md); §4 does not show it, so only a self link it has is judged.
  exchange: {
    scope: { methods: ['GET', 'POST'], paths: [INTEGRATION, INTEGRATIONS] },
    judge: (x, t) => {
      const read = x.template === INTEGRATION;
      t.need(read === (x.method === 'GET'), 'not a read or the create of an integration');
      const data = read
        ? integrationOf(x, t)
        : t.need(isObject(x.response.data) ? x.response.data : undefined, 'no data object');
      const self = isObject(data.links) ? data.links.self : undefined;
      if (!read)
        t.need(
          self !== undefined && typeof data.id === 'string',
          'a create answer without a self link or an id',
        );
      const id = read ? (x.params.id as string) : String(data.id);
      const url = typeof self === 'string' && URL.canParse(self) ? new URL(self) : undefined;
      t.assert(url !== undefined, 'data.links.self to be an absolute URL', JSON.stringify(self), x.response);
      const segments = (url as URL).pathname.replace(/\/+$/, '').split('/');
      const last = segments.pop();
      t.assert(
        segments.slice(-2).join('/') === 'v2/integrations' && sameId(decoded(last ?? ''), id),
        `the path of data.links.self to end in /v2/integrations/${id}`,
        (url as URL).pathname,
        x.response,
      );
    },
  },
});
