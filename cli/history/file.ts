import { existsSync, readFileSync } from 'node:fs';
import type { HistoryRecord } from './record.ts';

const HISTORY_FORMAT = 1;

export const HISTORY_FILE = 'history.json';

/** `history.json`: the last runs of a report directory, oldest first. */
export interface HistoryFile {
  readonly format: typeof HISTORY_FORMAT;
  readonly size: number;
  readonly records: readonly HistoryRecord[];
}

/** Reads `history.json`; an unusable one is a problem (the history starts again), never thrown. */
export function readHistory(file: string): { records: readonly HistoryRecord[]; problem?: string } {
  if (!existsSync(file)) return { records: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return { records: [], problem: unusable(file, `not JSON (${(error as Error).message})`) };
  }
  const history = parsed as Partial<HistoryFile> | null;
  if (
    history?.format !== HISTORY_FORMAT ||
    !Array.isArray(history.records) ||
    !history.records.every(isRecord)
  ) {
    return { records: [], problem: unusable(file, `not a history of format ${HISTORY_FORMAT}`) };
  }
  return { records: history.records };
}

export function renderHistory(records: readonly HistoryRecord[], size: number): string {
  const file: HistoryFile = { format: HISTORY_FORMAT, size, records };
  return `${JSON.stringify(file, null, 1)}\n`;
}

function isRecord(value: unknown): value is HistoryRecord {
  const record = value as Partial<HistoryRecord> | null;
  return typeof record?.startedAt === 'string' && !!record.statuses && typeof record.statuses === 'object';
}

function unusable(file: string, why: string): string {
  return `${file}: ${why}; the history starts again with this run`;
}
