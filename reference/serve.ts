import { parseArgs } from 'node:util';
import { EnvError, optionsFromEnv } from './env.ts';
import { findFault, findVariant, listFaults, listVariants } from './faults/catalogue.ts';
import { type ReferenceServer, startReferenceServer } from './server.ts';

/** How {@link serveReference} is called: arguments, environment, where it writes, and when it stops. */
export interface ServeOptions {
  /** `--fault NAME`, `--variant NAME` (repeatable), `--list-faults`, `--list-variants`, `--help`. */
  readonly argv: readonly string[];
  /** `PORT`, `HOST`, `REFERENCE_TOKEN`, `REFERENCE_CLIENT_ID`, `REFERENCE_CLIENT_SECRET`, `REFERENCE_DEMO_PRODUCTS`. */
  readonly env: NodeJS.ProcessEnv;
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
  /** Aborting it closes the server; its reason (e.g. `SIGINT`) is printed. Without it the server runs on. */
  readonly signal?: AbortSignal;
  /** Called once the server listens (tests use it to reach the server). */
  readonly onListening?: (server: ReferenceServer) => void;
}

/** The usage line of the reference server's command line. */
export const SERVE_USAGE =
  'usage: [--fault NAME]... [--variant NAME]... | --list-faults | --list-variants  (environment: PORT, HOST, REFERENCE_TOKEN, REFERENCE_CLIENT_ID, REFERENCE_CLIENT_SECRET, REFERENCE_DEMO_PRODUCTS)';

/**
 * The reference server's command line (`npm run reference`, `commerce-conformance reference`): lists the
 * faults or variants, or serves until `signal` is aborted. Exit code: 0 after listing, or when stopped; 1 when
 * it cannot listen; 2 for a bad argument or variable.
 */
export async function serveReference(options: ServeOptions): Promise<0 | 1 | 2> {
  const { out, err } = options;
  let args: ReturnType<typeof parseArguments>;
  try {
    args = parseArguments(options.argv);
  } catch (error) {
    err(`reference: ${error instanceof Error ? error.message : String(error)}`);
    err(SERVE_USAGE);
    return 2;
  }
  if (args.help || args['list-faults'] || args['list-variants']) {
    out(args.help ? SERVE_USAGE : args['list-faults'] ? listFaults() : listVariants());
    return 0;
  }
  const { fault: faults = [], variant: variants = [] } = args;
  const unknown = [
    ...faults.filter((n) => !findFault(n)).map((n) => `fault "${n}" (--list-faults)`),
    ...variants.filter((n) => !findVariant(n)).map((n) => `variant "${n}" (--list-variants)`),
  ];
  if (unknown.length > 0) {
    err(`reference: unknown ${unknown.join(', ')}`);
    return 2;
  }
  let settings: ReturnType<typeof optionsFromEnv>;
  try {
    settings = { ...optionsFromEnv(options.env), faults, variants };
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    err(`reference: ${error.message}`);
    return 2;
  }
  let server: ReferenceServer;
  try {
    server = await startReferenceServer(settings);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    err(`reference: cannot listen on ${settings.host}:${settings.port}: ${reason}`);
    return 1;
  }
  out(`listening ${server.url}`);
  if (faults.length > 0) out(`faults ${faults.join(' ')}`);
  if (variants.length > 0) out(`variants ${variants.join(' ')}`);
  out(`token ${server.token}`);
  // `-g` stops curl from reading the brackets of page[limit] as a glob.
  out(`try: curl -g -H 'Authorization: Bearer ${server.token}' '${server.url}/v2/products?page[limit]=5'`);
  options.onListening?.(server);
  const reason = await stopped(options.signal);
  out(`${reason}: closing`);
  await server.close();
  return 0;
}

function parseArguments(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    options: {
      fault: { type: 'string', multiple: true },
      'list-faults': { type: 'boolean' },
      variant: { type: 'string', multiple: true },
      'list-variants': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  }).values;
}

/** Resolves with the abort reason once `signal` is aborted; never without a signal. */
export function stopped(signal: AbortSignal | undefined): Promise<string> {
  return new Promise((resolve) => {
    if (!signal) return;
    const done = () => resolve(typeof signal.reason === 'string' ? signal.reason : 'stopped');
    if (signal.aborted) done();
    else signal.addEventListener('abort', done, { once: true });
  });
}
