/**
 * What a report records so that it can be trusted later, and compared with others: which suite and which rule
 * catalogue judged the target, with which inputs (seed, depth profile), on which selection, under which label,
 * and what the target said it was (its `Server` header).
 */
import { createHash } from 'node:crypto';
import type { Evidence } from '../../helpers/http/evidence.ts';
import type { Depth } from '../../helpers/inputs/profile.ts';
import { RULES } from '../../rules/catalogue.ts';

/** The selection of a run, as given on the command line. */
export interface RunSelection {
  /** `--rule` (or the rules `--rerun-failed` chose); empty: no rule filter. */
  readonly rules: readonly string[];
  /** `--area`; empty: no area filter. */
  readonly areas: readonly string[];
  /** `--shard i/n` of the run; for a merged report, the shards merged. */
  readonly shards?: readonly string[];
  /** `--rerun-failed`: the report whose failed and not evaluated rules were chosen. */
  readonly rerunOf?: string;
}

/** The metadata of a report (`conformance.json` → `metadata`). */
export interface RunMetadata {
  /** `--label` / `CONFORMANCE_LABEL`; default the base URL, or `embedded reference`. */
  readonly label: string;
  /** {@link catalogueHash}: which rule catalogue judged the run. */
  readonly catalogueHash: string;
  /** The seed of the generated inputs (`--seed`); null in a merged report of shards with different seeds. */
  readonly seed: number | null;
  readonly depth: Depth;
  readonly selection: RunSelection;
  /** The target's own `Server` response header, when it sends one. */
  readonly server?: string;
}

/** The label of the embedded reference server's runs. */
export const EMBEDDED_LABEL = 'embedded reference';

/**
 * A stable fingerprint of the rule catalogue: `sha256:` and the hex SHA-256 of the JSON of every rule's
 * `[id, level, title]`, sorted by ID. Two reports with the same hash were judged by the same rules, whatever
 * the suite version; a changed rule text, level, a new or removed rule changes it.
 */
export function catalogueHash(
  rules: readonly { readonly id: string; readonly level: string; readonly title: string }[] = RULES,
): string {
  const rows = rules
    .map((r) => [r.id, r.level, r.title])
    .sort((a, b) => ((a[0] as string) < (b[0] as string) ? -1 : 1));
  return `sha256:${createHash('sha256').update(JSON.stringify(rows)).digest('hex')}`;
}

/** The label of a run: the one given, else `embedded reference` or the base URL. */
export function defaultLabel(given: string | undefined, target: string, embedded: boolean): string {
  const label = given?.trim();
  if (label) return label;
  return embedded ? EMBEDDED_LABEL : target;
}

/** The first `Server` header among the responses of a run, if the target sends one. */
export function serverHeader(exchanges: Iterable<Evidence>): string | undefined {
  for (const exchange of exchanges) {
    const headers = exchange.response?.headers ?? {};
    for (const [name, value] of Object.entries(headers)) {
      if (name.toLowerCase() === 'server' && value.trim()) return value.trim();
    }
  }
  return undefined;
}
