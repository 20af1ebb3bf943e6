import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/commerce-conformance.mjs', import.meta.url));

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `commerce-conformance` as a child process, in an empty working directory (no `.env`), with no
 * `CONFORMANCE_*` variable inherited from the environment.
 */
export function runCli(args: readonly string[], env: Record<string, string> = {}): Promise<CliResult> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('CONFORMANCE_')),
  );
  const cwd = mkdtempSync(join(tmpdir(), 'conformance-cli-'));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...inherited, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A fresh temporary directory for reports. */
export function tempReportDir(): string {
  return mkdtempSync(join(tmpdir(), 'conformance-out-'));
}
