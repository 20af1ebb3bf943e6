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

/** The flags of a run that other commands do not take (`strict` first: traffic and proxy take it). */
const RUN_FLAGS = ['strict', 'rule', 'area', 'shard', 'strict-baseline', 'rerun-failed'] as const;
const BOOLEAN_SETTINGS: readonly SettingName[] = ['CONFORMANCE_READ_ONLY'];
const SECRET_SETTINGS: readonly SettingName[] = ['CONFORMANCE_TOKEN', 'CONFORMANCE_CLIENT_SECRET'];
const PROXY_FLAGS = ['target', 'host', 'port', 'report-every'] as const;

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
  ...Object.fromEntries(PROXY_FLAGS.map((flag) => [flag, { type: 'string' as const }])),
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

/** A usage error that points at `--help`. */
function usage(message: string): never {
  throw new UsageError(`${message} (see --help)`);
}

/**
 * Parses the command line (see `--help`). Throws {@link UsageError} for an unknown flag, a missing value, an
 * unknown area, or a malformed `--shard`; setting values are checked by configuration.
 */
export function parseCommand(argv: readonly string[]): Command {
  if (argv[0] === 'reference') return { kind: 'reference', args: argv.slice(1) };
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).split('. ')[0] as string;
    usage(createRedactor(secretValues(argv)).text(message));
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  const settings: Flags = {};
  for (const { name } of SETTINGS) {
    const value = (values as Record<string, string | boolean | undefined>)[flagOf(name)];
    if (value !== undefined) settings[name] = value === true ? '1' : String(value);
  }
  const strict = values.strict ?? false;
  const strictBaseline = values['strict-baseline'] ? { strictBaseline: true } : {};
  const given = (flags: readonly string[]) =>
    flags.find((flag) => (values as Record<string, unknown>)[flag] !== undefined);
  const [command, ...rest] = positionals;
  if (command === 'baseline') {
    // `baseline write --report-dir <dir> --baseline <file>`: both settings are needed (flags or environment).
    if (rest[0] !== 'write' || rest.length > 1 || given(RUN_FLAGS))
      usage('baseline: the command is "baseline write --report-dir <dir> --baseline <file>"');
    return { kind: 'baseline-write', settings };
  }
  if (command === 'traffic' || command === 'proxy') {
    const flag = given([...RUN_FLAGS.slice(1), ...(command === 'traffic' ? PROXY_FLAGS : [])]);
    if (flag) usage(`${command} does not take --${flag}`);
    if (command === 'proxy') return proxyCommand(rest, values, settings, strict);
    if (rest.length === 0) usage('traffic: give the HAR files to judge');
    return { kind: 'traffic', files: rest, settings, strict };
  }
  const misplaced = given(PROXY_FLAGS);
  if (misplaced) usage(`--${misplaced} is a flag of the proxy command`);
  if (values['rerun-failed'] !== undefined && (positionals.length > 0 || values.rule || values.area))
    usage('--rerun-failed chooses the rules itself: give it without --rule, --area or a command');
  if (command === 'merge') {
    if (rest.length === 0) usage('merge: give the report directories of the shards');
    if (values.rule || values.area || values.shard)
      usage('merge: --rule, --area and --shard apply to a run, not to merge');
    return { kind: 'merge', dirs: rest, settings, strict, ...strictBaseline };
  }
  if (command === 'diff' || command === 'matrix') {
    if (given(RUN_FLAGS) || Object.keys(settings).some((name) => name !== 'CONFORMANCE_REPORT_DIR'))
      usage(`${command} takes no flag but --report-dir`);
    const out = settings.CONFORMANCE_REPORT_DIR ? { out: settings.CONFORMANCE_REPORT_DIR } : {};
    if (command === 'matrix' && rest.length === 0) usage('matrix: give the report directories');
    if (command === 'matrix') return { kind: command, dirs: rest, ...out };
    const [a, b] = rest;
    if (a === undefined || b === undefined || rest.length > 2)
      usage('diff: give two reports, A and B: report directories or conformance.json files');
    return { kind: command, a, b, ...out };
  }
  if (command === 'cleanup') {
    if (rest.length > 0 || given(RUN_FLAGS)) usage('cleanup takes only settings flags, e.g. --report-dir');
    return { kind: 'cleanup', settings };
  }
  if (command !== undefined)
    usage(
      `unexpected argument "${command}": the commands are "merge", "diff", "matrix", "traffic", "proxy", "cleanup", "baseline write" and "reference"`,
    );
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

/** `proxy --target URL [--host H] [--port N] [--report-every S]`: loopback and a free port by default. */
function proxyCommand(
  rest: readonly string[],
  values: { readonly [key: string]: unknown },
  settings: Flags,
  strict: boolean,
): Command {
  if (rest.length > 0) usage(`proxy: unexpected argument "${rest[0]}"`);
  const target = values.target as string | undefined;
  if (!target) usage('proxy: give the API to forward to with --target URL');
  const port = Number(values.port ?? '0');
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new UsageError(`--port: expected a port number (0 picks a free one), got "${String(values.port)}"`);
  const every = values['report-every'] === undefined ? undefined : Number(values['report-every']);
  if (every !== undefined && !(every > 0))
    throw new UsageError(`--report-every: expected seconds above 0, got "${String(values['report-every'])}"`);
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
  const [index = 0, count = 0] = (/^(\d+)\/(\d+)$/.exec(value.trim()) ?? []).slice(1).map(Number);
  return index >= 1 && index <= count ? `${index}/${count}` : undefined;
}

/** The values of the secret flags, to keep them out of parse error messages. */
function secretValues(argv: readonly string[]): string[] {
  const flags = SECRET_SETTINGS.map((s) => `--${flagOf(s)}`);
  return argv.flatMap((arg, i) => {
    const flag = flags.find((f) => arg === f || arg.startsWith(`${f}=`));
    return flag === undefined ? [] : arg === flag ? argv.slice(i + 1, i + 2) : [arg.slice(flag.length + 1)];
  });
}
