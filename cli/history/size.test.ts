import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../../helpers/config/settings.ts';
import { loadHistorySize } from './history.ts';

const NO_FILE = '/nonexistent/.env';

describe('loadHistorySize', () => {
  it('defaults to the settings table', () => {
    expect(loadHistorySize({}, NO_FILE)).toBe(30);
    expect(SETTINGS.find((s) => s.name === 'CONFORMANCE_HISTORY_SIZE')?.default).toBe('30');
  });

  it('takes a whole number from 1 to 1000', () => {
    expect(loadHistorySize({ CONFORMANCE_HISTORY_SIZE: '1' }, NO_FILE)).toBe(1);
    expect(loadHistorySize({ CONFORMANCE_HISTORY_SIZE: ' 1000 ' }, NO_FILE)).toBe(1000);
    for (const bad of ['0', '1001', '-3', '2.5', 'ten']) {
      expect(() => loadHistorySize({ CONFORMANCE_HISTORY_SIZE: bad }, NO_FILE), bad).toThrow(
        `CONFORMANCE_HISTORY_SIZE: must be a whole number from 1 to 1000, got "${bad}"`,
      );
    }
  });
});
