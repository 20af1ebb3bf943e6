import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { type ServeOptions, serveReference } from './serve.ts';
import type { ReferenceServer } from './server.ts';

/** Runs serveReference with captured output; `port 0` unless the environment says otherwise. */
function serve(argv: string[], env: NodeJS.ProcessEnv = {}, extra: Partial<ServeOptions> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const done = serveReference({
    argv,
    env: { PORT: '0', ...env },
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    ...extra,
  });
  return { out, err, done };
}

describe('serveReference (npm run reference, commerce-conformance reference)', () => {
  it('lists the faults and the variants, and prints its usage', async () => {
    const faults = serve(['--list-faults']);
    expect(await faults.done).toBe(0);
    expect(faults.out.join('\n')).toMatch(/^include-drops-last-product +INC-PRODUCTS$/m);
    const variants = serve(['--list-variants']);
    expect(await variants.done).toBe(0);
    expect(variants.out.join('\n').length).toBeGreaterThan(0);
    const help = serve(['--help']);
    expect(await help.done).toBe(0);
    expect(help.out[0]).toMatch(/^usage: /);
  });

  it('refuses an unknown argument, fault or variant, and a bad variable, with exit code 2', async () => {
    for (const [argv, env, message] of [
      [['--nope'], {}, /reference: Unknown option '--nope'/],
      [['--fault', 'no-such-fault'], {}, /unknown fault "no-such-fault"/],
      [['--variant', 'no-such-variant'], {}, /unknown variant "no-such-variant"/],
      [[], { PORT: 'eighty' }, /PORT must be an integer/],
    ] as const) {
      const run = serve([...argv], env);
      expect(await run.done).toBe(2);
      expect(run.err[0]).toMatch(message);
    }
  });

  it('serves the API until the signal, then closes', async () => {
    const controller = new AbortController();
    let server: ReferenceServer | undefined;
    const run = serve(
      [],
      { REFERENCE_TOKEN: 'serve-test', REFERENCE_DEMO_PRODUCTS: '3' },
      {
        signal: controller.signal,
        onListening: (s) => {
          server = s;
        },
      },
    );
    await expect.poll(() => server).toBeDefined();
    expect(run.out[0]).toBe(`listening ${server?.url}`);
    expect(run.out).toContain('token serve-test');
    const response = await fetch(`${server?.url}/v2/products?page[limit]=2`, {
      headers: { Authorization: 'Bearer serve-test' },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: unknown[]; meta: { results: { total: number } } };
    expect(body.data).toHaveLength(2);
    expect(body.meta.results.total).toBe(3);
    controller.abort('SIGTERM');
    expect(await run.done).toBe(0);
    expect(run.out.at(-1)).toBe('SIGTERM: closing');
    await expect(fetch(`${server?.url}/v2/products`)).rejects.toThrow();
  });

  it('answers exit code 1 when it cannot listen', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as { port: number };
    try {
      const run = serve([], { PORT: String(port) });
      expect(await run.done).toBe(1);
      expect(run.err[0]).toMatch(new RegExp(`cannot listen on 127\\.0\\.0\\.1:${port}: .*EADDRINUSE`));
    } finally {
      busy.close();
    }
  });
});
