import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnCli, startCliProcess } from './spawn-cli.ts';

/**
 * Settings of every run of these tests unless a test gives its own: two suite files at a time, since the
 * target is local (the run is CPU-bound) and `npm test` runs many of these at once on a small machine.
 */
const TEST_SETTINGS = { CONFORMANCE_WORKERS: '2' };

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `commerce-conformance` as a child process, in an empty working directory (no `.env`), with no
 * `CONFORMANCE_*` variable inherited from the environment (only `CONFORMANCE_WORKERS=2`, see above).
 */
export async function runCli(args: readonly string[], env: Record<string, string> = {}): Promise<CliResult> {
  const cwd = mkdtempSync(join(tmpdir(), 'conformance-cli-'));
  const { code, stdout, stderr } = await spawnCli(args, cwd, { ...TEST_SETTINGS, ...env });
  return { code, stdout, stderr };
}

/** A fresh temporary directory for reports. */
export function tempReportDir(): string {
  return mkdtempSync(join(tmpdir(), 'conformance-out-'));
}

/** A command-line run in progress: its process, its output so far, and how it ends. */
export interface RunningCli {
  readonly child: import('node:child_process').ChildProcess;
  /** Resolves when `predicate` holds on the standard output so far. */
  waitForOutput(predicate: (stdout: string) => boolean): Promise<void>;
  readonly done: Promise<CliResult>;
}

/** Starts `commerce-conformance` like {@link runCli}, without waiting for it (to interrupt or kill it). */
export function startCli(args: readonly string[], env: Record<string, string> = {}): RunningCli {
  const cwd = mkdtempSync(join(tmpdir(), 'conformance-cli-'));
  const child = startCliProcess(args, cwd, { ...TEST_SETTINGS, ...env });
  let stdout = '';
  let stderr = '';
  const waiters: { predicate: (s: string) => boolean; resolve: () => void }[] = [];
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    for (const w of [...waiters]) {
      if (w.predicate(stdout)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const done = new Promise<CliResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  return {
    child,
    done,
    waitForOutput: (predicate) =>
      predicate(stdout)
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            waiters.push({ predicate, resolve });
            void done.then(() => reject(new Error(`the command line ended first:\n${stdout}\n${stderr}`)));
          }),
  };
}
