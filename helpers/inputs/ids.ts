/**
 * Ids for the path parameters of the deep profile: ids that no target holds and ids that are not
 * UUIDs at all (§2: ids are strings (UUID)), so that every id path parameter meets more than one fresh UUID.
 */
import fc from 'fast-check';

/**
 * Ids that exist nowhere or are not UUIDs: fresh UUIDs; digits; words of letters, digits, `_` and `-`;
 * UUIDs cut by one character, lengthened by one, or without their dashes; any short string. Escaped for a
 * path segment (never empty, `.` or `..`, which would name another route).
 */
export function foreignIds(): fc.Arbitrary<string> {
  return fc
    .oneof(
      fc.uuid(),
      fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }).map(String),
      fc.stringMatching(/^[a-z0-9_-]{1,40}$/),
      fc.uuid().map((id) => id.slice(0, 35)),
      fc.uuid().map((id) => `${id}0`),
      fc.uuid().map((id) => id.replaceAll('-', '')),
      fc.string({ minLength: 1, maxLength: 24 }),
    )
    .filter((id) => id.trim() !== '' && id !== '.' && id !== '..')
    .map((id) => encodeURIComponent(id));
}
