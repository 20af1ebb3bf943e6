/**
 * The CI workflow examples of .github/workflows: each is valid YAML of the shape GitHub Actions runs, every
 * command line of the suite in them is one the suite understands, and each uses what it is an example of
 * (the nightly keeps its history and posts the diff, the matrix runs several targets then `matrix`, the
 * sharded one merges).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type Command, parseCommand } from '../cli/args.ts';

const DIR = fileURLToPath(new URL('../.github/workflows/', import.meta.url));

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

/** Parses a command line of the examples. */
function parseExample(argv: string[]): Command {
  return parseCommand(argv);
}

function steps(workflow: Workflow): Step[] {
  return Object.values(workflow.jobs).flatMap((job) => [...job.steps]);
}

function commands(workflow: Workflow): Command[] {
  return steps(workflow).flatMap((step) => conformanceCommands(step.run ?? '').map(parseExample));
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
      const found = steps(workflow).flatMap((s) => conformanceCommands(s.run ?? ''));
      expect(found.length, 'a suite command line').toBeGreaterThan(0);
      for (const argv of found) expect(() => parseExample(argv), argv.join(' ')).not.toThrow();
    });
  }

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
    const runAt = all.findIndex((s) => s.run?.includes('npm run conformance -- --strict'));
    expect(restoreAt).toBeLessThan(copyAt);
    expect(copyAt).toBeLessThan(runAt);
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
    const run = target.steps.find((s) => s.run?.includes('npm run conformance --'));
    expect(run?.run).toContain('--label "$LABEL"');
    // A GitHub Actions expression, not a template string.
    expect(run?.env?.LABEL).toBe(['${{', 'matrix.label', '}}'].join(' '));
    expect(run?.env?.CONFORMANCE_TOKEN).toContain('secrets[matrix.token_secret]');
    expect(target.steps.some((s) => s.uses?.startsWith('actions/upload-artifact@'))).toBe(true);
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
    expect(commands(load('conformance-sharded.yml')).map((c) => c.kind)).toEqual(['run', 'merge']);
  });
});
