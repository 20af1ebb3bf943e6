import type { FileRecord } from '../store/records.ts';
import { timestamps } from './timestamps.ts';

/** A file resource. The files store is always empty; this exists so that `/v2/files` is a real listing. */
export function serializeFile(file: FileRecord) {
  return {
    id: file.id,
    type: 'file' as const,
    file_name: file.fileName,
    mime_type: file.mimeType,
    link: { href: file.href },
    meta: { timestamps: timestamps(file) },
  };
}
