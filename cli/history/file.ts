import { existsSync, readFileSync } from 'node:fs';
import type { HistoryRecord } from './record.ts';

export const HISTORY_FORMAT = 1;

/** The file name of the history in a report directory. */
export const HISTORY_FILE = 'history.json';

/** `history.json`: the last runs of a report directory, oldest first. */
export interface HistoryFile {
  readonly format: typeof HISTORY_FORMAT;
  /** How many runs it keeps (`CONFORMANCE_HISTORY_SIZE` of the last run that wrote it). */
  readonly size: number;
  readonly records: readonly HistoryRecord[];
}

/** What reading a history file gave: its records (none when absent or unusable), and why it was unusable. */
export interface ReadHistory {
  readonly records: readonly HistoryRecord[];
  readonly problem?: string;
}

/**
 * Reads `history.json`. A missing file is an empty history; a file that is not JSON or not a history of this
 * format is reported as a problem (and the history starts again), never thrown: a run is not lost to it.
 */
export function readHistory(file: string): ReadHistory {
  if (!existsSync(file)) return { records: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return { records: [], problem: unusable(file, `not JSON (${(error as Error).message})`) };
  }
  const history = parsed as Partial<HistoryFile> | null;
  if (
    !history ||
    typeof history !== 'object' ||
    history.format !== HISTORY_FORMAT ||
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
  return (
    !!record &&
    typeof record === 'object' &&
    typeof record.startedAt === 'string' &&
    !!record.statuses &&
    typeof record.statuses === 'object'
  );
}

function unusable(file: string, why: string): string {
  return `${file}: ${why}; the history starts again with this run`;
}
