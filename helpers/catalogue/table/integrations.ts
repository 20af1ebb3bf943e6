import { type RuleEntry, row } from '../rule.ts';

/** The rules of the catalogue's section "Integrations (§2.2, §4.2, §6)", in catalogue order. */
export const INTEGRATION_RULES = [
  row(
    'INT-SCHEMA',
    'MUST',
    '§2.2',
    '`GET /v2/integrations/:id` answers `{data: Integration}`: `id` UUID, `type` `integration`, `integration_type`, `name`, `description` strings, `enabled` boolean, `configuration.url` an absolute URL (webhook), `observes` array of strings, `links.self` string, `meta.timestamps` `created_at` / `updated_at`.',
    ['integration-response'],
  ),
  row(
    'INT-GET',
    'MUST',
    '§4.2',
    'The integration read is the one asked for (`id` equals `:id`) and carries the values it was created with.',
  ),
  row(
    'INT-SELF-LINK',
    'MUST',
    '§2.2',
    '`links.self` is an absolute URL whose path ends in `/v2/integrations/<id>`.',
  ),
  row('INT-OBSERVES', 'MUST', '§6', 'Each `observes` entry has the form `<resource>.<action>`.'),
  row(
    'INT-TIMESTAMP-MS',
    'MUST',
    '§2.2',
    '`meta.timestamps` values are ISO 8601 date-times with milliseconds.',
  ),
  row(
    'INT-DELETE',
    'MUST',
    '§4.2',
    '`DELETE /v2/integrations/:id` answers `{data: {type: "integration", id: <id>}}`.',
  ),
  row('INT-DELETE-GONE', 'SHOULD', '§4.2', 'After a delete, reading the same id no longer succeeds (4xx).'),
  row('INT-NOT-FOUND', 'SHOULD', '§4.2', 'Reading or deleting an id that does not exist answers 4xx.'),
] as const satisfies readonly RuleEntry[];
