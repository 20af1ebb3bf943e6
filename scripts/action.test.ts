/**
 * The composite action (action.yml): its interface, the expressions it uses, and its steps run with bash the
 * way the GitHub runner runs them (test-support/action/runner.ts): against the embedded reference server
 * (exit code 0: the summary reaches the job summary, the verdict passes) and against a reference server with
 * planted faults, a token and a baseline (exit code 1: the verdict fails with the documented message). The
 * `uses:` steps (setup-node, upload-artifact) are checked by what they are given, not run. The install step
 * finds this checkout's dist/ (built by the unit project's global setup) and node_modules, and installs
 * nothing.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../reference/server.ts';
import {
  type ExpressionContext,
  evaluate,
  interpolate,
  stepRuns,
} from '../test-support/action/expressions.ts';
import { type ActionRun, loadAction, parseOutputFile, runAction } from '../test-support/action/runner.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const ACTION = loadAction(join(ROOT, 'action.yml'));
const STEPS = ACTION.runs.steps;

const WORKSPACES: string[] = [];
afterAll(() => {
  for (const dir of WORKSPACES) rmSync(dir, { recursive: true, force: true });
});

/** A fresh workspace: the job's working directory, without a `.env`; removed after the tests. */
function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'action-workspace-'));
  WORKSPACES.push(dir);
  return dir;
}

/** The record of the step of that name in a run. */
function step(run: ActionRun, name: string) {
  const found = run.steps.find((s) => s.name === name);
  if (!found) throw new Error(`no step ${name}`);
  return found;
}

/** Every string of a YAML value, with where it is. */
function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, v]) => strings(v, `${path}/${key}`));
  }
  return [];
}

/** `${{ inner }}`, a GitHub Actions expression (spelt so that it is not read as a template placeholder). */
function gh(inner: string): string {
  return ['$', '{{ ', inner, ' }}'].join('');
}

const CONTEXT: ExpressionContext = {
  inputs: { depth: 'gate', label: '' },
  github: { action_path: '/action' },
  steps: { run: { outputs: { 'exit-code': '1' } } },
};

describe('action expressions (the test evaluator)', () => {
  it('evaluates the forms the action uses', () => {
    expect(interpolate(gh('inputs.depth'), CONTEXT)).toBe('gate');
    expect(interpolate(`${gh('github.action_path')}/bin`, CONTEXT)).toBe('/action/bin');
    expect(interpolate(gh('steps.run.outputs.exit-code'), CONTEXT)).toBe('1');
    expect(evaluate("always() && steps.run.outputs.exit-code != ''", CONTEXT)).toBe(true);
    expect(evaluate("inputs.label != '' && inputs.depth", CONTEXT)).toBe(false);
    expect(evaluate("inputs.depth == 'GATE'", CONTEXT)).toBe(true);
    expect(stepRuns(undefined, CONTEXT, true)).toBe(false);
    expect(stepRuns('always()', CONTEXT, true)).toBe(true);
    expect(stepRuns(gh("inputs.depth == 'gate'"), CONTEXT, true)).toBe(false);
    expect(stepRuns(gh("inputs.depth == 'gate'"), CONTEXT, false)).toBe(true);
  });

  it('refuses anything else: other contexts, functions, operators, unknown inputs and steps', () => {
    for (const expression of [
      'secrets.TOKEN',
      'github.workspace',
      "format('{0}', inputs.depth)",
      'success()',
      '!inputs.depth',
      "inputs.depth || 'x'",
      'inputs.nope',
      'steps.nope.outputs.x',
      'inputs.depth ==',
      '',
    ]) {
      expect(() => evaluate(expression, CONTEXT), expression).toThrow(/unsupported expression/);
    }
    expect(() => interpolate('${{ inputs.depth', CONTEXT)).toThrow(/unclosed/);
  });

  it('reads GITHUB_OUTPUT lines and heredocs', () => {
    expect(parseOutputFile('a=1\nb=x=y\nc<<EOF\nline 1\nline 2\nEOF\n')).toEqual({
      a: '1',
      b: 'x=y',
      c: 'line 1\nline 2',
    });
  });
});

