/**
 * INT-SCHEMA (§2.2, §4.2): `GET /v2/integrations/:id` answers `{data: Integration}` (`integration-response`:
 * `id` UUID, `type`, `integration_type`, `name`, `description`, `enabled`, `configuration.url` absolute,
 * `observes`, `links.self`, `meta.timestamps`).
 */
import { rule } from '../../helpers/judge/rule.ts';
import { onIntegrationRead } from './read.ts';

export default rule('INT-SCHEMA', {
  exchange: onIntegrationRead((_data, x, t) =>
    t.expectSchema(x.response.json, 'integration-response', 'the body', x.response),
  ),
});
