import { type ParseArgsConfig, parseArgs } from 'node:util';
import { AREAS, isArea, type RuleArea } from '../helpers/catalogue/rule.ts';
import { SETTINGS, type SettingName } from '../helpers/config/settings.ts';
import { createRedactor } from '../helpers/http/redact.ts';
import type { Selection } from './selection.ts';

/** A command line that cannot be understood: one message, exit code 2. Never holds a secret's value. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Where the command line writes (a command's results on `out`, notes and errors on `err`). */
export interface Output {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

/** Settings given as flags, by setting name (they win over the environment). */
export type Flags = Partial<Record<SettingName, string>>;

/** What every command that judges takes. */
interface Judging {
  readonly settings: Flags;
  readonly strict: boolean;
}

export type Command =
  | { readonly kind: 'help' }
  | (Judging & {
      readonly kind: 'run';
      readonly selection: Selection;
      readonly shard?: string;
      readonly strictBaseline?: boolean;
      readonly rerunFailed?: string;
    })
  /** `reference [args]`: the embedded reference server; `args` are its own (see reference/serve.ts). */
  | { readonly kind: 'reference'; readonly args: readonly string[] }
  | { readonly kind: 'cleanup'; readonly settings: Flags }
  | (Judging & {
      readonly kind: 'merge';
      readonly dirs: readonly string[];
      readonly strictBaseline?: boolean;
    })
  | { readonly kind: 'baseline-write'; readonly settings: Flags }
  | { readonly kind: 'diff'; readonly a: string; readonly b: string; readonly out?: string }
  | { readonly kind: 'matrix'; readonly dirs: readonly string[]; readonly out?: string }
  | (Judging & { readonly kind: 'traffic'; readonly files: readonly string[] })
  | (Judging & {
      readonly kind: 'proxy';
      readonly target: string;
      readonly host: string;
      readonly port: number;
      /** Seconds between reports written while serving; absent: only at the end. */
      readonly reportEvery?: number;
    });

export type CommandOf<K extends Command['kind']> = Omit<Extract<Command, { kind: K }>, 'kind'>;

/** `CONFORMANCE_BASE_URL` → `base-url`: every setting has a flag. */
export function flagOf(setting: SettingName): string {
  return setting
    .replace(/^CONFORMANCE_/, '')
    .toLowerCase()
    .replace(/_/g, '-');
}

/** The flags of a run that other commands do not take. */
const RUN_FLAGS = ['rule', 'area', 'shard', 'strict', 'strict-baseline', 'rerun-failed'] as const;
const BOOLEAN_SETTINGS: readonly SettingName[] = ['CONFORMANCE_READ_ONLY'];
const SECRET_SETTINGS: readonly SettingName[] = ['CONFORMANCE_TOKEN', 'CONFORMANCE_CLIENT_SECRET'];

const OPTIONS = {
  ...Object.fromEntries(
    SETTINGS.map((s) => [flagOf(s.name), { type: BOOLEAN_SETTINGS.includes(s.name) ? 'boolean' : 'string' }]),
  ),
  strict: { type: 'boolean' },
  rule: { type: 'string', multiple: true },
  area: { type: 'string', multiple: true },
  shard: { type: 'string' },
  'strict-baseline': { type: 'boolean' },
  'rerun-failed': { type: 'string' },
  target: { type: 'string' },
  host: { type: 'string' },
  port: { type: 'string' },
  'report-every': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

/**
 * Parses the command line (see `--help`). Throws {@link UsageError} for an unknown flag, a missing value, an
 * unknown area, or a malformed `--shard`; setting values are checked by configuration.
 */
export function parseCommand(argv: readonly string[]): Command {
  if (argv[0] === 'reference') return { kind: 'reference', args: argv.slice(1) };
  const secrets = secretValues(argv);
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(`${createRedactor(secrets).text(message.split('. ')[0] ?? message)} (see --help)`);
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  const settings: Flags = {};
  for (const s of SETTINGS) {
    const value = (values as Record<string, string | boolean | undefined>)[flagOf(s.name)];
    if (typeof value === 'string') settings[s.name] = value;
    else if (value === true) settings[s.name] = '1';
  }
  const strict = values.strict ?? false;
  const strictBaseline = values['strict-baseline'] ? { strictBaseline: true } : {};
  if (positionals[0] === 'baseline') {
    // `baseline write --report-dir <dir> --baseline <file>`: both settings are needed (flags or environment).
    if (
      positionals[1] !== 'write' ||
      positionals.length > 2 ||
      RUN_FLAGS.some((flag) => values[flag] !== undefined)
    ) {
      throw new UsageError(
        'baseline: the command is "baseline write --report-dir <dir> --baseline <file>" (see --help)',
      );
    }
    return { kind: 'baseline-write', settings };
  }
  const proxyFlags = ['target', 'host', 'port', 'report-every'] as const;
  if (positionals[0] === 'traffic' || positionals[0] === 'proxy') {
    const runFlags = RUN_FLAGS.filter((flag) => flag !== 'strict');
    const given = [...runFlags, ...(positionals[0] === 'traffic' ? proxyFlags : [])].find(
      (flag) => values[flag] !== undefined,
    );
    if (given) throw new UsageError(`${positionals[0]} does not take --${given} (see --help)`);
    if (positionals[0] === 'traffic') {
      const files = positionals.slice(1);
      if (files.length === 0) throw new UsageError('traffic: give the HAR files to judge (see --help)');
      return { kind: 'traffic', files, settings, strict };
    }
    return proxyCommand(positionals.slice(1), values, settings, strict);
  }
  const misplaced = proxyFlags.find((flag) => values[flag] !== undefined);
  if (misplaced) throw new UsageError(`--${misplaced} is a flag of the proxy command (see --help)`);
  if (values['rerun-failed'] !== undefined && (positionals.length > 0 || values.rule || values.area)) {
    throw new UsageError(
      '--rerun-failed chooses the rules itself: give it without --rule, --area or a command (see --help)',
    );
  }
  if (positionals[0] === 'merge') {
    const dirs = positionals.slice(1);
    if (dirs.length === 0)
      throw new UsageError('merge: give the report directories of the shards (see --help)');
    if (values.rule || values.area || values.shard) {
      throw new UsageError('merge: --rule, --area and --shard apply to a run, not to merge (see --help)');
    }
    return { kind: 'merge', dirs, settings, strict, ...strictBaseline };
  }
  if (positionals[0] === 'diff' || positionals[0] === 'matrix') {
    return reportTool(positionals[0], positionals.slice(1), settings, values);
  }
  if (positionals[0] === 'cleanup') {
    // (--rerun-failed with a command was refused above.)
    if (positionals.length > 1 || RUN_FLAGS.some((flag) => values[flag])) {
      throw new UsageError('cleanup takes only settings flags, e.g. --report-dir (see --help)');
    }
    return { kind: 'cleanup', settings };
  }
  if (positionals.length > 0) {
    throw new UsageError(
      `unexpected argument "${positionals[0]}": the commands are "merge", "diff", "matrix", "traffic", "proxy", "cleanup", "baseline write" and "reference" (see --help)`,
    );
  }
  const areas = (values.area ?? []).map((value): RuleArea => {
    const name = value.trim().toLowerCase();
    if (!isArea(name)) throw new UsageError(`--area: "${value}" is not an area; areas: ${AREAS.join(', ')}`);
    return name;
  });
  const shard = values.shard === undefined ? undefined : validShard(values.shard);
  if (values.shard !== undefined && !shard)
    throw new UsageError(`--shard: expected i/n with 1 <= i <= n (e.g. 1/3), got "${values.shard}"`);
  return {
    kind: 'run',
    settings,
    strict,
    // Rule IDs in upper case: the engine refuses one the catalogue does not hold.
    selection: { rules: (values.rule ?? []).map((id) => id.trim().toUpperCase()), areas },
    ...(shard ? { shard } : {}),
    ...strictBaseline,
    ...(values['rerun-failed'] !== undefined ? { rerunFailed: values['rerun-failed'] } : {}),
  };
}

/** `diff A B` and `matrix DIR...`: report paths, and no flag but `--report-dir`. */
function reportTool(
  kind: 'diff' | 'matrix',
  paths: readonly string[],
  settings: Flags,
  values: { readonly [key: string]: unknown },
): Command {
  const others = Object.keys(settings).filter((name) => name !== 'CONFORMANCE_REPORT_DIR');
  if (others.length > 0 || RUN_FLAGS.some((flag) => values[flag] !== undefined)) {
    throw new UsageError(`${kind} takes no flag but --report-dir (see --help)`);
  }
  const out = settings.CONFORMANCE_REPORT_DIR;
  if (kind === 'matrix') {
    if (paths.length === 0) throw new UsageError('matrix: give the report directories (see --help)');
    return { kind, dirs: paths, ...(out ? { out } : {}) };
  }
  const [a, b] = paths;
  if (a === undefined || b === undefined || paths.length > 2) {
    throw new UsageError(
      'diff: give two reports, A and B: report directories or conformance.json files (see --help)',
    );
  }
  return { kind, a, b, ...(out ? { out } : {}) };
}

/** `proxy --target URL [--host H] [--port N] [--report-every S]`: loopback and a free port by default. */
function proxyCommand(
  rest: readonly string[],
  values: { readonly [key: string]: unknown },
  settings: Flags,
  strict: boolean,
): Command {
  if (rest.length > 0) throw new UsageError(`proxy: unexpected argument "${rest[0]}" (see --help)`);
  const target = values.target as string | undefined;
  if (!target) throw new UsageError('proxy: give the API to forward to with --target URL (see --help)');
  const port = Number(values.port ?? '0');
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new UsageError(`--port: expected a port number (0 picks a free one), got "${String(values.port)}"`);
  }
  const every = values['report-every'] === undefined ? undefined : Number(values['report-every']);
  if (every !== undefined && !(every > 0)) {
    throw new UsageError(`--report-every: expected seconds above 0, got "${String(values['report-every'])}"`);
  }
  return {
    kind: 'proxy',
    target,
    host: (values.host as string | undefined) ?? '127.0.0.1',
    port,
    ...(every !== undefined ? { reportEvery: every } : {}),
    settings,
    strict,
  };
}

/** `i/n` with 1 <= i <= n, normalised; undefined when malformed. */
export function validShard(value: string): string | undefined {
  const match = /^(\d+)\/(\d+)$/.exec(value.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  return match && index >= 1 && count >= 1 && index <= count ? `${index}/${count}` : undefined;
}

/** The values of the secret flags, to keep them out of parse error messages. */
function secretValues(argv: readonly string[]): string[] {
  const flags = SECRET_SETTINGS.map((s) => `--${flagOf(s)}`);
  return argv.flatMap((arg, i) =>
    flags.flatMap((flag) =>
      arg.startsWith(`${flag}=`)
        ? [arg.slice(flag.length + 1)]
        : arg === flag
          ? argv.slice(i + 1, i + 2)
          : [],
    ),
  );
}
