import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnCli, startCliProcess } from '../test-support/cli/spawn-cli.ts';

describe('commerce-conformance reference', () => {
  it('serves the reference server, as npm run reference does, until SIGINT (exit code 0)', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'conformance-reference-'));
    // Port 0: a free port (4010, the default, may be taken on a shared machine).
    const child = startCliProcess(['reference'], cwd, { PORT: '0' });
    child.stdout?.setEncoding('utf8');
    let stdout = '';
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout?.on('data', (chunk: string) => {
          stdout += chunk;
          const match = /^listening (\S+)$/m.exec(stdout);
          if (match?.[1] && /^try: /m.test(stdout)) resolve(match[1]);
        });
        void closed.then(() => reject(new Error(`ended before listening:\n${stdout}`)));
      });
      expect(stdout).toContain('token token-of-the-reference');
      const response = await fetch(`${url}/v2/categories`, {
        headers: { Authorization: 'Bearer token-of-the-reference' },
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { data: unknown[]; meta: { page: { limit: number } } };
      expect(body.data.length).toBeGreaterThan(0);
      expect(body.meta.page.limit).toBe(100);
    } finally {
      child.kill('SIGINT');
    }
    expect(await closed).toBe(0);
    expect(stdout).toContain('SIGINT: closing');
  }, 60_000);

  it('passes its arguments on: --list-faults, and a bad argument is exit code 2', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'conformance-reference-'));
    const listed = await spawnCli(['reference', '--list-faults'], cwd, { PORT: '0' });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^include-drops-last-product +INC-PRODUCTS$/m);
    const refused = await spawnCli(['reference', '--fault', 'no-such-fault'], cwd, { PORT: '0' });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('unknown fault "no-such-fault"');
  }, 60_000);
});
