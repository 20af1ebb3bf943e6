import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const npm = (args: string[], cwd: string) => promisify(execFile)('npm', args, { cwd, env: npmEnvironment() });

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** An entry of package-lock.json's `packages`. */
type LockEntry = Record<string, unknown> & { dev?: boolean };

/** An empty project (`dir`) with the packed package (`tarball`, inside `dir`) installed in it. */
export interface InstalledProject {
  readonly dir: string;
  readonly tarball: string;
}

/**
 * The environment of the npm commands: offline, and without the `npm_*` variables `npm test` sets (which would
 * point npm at this project) but with the cache they name.
 */
export function npmEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const cache = process.env.npm_config_cache ?? process.env.NPM_CONFIG_CACHE;
  return {
    ...Object.fromEntries(
      Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) && !key.startsWith('CONFORMANCE_')),
    ),
    ...(cache ? { npm_config_cache: cache } : {}),
    npm_config_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    ...extra,
  };
}

/**
 * Packs the project into a new empty temporary project and installs the tarball there from the npm cache, as a
 * user's `npm install commerce-conformance` would, without the network. `npm install --offline` would need
 * registry metadata that `npm ci` does not cache, so the project gets a lock file: the tarball plus this
 * project's entries that are not dev-only, which `npm ci --offline` installs from the cache alone.
 */
export async function packAndInstall(): Promise<InstalledProject> {
  const dir = mkdtempSync(join(tmpdir(), 'commerce-conformance-install-'));
  const packed = await npm(['pack', '--json', '--pack-destination', dir], ROOT);
  const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
  const tarball = join(dir, filename);
  const readJson = (name: string) => JSON.parse(readFileSync(join(ROOT, name), 'utf8'));
  const pkg = readJson('package.json') as Record<string, unknown> & { name: string; version: string };
  const lock = readJson('package-lock.json') as { packages: Record<string, LockEntry> };
  const spec = `file:${filename}`;
  const app = { name: 'empty-project', version: '1.0.0', private: true, dependencies: { [pkg.name]: spec } };
  const packages: Record<string, LockEntry> = {
    '': app,
    [`node_modules/${pkg.name}`]: {
      version: pkg.version,
      resolved: spec,
      integrity: `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`,
      license: pkg.license,
      dependencies: pkg.dependencies,
      bin: pkg.bin,
      engines: pkg.engines,
    },
  };
  for (const [path, entry] of Object.entries(lock.packages))
    if (path !== '' && entry.dev !== true) packages[path] = entry;
  const writeJson = (name: string, value: unknown) =>
    writeFileSync(join(dir, name), `${JSON.stringify(value, null, 2)}\n`);
  writeJson('package.json', app);
  writeJson('package-lock.json', { ...app, lockfileVersion: 3, requires: true, packages });
  await npm(['ci', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], dir);
  return { dir, tarball };
}
