import { isAbsolute, join, relative, resolve } from 'node:path';
import type { Outcome } from '../helpers/check/outcome.ts';
import type { Environment } from '../helpers/config/config.ts';
import { ConfigError } from '../helpers/config/errors.ts';
import type { SettingName } from '../helpers/config/settings.ts';
import type { DepthSettings } from '../helpers/inputs/profile.ts';
import { serveReference } from '../reference/serve.ts';
import type { RuleId } from '../rules/catalogue.ts';
import { type Command, type CommandOf, type Flags, flagOf, type Output } from './args.ts';
import { readBaseline } from './baseline/read.ts';
import { runBaselineWrite } from './baseline/write-command.ts';
import { runCleanup } from './cleanup.ts';
import { runDiff } from './diff/command.ts';
import { loadHistorySize } from './history/history.ts';
import { runMatrix } from './matrix/command.ts';
import { MergeError, mergeReports } from './merge.ts';
import { type CheckStatus, type ConformanceReport, RULE_STATUSES } from './report/model.ts';
import { REPORT_FILES, ReportFileError, readReport, readReportsFor, writeReports } from './report/write.ts';
import { outcomeOf, type RunOutcome, runConformance } from './run.ts';
import { runTraffic } from './traffic/command.ts';

import { runProxy } from './traffic/proxy.ts';
import { verdictLines } from './verdict/text.ts';

/** Runs a parsed command, printing progress, the table by area and where the reports are; returns the exit code. */
export async function runCommand(
  command: Exclude<Command, { kind: 'help' }>,
  env: Environment,
  io: Output,
  signal?: AbortSignal,
): Promise<0 | 1 | 2> {
  if (command.kind === 'reference') return serveReference({ argv: command.args, env, ...io, signal });
  if (command.kind === 'diff') return runDiff(command, io);
  if (command.kind === 'matrix') return runMatrix(command, io);
  const merged: Environment = { ...env, ...command.settings };
  const flagged = { out: io.out, err: (text: string) => io.err(withFlag(text, command.settings)) };
  if (command.kind === 'cleanup') return runCleanup(merged, flagged);
  if (command.kind === 'baseline-write') return runBaselineWrite(merged, flagged);
  if (command.kind === 'merge') return merge(command, merged, io);
  if (command.kind === 'traffic')
    return report(await runTraffic({ ...command, env: merged, onJudged: io.out }), command.settings, io);
  if (command.kind === 'proxy')
    return report(await runProxy({ ...command, env: merged, ...io, signal }), command.settings, io);

  let selection = command.selection;
  let rerunOf: string | undefined;
  if (command.rerunFailed !== undefined) {
    const [read] = readReportsFor('--rerun-failed', [command.rerunFailed], io.err) ?? [];
    if (!read) return 2;
    const rules = rulesToRerun(read.report);
    if (rules.length === 0) {
      io.out(`Nothing to rerun: ${shortPath(read.file)} has no failed or not evaluated rule.`);
      return 0;
    }
    io.out(`Rerunning ${rules.length} rule(s) of ${shortPath(read.file)}: ${rules.join(', ')}`);
    selection = { rules, areas: [] };
    rerunOf = read.file;
  }
  const outcome = await runConformance({
    ...command,
    env: merged,
    selection,
    rerunOf,
    onCheck: (check) => io.out(progressLine(check)),
    onStart: (depth) => io.out(depthLine(depth)),
    signal,
  });
  return report(outcome, command.settings, io);
}

/** The end of a command that judged: its one message (exit code 2 without a report), or its report. */
function report(outcome: RunOutcome, settings: Flags, io: Output): 0 | 1 | 2 {
  const done = outcome.report;
  if (!done) {
    io.err(withFlag(outcome.message ?? 'The run failed.', settings));
    return 2;
  }
  for (const note of outcome.notes ?? []) io.err(note);
  // The end of the output: the table by area, engine errors, the report files, the verdict.
  io.out(`\n${areaTable(done)}\n`);
  if (done.exploration) io.out(explorationLine(done));
  for (const error of done.errors) io.err(`engine error: ${error}`);
  io.out(`Reports: ${(outcome.files ?? []).map(shortPath).join(', ')}`);
  for (const line of verdictLines(done)) io.out(line);
  return outcome.exitCode;
}

