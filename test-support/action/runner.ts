/**
 * Runs a composite action (action.yml) the way the GitHub runner does, as far as scripts/action.test.ts needs:
 * its `run:` steps in order with `bash --noprofile --norc -eo pipefail`, each with its `env:`, its
 * `working-directory`, a fresh GITHUB_OUTPUT file whose values become `steps.<id>.outputs`, and the job's
 * GITHUB_STEP_SUMMARY; its `uses:` steps are not run but recorded with their evaluated `with:`, for the test to
 * check. Conditions and expressions go through ./expressions.ts, which refuses any it does not know.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { type ExpressionContext, interpolate, stepRuns } from './expressions.ts';

export interface ActionInput {
  readonly description: string;
  readonly required?: boolean;
  readonly default?: string;
}

export interface ActionStep {
  readonly name: string;
  readonly id?: string;
  readonly if?: string;
  readonly uses?: string;
  readonly with?: Readonly<Record<string, string>>;
  readonly run?: string;
  readonly shell?: string;
  readonly env?: Readonly<Record<string, string>>;
  readonly 'working-directory'?: string;
}

/** The parts of action.yml the runner reads. */
export interface ActionDefinition {
  readonly name: string;
  readonly description: string;
  readonly inputs: Readonly<Record<string, ActionInput>>;
  readonly outputs: Readonly<Record<string, { readonly description: string; readonly value: string }>>;
  readonly runs: { readonly using: string; readonly steps: readonly ActionStep[] };
}

/** Reads an action.yml. */
export function loadAction(file: string): ActionDefinition {
  return parse(readFileSync(file, 'utf8')) as ActionDefinition;
}

/** What became of one step. */
export interface StepRecord {
  readonly name: string;
  readonly outcome: 'success' | 'failure' | 'skipped';
  /** A `uses:` step: the action it names and its `with:`, evaluated. */
  readonly uses?: string;
  readonly with?: Readonly<Record<string, string>>;
  /** A `run:` step: its exit code and what it printed (stdout, then stderr). */
  readonly exitCode?: number;
  readonly output?: string;
}

/** What a run of the action did. */
export interface ActionRun {
  readonly steps: readonly StepRecord[];
  /** The action's outputs, evaluated after its last step. */
  readonly outputs: Readonly<Record<string, string>>;
  /** What the steps appended to GITHUB_STEP_SUMMARY. */
  readonly summary: string;
  /** Whether a step failed (the action fails then). */
  readonly failed: boolean;
}

export interface RunActionOptions {
  /** The action's directory: `github.action_path`, GITHUB_ACTION_PATH. */
  readonly actionPath: string;
  /** The job's working directory: GITHUB_WORKSPACE, where steps run unless they name another. */
  readonly workspace: string;
  /** The inputs given in `with:`; the rest take their defaults. An input the action does not declare throws. */
  readonly inputs?: Readonly<Record<string, string>>;
  /** The job's environment besides this process's (whose CONFORMANCE_* and GITHUB_* variables are left out). */
  readonly env?: Readonly<Record<string, string>>;
  /** Run only the steps of these names (the others are recorded as skipped), with these step outputs. */
  readonly only?: readonly string[];
  readonly stepOutputs?: Readonly<Record<string, Record<string, string>>>;
}

/** The action's inputs: `given` over the declared defaults. */
export function actionInputs(action: ActionDefinition, given: Readonly<Record<string, string>> = {}) {
  for (const name of Object.keys(given)) {
    if (!Object.hasOwn(action.inputs, name)) throw new Error(`the action has no input ${name}`);
  }
  return Object.fromEntries(
    Object.entries(action.inputs).map(([name, input]) => [name, given[name] ?? input.default ?? '']),
  );
}

/** `name=value` and `name<<DELIMITER` … `DELIMITER` lines of a GITHUB_OUTPUT file. */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2] as string, i + 1);
      if (end < 0) throw new Error(`GITHUB_OUTPUT: no closing ${heredoc[2]}`);
      outputs[heredoc[1] as string] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (line.includes('=')) {
      outputs[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
    } else if (line !== '') {
      throw new Error(`GITHUB_OUTPUT: a line without = or <<: ${line}`);
    }
  }
  return outputs;
}

