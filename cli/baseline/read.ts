import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import formatsPlugin from 'ajv-formats';
import { readJsonFile } from '../../helpers/config/config.ts';
import { ConfigError } from '../../helpers/config/errors.ts';
import { PACKAGE_ROOT } from '../../helpers/package.ts';
import { isRuleId, type RuleId } from '../../rules/catalogue.ts';

/** A baseline of expected failures (`schemas/cli/baseline.schema.json`), and what it makes of each rule. */
export const BASELINE_SCHEMA_FILE: string = join(PACKAGE_ROOT, 'schemas/cli/baseline.schema.json');

const SETTING = 'CONFORMANCE_BASELINE';

let compiled: { file: ValidateFunction; known: ValidateFunction; unsupported: ValidateFunction } | undefined;

function validators() {
  if (compiled) return compiled;
  const schema = JSON.parse(readFileSync(BASELINE_SCHEMA_FILE, 'utf8')) as { $id: string };
  const ajv = new Ajv2020({ strict: true, allErrors: false });
  formatsPlugin.default(ajv, ['date']);
  ajv.addSchema(schema);
  const get = (ref: string) => ajv.getSchema(`${schema.$id}${ref}`) as ValidateFunction;
  compiled = { file: get(''), known: get('#/$defs/knownFailure'), unsupported: get('#/$defs/unsupported') };
  return compiled;
}

/** Reads and checks a baseline file; throws a {@link ConfigError} naming the file, the entry and the problem. */
export function readBaseline(file: string): Baseline {
  const read = readJsonFile(file);
  if ('problem' in read) throw new ConfigError(SETTING, `${file}: ${read.problem}`);
  return parseBaseline(read.value, file);
}

/** Checks a parsed baseline: valid against its schema, every rule in the catalogue, none listed twice. */
export function parseBaseline(document: unknown, file: string): Baseline {
  const v = validators();
  const entries = (document as { entries?: unknown } | null)?.entries;
  for (const [index, entry] of (Array.isArray(entries) ? entries : []).entries()) {
    const unsupported = typeof entry === 'object' && entry !== null && 'unsupported' in entry;
    const check = unsupported ? v.unsupported : v.known;
    if (!check(entry)) {
      const shape = unsupported ? '{ rule, unsupported }' : '{ rule, reason, until? }';
      throw new ConfigError(
        SETTING,
        `${file}: entries[${index}] ${describe(check.errors)} (an entry is ${shape})`,
      );
    }
  }
  if (!v.file(document)) throw new ConfigError(SETTING, `${file}: ${describe(v.file.errors)}`);
  const baseline = document as { description?: string; entries: BaselineEntry[] };
  const seen = new Set<string>();
  baseline.entries.forEach((entry, index) => {
    if (!isRuleId(entry.rule)) {
      throw new ConfigError(
        SETTING,
        `${file}: entries[${index}] names rule "${entry.rule}", which is not in the rule catalogue (see the rule table in docs/reference-server.md)`,
      );
    }
    if (seen.has(entry.rule)) throw new ConfigError(SETTING, `${file}: rule ${entry.rule} is listed twice`);
    seen.add(entry.rule);
  });
  return {
    file,
    ...(baseline.description !== undefined ? { description: baseline.description } : {}),
    entries: baseline.entries,
  };
}

/** The first schema error, readable. */
function describe(errors: readonly ErrorObject[] | null | undefined): string {
  const error = errors?.[0];
  if (!error) return 'is not a baseline';
  const where = error.instancePath ? `${error.instancePath.slice(1).replace(/\//g, '.')} ` : '';
  if (error.keyword === 'additionalProperties')
    return `${where}has an unknown field "${(error.params as { additionalProperty: string }).additionalProperty}"`;
  if (error.keyword === 'format') return `${where}must be an ISO date (YYYY-MM-DD)`;
  return `${where}${error.message ?? 'is not valid'}`;
}

/** Whether an entry no longer counts on `today` (`YYYY-MM-DD`): it counts through its `until` day. */
export function isExpired(entry: BaselineEntry, today: string): boolean {
  return 'until' in entry && entry.until !== undefined && entry.until < today;
}

/** A rule the target is known to fail; past `until` (the last day it counts) it no longer counts. */
interface KnownFailureEntry {
  readonly rule: RuleId;
  readonly reason: string;
  readonly until?: string;
}

/** A capability the target does not offer (e.g. no `card_payment_intents` gateway). */
interface UnsupportedEntry {
  readonly rule: RuleId;
  readonly unsupported: string;
}

export type BaselineEntry = KnownFailureEntry | UnsupportedEntry;

/** A baseline file, read and checked against the schema and the rule catalogue. */
export interface Baseline {
  readonly file: string;
  readonly description?: string;
  readonly entries: readonly BaselineEntry[];
}

export function isUnsupported(entry: BaselineEntry): entry is UnsupportedEntry {
  return 'unsupported' in entry;
}

/** What the baseline makes of a listed rule (`stale`: it now passes; `expired`: past its `until`). */
export type BaselineMark = 'known' | 'stale' | 'unsupported' | 'expired';

/** How the baseline was applied to a run (in the report): the rules of each mark; `new`: failures not in it. */
export interface BaselineSummary extends Readonly<Record<BaselineMark | 'new', readonly RuleId[]>> {
  readonly file: string;
  readonly entries: number;
}
