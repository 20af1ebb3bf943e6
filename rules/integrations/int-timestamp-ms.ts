import { rule } from '../../helpers/judge/rule.ts';
import { onIntegration } from './read.ts';

/** ISO 8601 date-time with at least three fractional digits, with a zone or without (local time) (§2.2). */
const ISO_WITH_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3,}(Z|[+-]\d{2}:?\d{2})?$/;

export default rule({
  id: 'INT-TIMESTAMP-MS',
  level: 'MUST',
  section: '§2.2',
  title: '`meta.timestamps` values are ISO 8601 date-times with milliseconds.',
  exchange: onIntegration((data, x, t) => {
    const meta = t.expectObject(data.meta, 'data.meta', x.response);
    const timestamps = t.expectObject(meta.timestamps, 'data.meta.timestamps', x.response);
    for (const key of ['created_at', 'updated_at']) {
      const value = timestamps[key];
      t.assert(
        typeof value === 'string' && ISO_WITH_MS.test(value) && !Number.isNaN(Date.parse(value)),
        `data.meta.timestamps.${key} to be an ISO 8601 date-time with milliseconds (e.g. 2026-01-02T03:04:05.678Z)`,
        JSON.stringify(value),
        x.response,
      );
    }
  }),
});
