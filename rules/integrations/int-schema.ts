import { rule } from '../../helpers/judge/rule.ts';
import { onIntegration } from './read.ts';

export default rule({
  id: 'INT-SCHEMA',
  level: 'MUST',
  section: '§2.2',
  title:
    '`GET /v2/integrations/:id` answers `{data: Integration}`: `id` UUID, `type` `integration`, `integration_type`, `name`, `description` strings, `enabled` boolean, `configuration.url` an absolute URL (webhook), `observes` array of strings, `links.self` string, `meta.timestamps` `created_at` / `updated_at`.',
  schemas: ['integration-response'],
  exchange: onIntegration((_, x, t) =>
    t.expectSchema(x.response.json, 'integration-response', 'the body', x.response),
  ),
});
