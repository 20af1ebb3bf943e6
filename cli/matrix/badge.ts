import { type Grade, gradeOf, type Score, scoreText } from './score.ts';

/** A shields.io endpoint file (https://shields.io/badges/endpoint-badge). */
export interface EndpointBadge {
  readonly schemaVersion: 1;
  readonly label: string;
  readonly message: string;
  readonly color: string;
}

/** The left-hand text of every badge. */
export const BADGE_LABEL = 'Commerce API conformance';

const COLORS: Readonly<Record<Grade, string>> = {
  all: 'brightgreen',
  must: 'yellowgreen',
  incomplete: 'lightgrey',
  failing: 'red',
};

/**
 * The badge of an implementation: `MUST 42/42 · SHOULD 10/12`, bright green when every MUST and SHOULD
 * rule passed, yellow-green when every MUST rule did, red when a MUST rule failed, grey when MUST rules were
 * left unevaluated.
 */
export function badgeOf(score: Score): EndpointBadge {
  return { schemaVersion: 1, label: BADGE_LABEL, message: scoreText(score), color: COLORS[gradeOf(score)] };
}

/**
 * A label as a file name: lower case, runs of anything but letters and digits as one `-`, at most 60
 * characters; `implementation` when nothing is left. `taken` holds the slugs given so far: a repeated slug
 * gets `-2`, `-3`…
 */
export function slugify(label: string, taken: Set<string>): string {
  const base =
    label
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'implementation';
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}
