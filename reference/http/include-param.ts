import { MAX_INCLUDES } from '../limits.ts';
import type { Query } from './pagination-params.ts';

/**
 * Reads `include` (§4.3): comma-separated names, trimmed, each once, in order; a repeated key is one list.
 * The limit is soft (§8): only the first {@link MAX_INCLUDES} distinct names are honoured.
 */
export function parseInclude(query: Query): string[] {
  const raw = query.include;
  const parts = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === 'string');
  const names = new Set<string>();
  for (const name of parts.flatMap((part) => part.split(','))) {
    const trimmed = name.trim();
    if (trimmed !== '' && names.size < MAX_INCLUDES) names.add(trimmed);
  }
  return [...names];
}
