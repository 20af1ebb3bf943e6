import { apiError } from '../errors.ts';
import { MAX_INCLUDES, MAX_PAGE_LIMIT, OFFSET_LIMIT } from '../limits.ts';

/** A parsed query string: fastify's parser gives a string per key, or an array when a key repeats. */
export type Query = Readonly<Record<string, unknown>>;

/** `page[limit]` and `page[offset]` of one listing request. */
export interface PageParams {
  limit: number;
  offset: number;
}

export const LIMIT_PARAM = 'page[limit]';
export const OFFSET_PARAM = 'page[offset]';

/**
 * Reads `page[limit]` (1 to {@link MAX_PAGE_LIMIT}; above is rejected, which §8 allows, so a client never
 * silently gets fewer records) and `page[offset]` (with `hardOffsetLimit`, at most {@link OFFSET_LIMIT}).
 * Values must be plain decimal digits, given once.
 * @throws ApiError INVALID_QUERY, PAGE_LIMIT_TOO_LARGE, OFFSET_LIMIT
 */
export function parsePageParams(
  query: Query,
  options: { defaultLimit: number; hardOffsetLimit: boolean },
): PageParams {
  const limit = readInteger(query, LIMIT_PARAM) ?? options.defaultLimit;
  if (limit < 1)
    throw apiError('INVALID_QUERY', `${LIMIT_PARAM} must be an integer from 1 to ${MAX_PAGE_LIMIT}`);
  if (limit > MAX_PAGE_LIMIT) {
    throw apiError(
      'PAGE_LIMIT_TOO_LARGE',
      `${LIMIT_PARAM} must be at most ${MAX_PAGE_LIMIT} (§8), got ${limit}`,
    );
  }
  const offset = readInteger(query, OFFSET_PARAM) ?? 0;
  if (options.hardOffsetLimit && offset > OFFSET_LIMIT)
    throw apiError('OFFSET_LIMIT', `${OFFSET_PARAM} must be at most ${OFFSET_LIMIT} on this listing (§8)`);
  return { limit, offset };
}

function readInteger(query: Query, name: string): number | undefined {
  if (!Object.hasOwn(query, name)) return undefined;
  const raw = query[name];
  if (typeof raw !== 'string') throw apiError('INVALID_QUERY', `${name} must be given once`);
  if (!/^[0-9]+$/.test(raw)) {
    const shown = raw.length > 40 ? `${raw.slice(0, 40)}…` : raw;
    throw apiError('INVALID_QUERY', `${name} must be a non-negative integer, got "${shown}"`);
  }
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) throw apiError('INVALID_QUERY', `${name} is too large`);
  return value;
}

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
