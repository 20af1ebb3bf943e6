import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { connect, createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { startProxy } from './editing-proxy.ts';

/** Prism's validating proxy (`@stoplight/prism-cli`, a dev dependency), as a user runs it. */
export interface PrismProxy {
  readonly url: string;
  /** The violations Prism has logged so far, `response.body …` or `request.query …`, in order. */
  violations(): string[];
  close(): Promise<void>;
}

const PRISM_BIN = join(
  dirname(createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json')),
  'dist',
  'index.js',
);

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * The methods the document describes. Prism 5.16's proxy answers a request of any other method (HEAD, OPTIONS,
 * PUT… that the suite sends on every path) itself, with a 500 of its own, before the upstream sees it; such a
 * request has no operation to validate, so it goes around Prism.
 */
const DOCUMENTED = new Set(['GET', 'POST', 'DELETE']);

/** Whether a request carries a JSON body that does not parse (Prism 5.16 never answers such a request). */
function unparsableJson({ headers, body }: { headers: Record<string, string>; body: Buffer }): boolean {
  if (body.length === 0 || !/^application\/json/i.test(headers['content-type'] ?? '')) return false;
  try {
    JSON.parse(body.toString('utf8'));
    return false;
  } catch {
    return true;
  }
}

/**
 * Starts `prism proxy <document> <upstream> --errors=false` on a free loopback port: it forwards every
 * request, validates the request and the answer against the document, and logs each violation (`Violation:
 * response.body …`) without changing the answer (only warnings and errors are logged: `-v warn`). Resolves once
 * Prism listens. `url` is a loopback proxy in front of Prism that sends a request of a method the document does
 * not describe (`DOCUMENTED`), or whose JSON body does not parse, straight to `upstream`: Prism 5.16 never answers one (after the parse fails, it waits for the end of a body
 * it has already read), so a client would wait for its timeout. Such a request is malformed on purpose, and
 * its refusal (4XX) has no schema to validate, so Prism has nothing to report of its answer.
 */
export async function startPrismProxy(document: string, upstream: string): Promise<PrismProxy> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      PRISM_BIN,
      'proxy',
      document,
      upstream,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--errors=false',
      '-v',
      'warn',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SCARF_ANALYTICS: 'false', NO_COLOR: '1' } },
  );
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  // At `-v warn` Prism does not say that it listens: wait until the port takes a connection.
  const started = Date.now();
  while (!(await accepts(port))) {
    if (child.exitCode !== null) throw new Error(`Prism exited with ${String(child.exitCode)}:\n${log}`);
    if (Date.now() - started > 30_000) {
      child.kill();
      throw new Error(`Prism did not start:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const prism = `http://127.0.0.1:${port}`;
  const front = await startProxy(
    (request) => (unparsableJson(request) || !DOCUMENTED.has(request.method) ? upstream : prism),
    (_, answer) => answer,
  );
  return {
    url: front.url,
    violations: () =>
      [...stripVTControlCharacters(log).matchAll(/Violation: (.*)$/gm)].map(([, text = '']) => text.trim()),
    close: async () => {
      await front.close();
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) resolve();
        child.once('exit', () => resolve());
        child.kill();
      });
    },
  };
}
