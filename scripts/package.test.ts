import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { type InstalledProject, npmEnvironment, packAndInstall } from './package-install.ts';

const exec = promisify(execFile);

/** `npx commerce-conformance …` in the installed project; never rejects (the exit code is in `code`). */
async function npx(project: InstalledProject, args: string[], env: Record<string, string> = {}) {
  try {
    // `--`: the flags that follow are the command's, not npx's.
    const { stdout, stderr } = await exec('npx', ['--no', '--', 'commerce-conformance', ...args], {
      cwd: project.dir,
      env: npmEnvironment(env),
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/**
 * The package as users get it: `npm pack`, installed into an empty project offline from the npm cache, then
 * used through `npx` and `import`, from the installed copy only.
 */
describe('the packed package, installed in an empty project', () => {
  let project: InstalledProject;
  let installed: string;

  beforeAll(async () => {
    project = await packAndInstall();
    installed = join(project.dir, 'node_modules', 'commerce-conformance');
  }, 120_000);

  it('is a real copy holding compiled JavaScript and declarations, data and docs only: no TypeScript source, tests or dev configuration', () => {
    expect(lstatSync(installed).isSymbolicLink()).toBe(false);
    for (const file of [
      'bin/commerce-conformance.mjs',
      'dist/index.js',
      'dist/index.d.ts',
      'dist/cli/main.js',
      'dist/cli/api.d.ts',
      'dist/suites/pagination.conformance.js',
      'dist/rules/pagination/page-walk.js',
      'dist/probes/pagination.js',
      'dist/helpers/check/check.js',
      'dist/reference/server.js',
      'schemas/product.schema.json',
      'schemas/cli/baseline.schema.json',
      'openapi/commerce-api.openapi.json',
      '.env.example',
      'README.md',
    ]) {
      expect(existsSync(join(installed, file)), file).toBe(true);
    }
    const files = filesUnder(installed);
    const shipped = (file: string) =>
      /\.(js|mjs|d\.ts|json|md)$/.test(file) || file === '.env.example' || file === 'LICENSE';
    expect(files.filter((file) => !shipped(file))).toEqual([]);
    expect(
      files.filter((file) => /(^|\/)(test-support|scripts|docs)\/|\.test\.|tsbuildinfo/.test(file)),
    ).toEqual([]);
    expect(files.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))).toEqual([]);
  });

  it('npx commerce-conformance --help', async () => {
    const help = await npx(project, ['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage:');
    expect(help.stdout).toContain('commerce-conformance reference');
  }, 60_000);

  it('npx commerce-conformance: a full run against the embedded reference server passes', async () => {
    const run = await npx(project, ['--workers', '2', '--report-dir', 'out']);
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    const report = JSON.parse(readFileSync(join(project.dir, 'out', 'conformance.json'), 'utf8')) as {
      embedded: boolean;
      summary: Record<string, number>;
      rules: unknown[];
    };
    expect(report.embedded).toBe(true);
    expect(report.summary).toMatchObject({ failed: 0, error: 0, untested: 0, skipped: 0 });
    expect(report.summary.passed).toBeGreaterThan(40);
  }, 180_000);

  it('npx commerce-conformance reference: serves a listing until Ctrl-C', async () => {
    // Its own process group, signalled as a terminal's Ctrl-C signals the foreground group: npx does not
    // pass signals on to the command it runs.
    const child = spawn('npx', ['--no', '--', 'commerce-conformance', 'reference'], {
      cwd: project.dir,
      env: npmEnvironment({ PORT: '0', REFERENCE_DEMO_PRODUCTS: '12' }),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
    try {
      const url = await listeningUrl(child, closed);
      const response = await fetch(`${url}/v2/products?page[limit]=5`, {
        headers: { Authorization: 'Bearer token-of-the-reference' },
      });
      expect(response.status).toBe(200);
      const listing = (await response.json()) as { data: unknown[]; meta: { results: { total: number } } };
      expect(listing.data).toHaveLength(5);
      expect(listing.meta.results.total).toBe(12);
    } finally {
      if (child.pid) process.kill(-child.pid, 'SIGINT');
    }
    await closed;
    // npx itself dies of the SIGINT; the server behind it closes and ends, and nothing of the group is left.
    expect(stdout).toContain('SIGINT: closing');
    expect(() => process.kill(-(child.pid ?? 0), 0)).toThrow(/ESRCH/);
  }, 60_000);

  it('import: runConformance, startReferenceServer, the OpenAPI document and the schemas', async () => {
    const script = `
      import { runConformance, startReferenceServer } from 'commerce-conformance';
      import openapi from 'commerce-conformance/openapi.json' with { type: 'json' };
      import product from 'commerce-conformance/schemas/product.schema.json' with { type: 'json' };
      const server = await startReferenceServer({ token: 'import-token' });
      const outcome = await runConformance({
        env: {}, baseUrl: server.url, token: 'import-token', rules: ['INT-GET'], reportDir: 'import-out',
      });
      await server.close();
      console.log(JSON.stringify({
        exitCode: outcome.exitCode, summary: outcome.report?.summary,
        openapi: openapi.openapi, title: product.title,
      }));
    `;
    const { stdout } = await exec(process.execPath, ['--input-type=module', '-e', script], {
      cwd: project.dir,
      env: npmEnvironment(),
    });
    expect(JSON.parse(stdout.trim().split('\n').at(-1) ?? '')).toEqual({
      exitCode: 0,
      summary: { passed: 1, failed: 0, skipped: 0, error: 0, untested: 51, observed: 0 },
      openapi: '3.1.1',
      title: 'Product',
    });
  }, 60_000);
});

/** Every file under `dir`, relative to it, `/`-separated. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? filesUnder(dir, path) : [path];
  });
}

/** The URL the reference server prints once it listens (after its last start-up line). */
function listeningUrl(child: ChildProcess, closed: Promise<unknown>): Promise<string> {
  let stdout = '';
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /^listening (\S+)$/m.exec(stdout);
      if (match?.[1] && /^try: /m.test(stdout)) resolve(match[1]);
    });
    void closed.then(() => reject(new Error(`ended before listening:\n${stdout}`)));
  });
}
