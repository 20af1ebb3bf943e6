import type { AddressInfo } from 'node:net';
import { buildReferenceApp, createReferenceContext } from './app.ts';
import type { ReferenceOptions } from './options.ts';

/** {@link ReferenceOptions} plus where to listen. */
export interface ReferenceServerOptions extends ReferenceOptions {
  /** Default `127.0.0.1`. */
  host?: string;
  /** Default 0: an ephemeral port chosen by the system. */
  port?: number;
}

export interface ReferenceServer {
  /** `http://<host>:<port>`, no trailing slash and no `/v2`, e.g. `http://127.0.0.1:4010`. */
  url: string;
  /** The bearer token it accepts. */
  token: string;
  /** Stops listening and closes open connections. */
  close(): Promise<void>;
}

/** `host:port` for a URL, with brackets around an IPv6 address. */
export function formatHostPort(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/** Builds the reference server and starts listening. @throws RangeError, or the listen error. */
export async function startReferenceServer(options: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  const { host = '127.0.0.1', port = 0, ...appOptions } = options;
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new RangeError(`port must be an integer from 0 to 65535, got ${String(port)}`);
  const ctx = createReferenceContext(appOptions);
  const app = buildReferenceApp(appOptions, ctx);
  try {
    await app.listen({ host, port });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.server.address() as AddressInfo;
  return {
    url: `http://${formatHostPort(host, address.port)}`,
    token: ctx.options.token,
    close: async () => {
      await app.close();
    },
  };
}