async function merge(command: CommandOf<'merge'>, env: Environment, io: Output): Promise<0 | 1 | 2> {
  try {
    const baselineFile = env.CONFORMANCE_BASELINE?.trim();
    const baseline = baselineFile ? readBaseline(baselineFile) : undefined;
    const reports = command.dirs.map((dir) => readReport(join(dir, REPORT_FILES.json)));
    const merged = mergeReports(reports, command.strict, {
      strictBaseline: !!command.strictBaseline,
      baseline,
      label: env.CONFORMANCE_LABEL?.trim() || undefined,
    });
    const out = resolve(env.CONFORMANCE_REPORT_DIR || 'reports');
    const secrets = [env.CONFORMANCE_TOKEN, env.CONFORMANCE_CLIENT_SECRET];
    return report(outcomeOf(writeReports(out, merged, secrets, loadHistorySize(env))), {}, io);
  } catch (error) {
    if (error instanceof ReportFileError || error instanceof MergeError || error instanceof ConfigError) {
      io.err(`merge: ${error.message}`);
      return 2;
    }
    throw error;
  }
}

/** A path relative to the working directory when it lies inside it. */
function shortPath(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file;
}

/** A configuration message about a setting given as a flag names the flag too. */
function withFlag(message: string, settings: Flags): string {
  for (const name of Object.keys(settings) as SettingName[])
    if (message.startsWith(`${name}: `)) return `--${flagOf(name)} (${name})${message.slice(name.length)}`;
  return message;
}

/** `--rerun-failed`: the rules of a report that failed, were not evaluated, or left the run incomplete. */
export function rulesToRerun(report: ConformanceReport): RuleId[] {
  const incomplete = new Set<string>(report.verdict.incomplete ?? []);
  return report.rules
    .filter(
      (r) => r.level !== 'INFO' && (r.status === 'failed' || r.status === 'error' || incomplete.has(r.id)),
    )
    .map((r) => r.id);
}

const SYMBOLS: Record<CheckStatus, string> = {
  passed: '✓',
  observed: '✓',
  failed: '×',
  skipped: '↓',
  error: '!',
};

/** Lines of a failure message shown while running (the reports hold all of it). */
const MESSAGE_LINES = 4;

/** The progress line of one finished check, with a skip's reason or the first lines of a failure. */
export function progressLine(check: Outcome): string {
  const line = `${SYMBOLS[check.status]} ${check.name}`;
  if (check.status === 'skipped') return `${line} (skipped: ${check.reason ?? ''})`;
  if ((check.status !== 'failed' && check.status !== 'error') || !check.message) return line;
  const lines = check.message.split('\n').filter((l) => l.trim() !== '');
  const shown = lines.slice(0, MESSAGE_LINES).map((l) => `    ${l.length > 300 ? `${l.slice(0, 300)}…` : l}`);
  const more = lines.length - MESSAGE_LINES;
  return [line, ...shown, ...(more > 0 ? [`    … (${more} more lines in the reports)`] : [])].join('\n');
}

/** The line printed before any check: the depth profile, the seed to replay with and, deep, the budget. */
export function depthLine({ depth, seed, requestBudget }: DepthSettings): string {
  const budget = depth === 'deep' ? `, request budget ${requestBudget}` : '';
  return `Depth ${depth}${budget}; seed ${seed} (replay with --seed ${seed})`;
}

/** The line printed after the table of a deep run: what the generated exploration spent. */
export function explorationLine(report: ConformanceReport): string {
  const spent = report.exploration;
  if (!spent) return '';
  return `Deep exploration: ${spent.requests} of ${spent.budget} budgeted requests sent (seed ${report.metadata.seed ?? 'unknown'}).`;
}

/** The end-of-run table: rules by area and status, with a total row. */
export function areaTable(report: ConformanceReport): string {
  const rows = [
    ['area', ...RULE_STATUSES],
    ...[...report.byArea, { area: 'all', ...report.summary }].map((row): string[] => [
      row.area,
      ...RULE_STATUSES.map((s) => String(row[s])),
    ]),
  ];
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  const format = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  const rule = widths.map((w) => '─'.repeat(w)).join('  ');
  const [header, ...body] = rows.map(format);
  return [header, rule, ...body.slice(0, -1), rule, body.at(-1)].join('\n');
}
