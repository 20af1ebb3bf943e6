import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/commerce-conformance.mjs', import.meta.url));

/** How one command-line run ended. */
export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** Wall time of the whole process, in ms. */
  readonly wallMs: number;
}

/** This process's environment without any `CONFORMANCE_*` variable, plus `extra`. */
export function cliEnvironment(extra: Record<string, string> = {}): Record<string, string | undefined> {
  return {
    ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('CONFORMANCE_'))),
    ...extra,
  };
}

/**
 * Starts `commerce-conformance` with `args` as a child process in `cwd` (so that no `.env` of the project
 * interferes), with no `CONFORMANCE_*` variable inherited from this process, only those of `env`.
 */
export function startCliProcess(
  args: readonly string[],
  cwd: string,
  env: Record<string, string> = {},
): ChildProcess {
  return spawn(process.execPath, [BIN, ...args], {
    cwd,
    env: cliEnvironment(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Runs `commerce-conformance` like {@link startCliProcess} and waits for it to end. */
export function spawnCli(
  args: readonly string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<CliRun> {
  return finished(startCliProcess(args, cwd, env));
}

/** What a started command line printed, its exit code and wall time, once it has ended. */
export function finished(child: ChildProcess, started = performance.now()): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code: code ?? -1, stdout, stderr, wallMs: Math.round(performance.now() - started) }),
    );
  });
}
