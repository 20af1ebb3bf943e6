import type { RuleEntry } from '../rule.ts';

/** The rules of the catalogue's section "Integrations (§2.2, §4.2, §6)", in catalogue order. */
export const INTEGRATION_RULES = [
  {
    id: 'INT-SCHEMA',
    level: 'MUST',
    section: '§2.2',
    title:
      '`GET /v2/integrations/:id` answers `{data: Integration}`: `id` UUID, `type` `integration`, `integration_type`, `name`, `description` strings, `enabled` boolean, `configuration.url` an absolute URL (webhook), `observes` array of strings, `links.self` string, `meta.timestamps` `created_at` / `updated_at`.',
    schemas: ['integration-response'],
  },
  {
    id: 'INT-GET',
    level: 'MUST',
    section: '§4.2',
    title:
      'The integration read is the one asked for (`id` equals `:id`) and carries the values it was created with.',
  },
  {
    id: 'INT-SELF-LINK',
    level: 'MUST',
    section: '§2.2',
    title: '`links.self` is an absolute URL whose path ends in `/v2/integrations/<id>`.',
  },
  {
    id: 'INT-OBSERVES',
    level: 'MUST',
    section: '§6',
    title: 'Each `observes` entry has the form `<resource>.<action>`.',
  },
  {
    id: 'INT-TIMESTAMP-MS',
    level: 'MUST',
    section: '§2.2',
    title: '`meta.timestamps` values are ISO 8601 date-times with milliseconds.',
  },
  {
    id: 'INT-DELETE',
    level: 'MUST',
    section: '§4.2',
    title: '`DELETE /v2/integrations/:id` answers `{data: {type: "integration", id: <id>}}`.',
  },
  {
    id: 'INT-DELETE-GONE',
    level: 'SHOULD',
    section: '§4.2',
    title: 'After a delete, reading the same id no longer succeeds (4xx).',
  },
  {
    id: 'INT-NOT-FOUND',
    level: 'SHOULD',
    section: '§4.2',
    title: 'Reading or deleting an id that does not exist answers 4xx.',
  },
] as const satisfies readonly RuleEntry[];
