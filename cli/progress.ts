import type { Outcome } from '../helpers/check/outcome.ts';
import type { CheckStatus } from './report/model.ts';

const SYMBOLS: Record<CheckStatus, string> = {
  passed: '✓',
  observed: '✓',
  failed: '×',
  skipped: '↓',
  error: '!',
};

/** Lines of a failure message shown while running (the reports hold all of it). */
const MESSAGE_LINES = 4;

/** The progress line of one finished check, with a skip's reason or the first lines of a failure. */
export function progressLine(check: Outcome): string {
  const line = `${SYMBOLS[check.status]} ${check.name}`;
  if (check.status === 'skipped') return `${line} (skipped: ${check.reason ?? ''})`;
  if ((check.status === 'failed' || check.status === 'error') && check.message) {
    const lines = check.message.split('\n').filter((l) => l.trim() !== '');
    const shown = lines
      .slice(0, MESSAGE_LINES)
      .map((l) => `    ${l.length > 300 ? `${l.slice(0, 300)}…` : l}`);
    if (lines.length > MESSAGE_LINES)
      shown.push(`    … (${lines.length - MESSAGE_LINES} more lines in the reports)`);
    return [line, ...shown].join('\n');
  }
  return line;
}
