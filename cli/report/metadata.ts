/** What a report records so that it can be trusted later and compared with others. */
import { createHash } from 'node:crypto';
import type { Evidence } from '../../helpers/http/evidence.ts';
import type { Depth } from '../../helpers/inputs/profile.ts';
import { RULES, type Rule } from '../../rules/catalogue.ts';

/** The selection of a run, as given on the command line. */
export interface RunSelection {
  /** `--rule` (or the rules `--rerun-failed` chose) and `--area`; empty: no filter. */
  readonly rules: readonly string[];
  readonly areas: readonly string[];
  readonly shards?: readonly string[];
  readonly rerunOf?: string;
}

/** The metadata of a report (`conformance.json` → `metadata`). */
export interface RunMetadata {
  /** `--label` / `CONFORMANCE_LABEL`; default the base URL, or `embedded reference`. */
  readonly label: string;
  readonly catalogueHash: string;
  /** The seed of the generated inputs; null in a merged report of shards with different seeds. */
  readonly seed: number | null;
  readonly depth: Depth;
  readonly selection: RunSelection;
  /** The target's `Server` header. */
  readonly server?: string;
}

/** A stable fingerprint of the rule catalogue: the SHA-256 of every rule's `[id, level, title]`, sorted by ID. */
export function catalogueHash(rules: readonly Pick<Rule, 'id' | 'level' | 'title'>[] = RULES): string {
  const rows = rules
    .map((r) => [r.id, r.level, r.title])
    .sort((a, b) => ((a[0] as string) < (b[0] as string) ? -1 : 1));
  return `sha256:${createHash('sha256').update(JSON.stringify(rows)).digest('hex')}`;
}

export function defaultLabel(given: string | undefined, target: string, embedded: boolean): string {
  return given?.trim() || (embedded ? 'embedded reference' : target);
}

/** The first `Server` header among the responses of a run. */
export function serverHeader(exchanges: Iterable<Evidence>): string | undefined {
  for (const exchange of exchanges) {
    const headers = Object.entries(exchange.response?.headers ?? {});
    const server = headers.find(([name, value]) => name.toLowerCase() === 'server' && value.trim());
    if (server) return server[1].trim();
  }
  return undefined;
}

/** The selection in words: `every rule`, or the filters, shards and the report a rerun came from. */
function selectionText(selection: RunSelection): string {
  const parts = [
    ...selection.areas.map((a) => `--area ${a}`),
    ...(selection.rerunOf ? [] : selection.rules.map((r) => `--rule ${r}`)),
    ...(selection.rerunOf ? [`--rerun-failed ${selection.rerunOf} (${selection.rules.length} rule(s))`] : []),
    ...(selection.shards?.length ? [`shard ${selection.shards.join(', ')}`] : []),
  ];
  return parts.length > 0 ? parts.join(' ') : 'every rule';
}

/** The metadata as labelled fields (none for reports written before metadata existed). */
export function metadataFields(metadata: RunMetadata | undefined): [string, string][] {
  if (!metadata) return [];
  return [
    ['Label', metadata.label],
    ['Selection', selectionText(metadata.selection)],
    ['Depth', metadata.depth],
    ['Seed', metadata.seed === null ? 'none' : String(metadata.seed)],
    ['Rule catalogue', metadata.catalogueHash],
    ...(metadata.server ? ([['Server', metadata.server]] as [string, string][]) : []),
  ];
}