describe('action.yml', () => {
  it('is a composite action with the inputs and outputs of docs/ci.md', () => {
    expect(ACTION.runs.using).toBe('composite');
    const defaults = Object.fromEntries(Object.entries(ACTION.inputs).map(([k, v]) => [k, v.default]));
    expect(defaults).toEqual({
      'base-url': '',
      token: '',
      depth: 'gate',
      baseline: '',
      strict: 'false',
      label: '',
      'report-dir': 'reports',
      args: '',
      'fail-on': '1 2',
      'artifact-name': '',
      'retention-days': '',
      'node-version': '20',
    });
    for (const [name, input] of Object.entries(ACTION.inputs)) {
      expect(input.description, name).toEqual(expect.any(String));
      expect(input.required ?? false, name).toBe(false);
    }
    expect(Object.keys(ACTION.outputs)).toEqual(['exit-code', 'report-dir', 'artifact-name']);
    const docs = readFileSync(join(ROOT, 'docs/ci.md'), 'utf8');
    for (const name of [...Object.keys(ACTION.inputs), ...Object.keys(ACTION.outputs)]) {
      expect(docs, `docs/ci.md documents ${name}`).toContain(`| \`${name}\``);
    }
  });

  it('uses only expressions the test evaluates, and none inside a script', () => {
    const context: ExpressionContext = {
      inputs: Object.fromEntries(Object.keys(ACTION.inputs).map((k) => [k, 'x'])),
      github: { action_path: '/action' },
      steps: Object.fromEntries(STEPS.flatMap((s) => (s.id ? [[s.id, { outputs: {} }]] : []))),
    };
    const found = strings(ACTION).filter(([, text]) => text.includes('${{'));
    expect(found.length).toBeGreaterThan(20);
    for (const [path, text] of found) expect(() => interpolate(text, context), path).not.toThrow();
    for (const s of STEPS) {
      if (s.if) expect(() => stepRuns(s.if, context, false), s.name).not.toThrow();
      expect(s.run ?? '', s.name).not.toContain('${{');
    }
  });

  it('gives the token to the run step only, through the environment, never as a flag', () => {
    const withToken = STEPS.filter((s) => strings(s).some(([, text]) => text.includes('inputs.token')));
    expect(withToken.map((s) => s.name)).toEqual(['Run the conformance suite']);
    expect(withToken[0]?.env?.INPUT_TOKEN).toBe(gh('inputs.token'));
    const script = readFileSync(join(ROOT, 'action/run.sh'), 'utf8');
    expect(script).toContain('echo "::add-mask::$INPUT_TOKEN"');
    expect(script).toContain('export CONFORMANCE_TOKEN="$INPUT_TOKEN"');
    expect(script).not.toContain('--token');
  });

  it('sets up Node.js, installs, runs, posts the summary, uploads the reports always, then gives the verdict', () => {
    expect(STEPS.map((s) => s.name)).toEqual([
      'Check the inputs',
      'Set up Node.js',
      'Install the suite',
      'Run the conformance suite',
      'Job summary',
      'Upload the reports',
      'Verdict',
    ]);
    const uses = STEPS.filter((s) => s.uses).map((s) => [s.uses, s.if ?? '']);
    expect(uses).toEqual([
      ['actions/setup-node@v4', ''],
      ['actions/upload-artifact@v4', "always() && steps.prepare.outputs.artifact-name != ''"],
    ]);
    for (const s of STEPS.filter((s) => s.run)) expect(s.shell, s.name).toBe('bash');
    const install = readFileSync(join(ROOT, 'action/install.sh'), 'utf8');
    expect(install).toContain('npm ci --omit=dev');
    expect(install).toContain('npm run build');
  });
});

