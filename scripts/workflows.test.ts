/**
 * The CI workflow examples of .github/workflows: each is valid YAML of the shape GitHub Actions runs, every
 * command line of the suite in them is one the suite understands (a `run:` script's, or the one the action of
 * action.yml makes of a `uses: ./` step's inputs, as action/run.sh does), and each uses what it is an example
 * of (the nightly keeps its history and posts the diff, the matrix runs several targets then `matrix`, the
 * sharded one merges).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type Command, parseCommand } from '../cli/args.ts';

const DIR = fileURLToPath(new URL('../.github/workflows/', import.meta.url));
const ACTION = parse(readFileSync(fileURLToPath(new URL('../action.yml', import.meta.url)), 'utf8')) as {
  inputs: Record<string, { default?: string }>;
};

interface Step {
  readonly name?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly with?: Record<string, unknown>;
  readonly env?: Record<string, unknown>;
  readonly if?: string;
}

interface Job {
  readonly 'runs-on': string;
  readonly needs?: string | string[];
  readonly strategy?: { readonly matrix?: Record<string, unknown> };
  readonly steps: readonly Step[];
}

interface Workflow {
  readonly name: string;
  readonly on: unknown;
  readonly jobs: Record<string, Job>;
}

function load(file: string): Workflow {
  return parse(readFileSync(join(DIR, file), 'utf8')) as Workflow;
}

/**
 * The suite's command lines in a step's script: the arguments after `npm run [--silent] conformance --`
 * (none without `--`). An expression `${{ … }}` stands for a value: `1` (e.g. a shard `1/3`).
 */
function conformanceCommands(script: string): string[][] {
  const commands: string[][] = [];
  for (const line of script.split('\n')) {
    const match = /npm run (?:--silent )?conformance(?: -- (.*))?$/.exec(line.trim());
    if (match) commands.push(shellWords((match[1] ?? '').replace(/\$\{\{[^}]*\}\}/g, '1')));
  }
  return commands;
}

