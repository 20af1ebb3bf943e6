import fc from 'fast-check';

/** Ids (§2) that exist nowhere or are not UUIDs, escaped for a path segment (never `.` or `..`). */
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
