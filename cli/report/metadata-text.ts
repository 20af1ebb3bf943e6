import type { RunMetadata, RunSelection } from './metadata.ts';

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