/** Words of a simple shell command up to a redirection or an operator; `$X` and `${{ }}` stand for values. */
function shellWords(text: string): string[] {
  const words: string[] = [];
  for (const token of text.match(/"[^"]*"|'[^']*'|\S+/g) ?? []) {
    if (/^(>|>>|2>|2>&1|\||\|\||&&|;)$/.test(token)) break;
    words.push(token.replace(/^["']|["']$/g, ''));
  }
  return words;
}

/** `${{ inner }}`, a GitHub Actions expression (spelt so that it is not read as a template placeholder). */
function gh(inner: string): string {
  return ['$', '{{ ', inner, ' }}'].join('');
}

/**
 * The command line that the action (action.yml) runs for a `uses: ./` step, made of its inputs as
 * action/run.sh makes it: an expression stands for a value, `1`; none for another step.
 */
function actionCommand(step: Step): string[] | undefined {
  if (step.uses !== './') return undefined;
  const input = (name: string) =>
    String(step.with?.[name] ?? ACTION.inputs[name]?.default ?? '').replace(/\$\{\{[^}]*\}\}/g, '1');
  const argv = ['--report-dir', input('report-dir'), '--depth', input('depth')];
  for (const name of ['base-url', 'baseline', 'label']) if (input(name)) argv.push(`--${name}`, input(name));
  if (input('strict') === 'true') argv.push('--strict');
  return [...argv, ...input('args').split(/\s+/).filter(Boolean)];
}

/** Parses a command line of the examples. */
function parseExample(argv: string[]): Command {
  return parseCommand(argv);
}

function steps(workflow: Workflow): Step[] {
  return Object.values(workflow.jobs).flatMap((job) => [...job.steps]);
}

/** The suite's command lines of a step: its script's, or the action's. */
function stepCommands(step: Step): string[][] {
  const action = actionCommand(step);
  return action ? [action] : conformanceCommands(step.run ?? '');
}

function commands(workflow: Workflow): Command[] {
  return steps(workflow).flatMap((step) => stepCommands(step).map(parseExample));
}

/** The step that runs the action of this repository (`uses: ./`) in a job. */
function actionStep(job: Job): Step | undefined {
  return job.steps.find((s) => s.uses === './');
}

const FILES = readdirSync(DIR).filter((f) => f.endsWith('.yml'));

describe('workflow examples', () => {
  it('are the gate, the nightly, the sharded run and the matrix', () => {
    expect(FILES.sort()).toEqual([
      'conformance-gate.yml',
      'conformance-matrix.yml',
      'conformance-nightly.yml',
      'conformance-sharded.yml',
    ]);
  });

  for (const file of FILES) {
    it(`${file}: is a workflow whose suite command lines the command line understands`, () => {
      const workflow = load(file);
      expect(workflow.name).toEqual(expect.any(String));
      expect(workflow.on).toBeDefined();
      expect(Object.keys(workflow.jobs).length).toBeGreaterThan(0);
      for (const [id, job] of Object.entries(workflow.jobs)) {
        expect(job['runs-on'], id).toBe('ubuntu-latest');
        for (const step of job.steps) expect(step.uses ?? step.run, `${id}: ${step.name}`).toBeDefined();
        const needs = [job.needs ?? []].flat();
        for (const need of needs) expect(Object.keys(workflow.jobs), id).toContain(need);
      }
      const found = steps(workflow).flatMap(stepCommands);
      expect(found.length, 'a suite command line').toBeGreaterThan(0);
      for (const argv of found) expect(() => parseExample(argv), argv.join(' ')).not.toThrow();
    });
  }

  for (const file of FILES) {
    it(`${file}: runs the suite with the action of this repository, checked out first`, () => {
      const workflow = load(file);
      const jobs = Object.values(workflow.jobs).filter(actionStep);
      expect(jobs.length).toBeGreaterThan(0);
      for (const job of jobs) {
        const at = job.steps.indexOf(actionStep(job) as Step);
        expect(job.steps.findIndex((s) => s.uses?.startsWith('actions/checkout@'))).toBeLessThan(at);
        for (const name of Object.keys(job.steps[at]?.with ?? {}))
          expect(Object.keys(ACTION.inputs)).toContain(name);
      }
      // What users write instead of `./`.
      expect(readFileSync(join(DIR, file), 'utf8')).toContain(
        'uses: commerce-conformance/commerce-conformance@v1',
      );
    });
  }

  it('the gate runs against staging with the committed baseline and --strict-baseline', () => {
    const gate = load('conformance-gate.yml');
    const action = actionStep(gate.jobs.conformance as Job);
    expect(action?.with).toMatchObject({
      token: gh('secrets.STAGING_TOKEN'),
      baseline: 'conformance-baseline.json',
    });
    expect(commands(gate)).toEqual([
      expect.objectContaining({
        kind: 'run',
        strictBaseline: true,
        settings: expect.objectContaining({
          CONFORMANCE_BASELINE: 'conformance-baseline.json',
          CONFORMANCE_LABEL: 'staging',
        }),
      }),
    ]);
  });

  it('the nightly keeps history.json between nights and posts the diff against the previous night', () => {
    const nightly = load('conformance-nightly.yml');
    const all = steps(nightly);
    const cache = (action: string) => all.find((s) => s.uses?.startsWith(`actions/cache/${action}@`));
    for (const action of ['restore', 'save']) {
      expect(String(cache(action)?.with?.path), action).toContain('reports/history.json');
      expect(String(cache(action)?.with?.path), action).toContain('reports/conformance.json');
    }
    const restoreAt = all.indexOf(cache('restore') as Step);
    const copyAt = all.findIndex((s) => s.run?.includes('cp reports/conformance.json previous/'));
    const runAt = all.findIndex((s) => s.uses === './' && s.with?.strict === true);
    expect(restoreAt).toBeLessThan(copyAt);
    expect(copyAt).toBeLessThan(runAt);
    expect(all[runAt]?.with).toMatchObject({ 'report-dir': 'reports', 'retention-days': 30 });
    expect(commands(nightly)[0]).toMatchObject({
      kind: 'run',
      strict: true,
      settings: { CONFORMANCE_HISTORY_SIZE: '30', CONFORMANCE_REPORT_DIR: 'reports' },
    });
    // The action fails the job on a red run; what comes after it still runs.
    for (const after of all.slice(runAt + 1)) expect(after.if, after.name).toMatch(/^always\(\)/);
    const diff = commands(nightly).find((c) => c.kind === 'diff');
    expect(diff).toEqual({ kind: 'diff', a: 'previous', b: 'reports', out: 'reports' });
    expect(all.find((s) => s.run?.includes(' diff '))?.run).toContain(
      'cat reports/diff.md >> "$GITHUB_STEP_SUMMARY"',
    );
  });

  it('the matrix runs several labelled targets in a CI matrix, then builds the matrix and publishes it', () => {
    const workflow = load('conformance-matrix.yml');
    const target = workflow.jobs.target as Job;
    const include = target.strategy?.matrix?.include as { label: string; token_secret?: string }[];
    expect(include.length).toBeGreaterThanOrEqual(2);
    expect(new Set(include.map((i) => i.label)).size).toBe(include.length);
    const run = actionStep(target);
    expect(run?.with?.label).toBe(gh('matrix.label'));
    expect(run?.with?.token).toContain('secrets[matrix.token_secret]');
    // Failures are the matrix's content, not a failed job; the action uploads the reports the matrix reads.
    expect(run?.with?.['fail-on']).toBe('2');
    expect(run?.with?.['artifact-name']).toMatch(/^conformance-target-/);
    const matrix = workflow.jobs.matrix as Job;
    expect(matrix.needs).toBe('target');
    expect(matrix.steps.some((s) => s.uses?.startsWith('actions/download-artifact@'))).toBe(true);
    expect(commands({ ...workflow, jobs: { matrix } })).toEqual([
      { kind: 'matrix', dirs: ['targets/conformance-target-*'], out: 'matrix' },
    ]);
    const publish = matrix.steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(String(publish?.with?.path)).toContain('matrix/');
  });

  it('the sharded run merges its shards', () => {
    const workflow = load('conformance-sharded.yml');
    expect(commands(workflow).map((c) => c.kind)).toEqual(['run', 'merge']);
    expect(commands(workflow)[0]).toMatchObject({ kind: 'run', shard: expect.anything() });
    const shard = actionStep(workflow.jobs.shard as Job);
    // The merge judges: a shard fails its job only when it could not run (exit code 2 and no report).
    expect(shard?.with?.['fail-on']).toBe('');
    expect(shard?.with?.['artifact-name']).toMatch(/^conformance-shard-/);
    const download = (workflow.jobs.merge as Job).steps.find((s) =>
      s.uses?.startsWith('actions/download-artifact@'),
    );
    expect(download?.with?.pattern).toBe('conformance-shard-*');
  });
});