describe('action steps, run with bash', () => {
  it('refuses a bad input before anything is installed or run', async () => {
    for (const [inputs, message] of [
      [{ depth: 'shallow' }, 'depth must be gate or deep, got "shallow"'],
      [{ strict: 'yes' }, 'strict must be true or false'],
      [{ 'fail-on': '1 3' }, 'fail-on lists exit codes 1 and 2'],
      [{ 'report-dir': '' }, 'report-dir must not be empty'],
      [{ 'retention-days': 'a week' }, 'retention-days must be a number of days'],
    ] as const) {
      const run = await runAction(ACTION, { actionPath: ROOT, workspace: workspace(), inputs });
      expect(run.failed).toBe(true);
      expect(step(run, 'Check the inputs').output).toContain(`::error title=Conformance action::${message}`);
      expect(run.steps.filter((s) => s.outcome !== 'skipped').map((s) => s.name)).toEqual([
        'Check the inputs',
        'Job summary',
      ]);
      expect(run.summary).toBe('');
    }
  });

  it('names the artifact after the label, or as given', async () => {
    const name = async (inputs: Record<string, string>) => {
      const run = await runAction(ACTION, {
        actionPath: ROOT,
        workspace: workspace(),
        inputs,
        only: ['Check the inputs'],
      });
      return run.outputs['artifact-name'];
    };
    expect(await name({})).toBe('conformance-report');
    expect(await name({ label: 'Vendor sandbox: EU/1' })).toBe('conformance-report-Vendor-sandbox--EU-1');
    expect(await name({ label: 'x', 'artifact-name': 'shard-2' })).toBe('shard-2');
  });

  it('gives the verdict of each exit code, as fail-on says', async () => {
    const cases: [string, string, boolean, string][] = [
      ['0', '1 2', false, 'Conformance passed (exit code 0)'],
      ['1', '1 2', true, '::error title=Conformance::exit code 1: a MUST rule failed outside the baseline'],
      ['2', '1,2', true, '::error title=Conformance::exit code 2: the run is incomplete'],
      ['1', '2', false, '::warning title=Conformance::exit code 1: a MUST rule failed'],
      ['2', '', false, '::warning title=Conformance::exit code 2'],
      ['137', '', true, '::error title=Conformance::the command line ended abnormally (exit code 137)'],
      ['', '1 2', true, '::error title=Conformance::the suite did not run'],
    ];
    for (const [code, failOn, fails, message] of cases) {
      const run = await runAction(ACTION, {
        actionPath: ROOT,
        workspace: workspace(),
        inputs: { 'fail-on': failOn },
        only: ['Verdict'],
        stepOutputs: { run: { 'exit-code': code }, prepare: { 'artifact-name': 'conformance-report' } },
      });
      const verdict = step(run, 'Verdict');
      expect(verdict.outcome, `${code} / ${failOn}`).toBe(fails ? 'failure' : 'success');
      expect(verdict.output, `${code} / ${failOn}`).toContain(message);
    }
  });

  it('says in the job summary when the command line wrote no summary.md', async () => {
    const run = await runAction(ACTION, {
      actionPath: ROOT,
      workspace: workspace(),
      only: ['Job summary'],
      stepOutputs: { run: { 'exit-code': '2' } },
    });
    expect(run.summary).toBe(
      '## Commerce Service API conformance: no report\n\nThe command line ended with exit code 2 without writing reports/summary.md: see the log of the step "Run the conformance suite".\n',
    );
  });

  it('against the embedded reference server: exit code 0, the summary in the job summary, a passing verdict', {
    timeout: 180_000,
  }, async () => {
    const dir = workspace();
    const run = await runAction(ACTION, { actionPath: ROOT, workspace: dir });
    expect(run.steps.map((s) => [s.name, s.outcome])).toEqual(STEPS.map((s) => [s.name, 'success']));
    expect(run.failed).toBe(false);
    expect(run.outputs).toEqual({
      'exit-code': '0',
      'report-dir': 'reports',
      'artifact-name': 'conformance-report',
    });
    expect(step(run, 'Set up Node.js').with).toEqual({ 'node-version': '20' });
    expect(step(run, 'Install the suite').output).toContain('installed and built already');
    expect(step(run, 'Run the conformance suite').output).toContain(
      'commerce-conformance --report-dir reports --depth gate\n',
    );
    expect(run.summary).toBe(readFileSync(join(dir, 'reports/summary.md'), 'utf8'));
    expect(run.summary).toMatch(/^## Commerce Service API conformance: ✅ passed\n/);
    expect(step(run, 'Upload the reports').with).toEqual({
      name: 'conformance-report',
      path: 'reports',
      'retention-days': '',
      'if-no-files-found': 'ignore',
    });
    expect(step(run, 'Verdict').output).toContain('Conformance passed (exit code 0)');
  });

  it('against planted faults, with a token and a baseline: exit code 1, the failures in the job summary, a failing verdict', {
    timeout: 180_000,
  }, async () => {
    const token = `tok-${randomBytes(12).toString('hex')}`;
    const server = await startReferenceServer({
      port: 0,
      token,
      faults: ['self-link-relative', 'integration-name-stale'],
    });
    const dir = workspace();
    writeFileSync(
      join(dir, 'baseline.json'),
      JSON.stringify({ entries: [{ rule: 'INT-SELF-LINK', reason: 'planted: self-link-relative' }] }),
    );
    let run: ActionRun;
    try {
      run = await runAction(ACTION, {
        actionPath: ROOT,
        workspace: dir,
        inputs: {
          'base-url': server.url,
          token,
          baseline: 'baseline.json',
          strict: 'true',
          label: 'faulty reference',
          'report-dir': 'out',
          args: ' --workers\n 1 ',
        },
      });
    } finally {
      await server.close();
    }
    expect(run.outputs).toEqual({
      'exit-code': '1',
      'report-dir': 'out',
      'artifact-name': 'conformance-report-faulty-reference',
    });
    expect(run.failed).toBe(true);
    expect(run.steps.map((s) => s.outcome)).toEqual([...STEPS.slice(0, -1).map(() => 'success'), 'failure']);
    const verdict = step(run, 'Verdict');
    expect(verdict.exitCode).toBe(1);
    expect(verdict.output).toContain(
      '::error title=Conformance::exit code 1: a MUST rule failed outside the baseline (with strict: or a SHOULD rule; with --strict-baseline: or a baseline entry is stale); see the job summary and the artifact conformance-report-faulty-reference',
    );
    const log = step(run, 'Run the conformance suite').output ?? '';
    expect(log).toContain(
      `commerce-conformance --report-dir out --depth gate --base-url ${server.url} --baseline baseline.json --label faulty reference --strict --workers 1\n`,
    );
    expect(run.summary).toBe(readFileSync(join(dir, 'out/summary.md'), 'utf8'));
    expect(run.summary).toMatch(
      /^## Commerce Service API conformance: ❌ 1 MUST rule\(s\) failed \(1 known failure\(s\)\)\n/,
    );
    expect(run.summary).toContain('`INT-GET` MUST §4.2 — ❌ new failure');
    expect(run.summary).toContain('`INT-SELF-LINK` MUST §2.2: planted: self-link-relative — known failure');
    const report = JSON.parse(readFileSync(join(dir, 'out/conformance.json'), 'utf8')) as {
      rules: { id: string; status: string }[];
    };
    const failed = report.rules.filter((r) => r.status === 'failed').map((r) => r.id);
    expect(failed.sort()).toEqual(['INT-GET', 'INT-SELF-LINK']);
    expect(step(run, 'Upload the reports').with).toMatchObject({
      name: 'conformance-report-faulty-reference',
      path: 'out',
    });
    // The token: masked first, then nowhere in the log, the job summary or the reports.
    expect(log.startsWith(`::add-mask::${token}\n`)).toBe(true);
    const everything = [
      log.slice(`::add-mask::${token}\n`.length),
      ...run.steps.filter((s) => s.name !== 'Run the conformance suite').map((s) => s.output ?? ''),
      run.summary,
      ...readdirSync(join(dir, 'out')).map((f) => readFileSync(join(dir, 'out', f), 'utf8')),
    ];
    for (const text of everything) expect(text).not.toContain(token);
  });
});
