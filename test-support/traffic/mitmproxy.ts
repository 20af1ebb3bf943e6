/**
 * Records HAR with mitmproxy as Debian ships it (`mitmdump`, 8.1, and its `har_dump.py` add-on from the
 * package's examples): a reverse proxy on a free loopback port in front of `target`, whose flows the add-on
 * writes to a HAR file when mitmdump stops. `.ci/run` installs the package.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect, createServer } from 'node:net';

export const MITMDUMP = '/usr/bin/mitmdump';
/** The add-on of mitmproxy 8 that writes HAR (mitmproxy 10 and later have it built in, as `hardump`). */
export const HAR_DUMP = '/usr/share/doc/mitmproxy/examples/contrib/har_dump.py';
export const MITMPROXY_AVAILABLE = existsSync(MITMDUMP) && existsSync(HAR_DUMP);

export interface Mitmdump {
  /** Where clients send their requests: `http://127.0.0.1:PORT`. */
  readonly url: string;
  /** Stops mitmdump; resolves once it has written the HAR file. */
  readonly stop: () => Promise<void>;
}

/**
 * Starts mitmdump in front of `target`, writing `har` when stopped. `options`: mitmproxy options
 * (`stream_large_bodies=1k`: answers above 1 KB are streamed, and the add-on keeps no body of them).
 */
export async function startMitmdump(
  target: string,
  har: string,
  options: readonly string[] = [],
): Promise<Mitmdump> {
  const port = await freePort();
  const child = spawn(
    MITMDUMP,
    [
      '--mode',
      `reverse:${target}`,
      '--listen-host',
      '127.0.0.1',
      '--listen-port',
      String(port),
      '-q',
      '-s',
      HAR_DUMP,
      '--set',
      `hardump=${har}`,
      ...options.flatMap((option) => ['--set', option]),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await listening(port, child, () => output);
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGINT');
      const code = await exited;
      if (!existsSync(har)) throw new Error(`mitmdump (exit ${code}) wrote no HAR: ${output.slice(-500)}`);
    },
  };
}

/** Resolves once a connection to the port succeeds (mitmdump takes a second or two to start). */
async function listening(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`mitmdump exited (${child.exitCode}): ${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`mitmdump did not listen on ${port}: ${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A free loopback port (mitmdump is told it; it cannot report one it picked). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
