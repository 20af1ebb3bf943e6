import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collected, report } from '../../test-support/cli/make.ts';
import { HISTORY_FILE, historyRecord, readHistory, renderHistory } from './history.ts';

function file(text?: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'conformance-history-')), HISTORY_FILE);
  if (text !== undefined) writeFileSync(path, text);
  return path;
}

describe('history.json', () => {
  it('reads back what it wrote', () => {
    const record = historyRecord(report([collected('INT-GET', 'failed')]));
    const path = file(renderHistory([record], 30));
    expect(readHistory(path)).toEqual({ records: [record] });
  });

  it('a missing file is an empty history, without a problem', () => {
    expect(readHistory(file())).toEqual({ records: [] });
  });

  it('a file that is not JSON, or not a history, is a problem and an empty history', () => {
    expect(readHistory(file('{ nope'))).toMatchObject({
      records: [],
      problem: expect.stringMatching(/history\.json: not JSON .*; the history starts again with this run$/),
    });
    for (const text of ['[]', '{"format":2,"records":[]}', '{"format":1,"records":[{"startedAt":1}]}']) {
      expect(readHistory(file(text)).problem, text).toMatch(/not a history of format 1/);
    }
  });
});