/** This process's environment without CONFORMANCE_* and GITHUB_* variables, then `extra`. */
function baseEnvironment(extra: Readonly<Record<string, string>>): Record<string, string> {
  const own = Object.entries(process.env).filter(
    (entry): entry is [string, string] => entry[1] !== undefined && !/^(CONFORMANCE_|GITHUB_)/.test(entry[0]),
  );
  return { ...Object.fromEntries(own), ...extra };
}

/** Runs a script as GitHub's `shell: bash` does; resolves with its exit code and output. */
function runBash(script: string, cwd: string, env: Record<string, string>, dir: string) {
  const file = join(dir, `step-${Date.now()}-${Math.random().toString(36).slice(2)}.sh`);
  writeFileSync(file, script);
  return new Promise<{ code: number; output: string }>((done, fail) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', file], { cwd, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', fail);
    child.on('close', (code) => done({ code: code ?? -1, output: stdout + stderr }));
  });
}

/** Runs the steps of a composite action in order; see the module's comment. */
export async function runAction(action: ActionDefinition, options: RunActionOptions): Promise<ActionRun> {
  if (action.runs.using !== 'composite') throw new Error(`not a composite action: ${action.runs.using}`);
  const dir = mkdtempSync(join(tmpdir(), 'composite-action-'));
  try {
    return await runSteps(action, options, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** {@link runAction}, its scripts, GITHUB_OUTPUT files and GITHUB_STEP_SUMMARY in `dir`. */
async function runSteps(
  action: ActionDefinition,
  options: RunActionOptions,
  dir: string,
): Promise<ActionRun> {
  const summaryFile = join(dir, 'step-summary.md');
  writeFileSync(summaryFile, '');
  const steps: Record<string, { outputs: Record<string, string> }> = {};
  for (const step of action.runs.steps) {
    if (step.id) steps[step.id] = { outputs: { ...options.stepOutputs?.[step.id] } };
  }
  const context: ExpressionContext = {
    inputs: actionInputs(action, options.inputs),
    github: { action_path: options.actionPath },
    steps,
  };
  const records: StepRecord[] = [];
  let failed = false;
  for (const step of action.runs.steps) {
    const selected = options.only === undefined || options.only.includes(step.name);
    if (!selected || !stepRuns(step.if, context, failed)) {
      records.push({ name: step.name, outcome: 'skipped' });
      continue;
    }
    const evaluated = (values: Readonly<Record<string, string>> = {}) =>
      Object.fromEntries(Object.entries(values).map(([k, v]) => [k, interpolate(String(v), context)]));
    if (step.uses !== undefined) {
      records.push({ name: step.name, outcome: 'success', uses: step.uses, with: evaluated(step.with) });
      continue;
    }
    if (step.run === undefined || step.shell !== 'bash') {
      throw new Error(`step "${step.name}": only run steps with shell: bash are run`);
    }
    const outputFile = join(dir, `output-${records.length}`);
    writeFileSync(outputFile, '');
    const env = {
      ...baseEnvironment(options.env ?? {}),
      ...evaluated(step.env),
      GITHUB_ACTION_PATH: options.actionPath,
      GITHUB_WORKSPACE: options.workspace,
      GITHUB_OUTPUT: outputFile,
      GITHUB_STEP_SUMMARY: summaryFile,
    };
    const directory = step['working-directory'];
    const cwd = directory ? resolve(options.workspace, interpolate(directory, context)) : options.workspace;
    const { code, output } = await runBash(interpolate(step.run, context), cwd, env, dir);
    if (step.id)
      Object.assign(steps[step.id]?.outputs ?? {}, parseOutputFile(readFileSync(outputFile, 'utf8')));
    failed ||= code !== 0;
    records.push({ name: step.name, outcome: code === 0 ? 'success' : 'failure', exitCode: code, output });
  }
  const outputs = Object.fromEntries(
    Object.entries(action.outputs ?? {}).map(([name, output]) => [name, interpolate(output.value, context)]),
  );
  return { steps: records, outputs, summary: readFileSync(summaryFile, 'utf8'), failed };
}
