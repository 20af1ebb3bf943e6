import type { Timestamps } from '../store/records.ts';

/** `meta.timestamps`: ISO 8601 with milliseconds (§2.2). */
export function timestamps(record: Timestamps): { created_at: string; updated_at: string } {
  return { created_at: record.createdAt, updated_at: record.updatedAt };
}
