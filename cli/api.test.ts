import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as api from './api.ts';

/** No `.env` file and no `CONFORMANCE_*` variable of this process: only what a test gives. */
const ISOLATED = { env: {}, envFile: join(tmpdir(), 'no-such-dir', '.env') } as const;

describe('runConformance (the programmatic API)', () => {
  it('refuses an unknown rule, area or a malformed shard with exit code 2 and one message', async () => {
    expect(await api.runConformance({ ...ISOLATED, rules: ['NOPE'] })).toEqual({
      exitCode: 2,
      message: '"NOPE" is not a rule ID of the catalogue (rules/catalogue.ts)',
    });
    const area = 'orders' as api.RuleArea;
    expect(await api.runConformance({ ...ISOLATED, areas: [area] })).toMatchObject({ exitCode: 2 });
    expect(await api.runConformance({ ...ISOLATED, shard: '3/2' })).toMatchObject({
      exitCode: 2,
      message: expect.stringMatching(/^shard: /),
    });
  });

  it('passes named options and settings to the engine, the named options first', async () => {
    const bad = await api.runConformance({ ...ISOLATED, settings: { CONFORMANCE_TIMEOUT_MS: 'soon' } });
    expect(bad).toMatchObject({ exitCode: 2, message: expect.stringContaining('CONFORMANCE_TIMEOUT_MS') });
    // A named base URL wins over the one of `settings`: the run gets as far as the (unreachable) target.
    const unreachable = await api.runConformance({
      ...ISOLATED,
      settings: {
        CONFORMANCE_BASE_URL: 'not a url',
        CONFORMANCE_TIMEOUT_MS: '2000',
        CONFORMANCE_RETRIES: '0',
      },
      baseUrl: 'http://127.0.0.1:9',
      token: 'api-test-token',
      reportDir: mkdtempSync(join(tmpdir(), 'api-test-')),
    });
    expect(unreachable.exitCode).toBe(2);
    expect(unreachable.message).toContain('127.0.0.1:9');
    expect(unreachable.message).not.toContain('api-test-token');
  });

  it('starts the reference server', async () => {
    const server = await api.startReferenceServer({ port: 0, token: 'api-token', demoProducts: 2 });
    try {
      const response = await fetch(`${server.url}/v2/products`, {
        headers: { Authorization: 'Bearer api-token' },
      });
      expect(((await response.json()) as { data: unknown[] }).data).toHaveLength(2);
    } finally {
      await server.close();
    }
  });
});
