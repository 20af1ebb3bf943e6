import { describe, expect, it } from 'vitest';
import { Judging } from '../../helpers/judge/judging.ts';
import { exchangeOf, judgingContext } from '../../test-support/judge/exchange.ts';
import intTimestampMs from './int-timestamp-ms.ts';

/** The failures of an integration read whose timestamps are both `at`. */
const judged = (at: string) =>
  new Judging([intTimestampMs], judgingContext()).judge(
    exchangeOf('GET', '/v2/integrations/i-1', 200, {
      data: { id: 'i-1', type: 'integration', meta: { timestamps: { created_at: at, updated_at: at } } },
    }),
  );

describe('INT-TIMESTAMP-MS', () => {
  it.each([
    '2024-05-01T12:30:00.123Z',
    '2024-05-01T12:30:00.123456+02:00',
    '2024-05-01T12:30:00.123+0200',
    '2024-05-01T12:30:00.123',
  ])('takes %s: milliseconds or finer, a zone in any ISO 8601 form, or none (local time)', (at) => {
    expect(judged(at)).toEqual([]);
  });

  it.each([
    '2024-05-01T12:30:00Z',
    '2024-05-01T12:30:00.12Z',
    '2024-05-01 12:30',
    '2024-13-01T12:30:00.123Z',
  ])('fails %s', (at) => {
    expect(judged(at).map((f) => f.ruleId)).toEqual(['INT-TIMESTAMP-MS']);
  });
});
