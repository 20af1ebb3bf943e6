import { type Grade, gradeOf, type Score, scoreText } from './score.ts';

/** A shields.io endpoint file (https://shields.io/badges/endpoint-badge). */
export interface EndpointBadge {
  readonly schemaVersion: 1;
  readonly label: string;
  readonly message: string;
  readonly color: string;
}

const COLORS: Readonly<Record<Grade, string>> = {
  all: 'brightgreen',
  must: 'yellowgreen',
  incomplete: 'lightgrey',
  failing: 'red',
};

/** The badge of an implementation: `MUST 42/42 · SHOULD 10/12`, coloured by its grade. */
export function badgeOf(score: Score): EndpointBadge {
  const label = 'Commerce API conformance';
  return { schemaVersion: 1, label, message: scoreText(score), color: COLORS[gradeOf(score)] };
}

/** A label as a unique file name (`taken`: the slugs given so far; a repeated one gets `-2`, `-3`…). */
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
