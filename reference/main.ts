/**
 * `npm run reference`: serves the reference server until SIGINT or SIGTERM.
 *
 * Arguments: `--fault NAME` (repeatable) switches a fault on; `--list-faults` prints every fault as
 * `NAME RULE-ID`, one a line, and exits. `--variant NAME` (repeatable) switches a conformant variant on;
 * `--list-variants` prints them.
 *
 * Environment (see `env.ts`): `PORT` (4010), `HOST` (127.0.0.1), `REFERENCE_TOKEN` (reference-token),
 * `REFERENCE_CLIENT_ID` / `REFERENCE_CLIENT_SECRET` (reference-client / reference-secret, for
 * `POST /oauth/access_token`), `REFERENCE_DEMO_PRODUCTS` (12 demo products in 2 categories).
 *
 * Exit codes: 0 after a signal, 1 when it cannot listen, 2 when a variable or an argument is invalid.
 */
import { parseArgs } from 'node:util';
import { EnvError, optionsFromEnv } from './env.ts';
import { findFault, findVariant, listFaults, listVariants } from './faults/catalogue.ts';
import { startReferenceServer } from './server.ts';

/** The command-line arguments: faults to switch on, or the request to list them. */
function parseArguments(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      fault: { type: 'string', multiple: true },
      'list-faults': { type: 'boolean' },
      variant: { type: 'string', multiple: true },
      'list-variants': { type: 'boolean' },
    },
    strict: true,
  });
  return {
    faults: values.fault ?? [],
    listFaults: values['list-faults'] ?? false,
    variants: values.variant ?? [],
    listVariants: values['list-variants'] ?? false,
  };
}

async function main(): Promise<void> {
  let args: ReturnType<typeof parseArguments>;
  try {
    args = parseArguments(process.argv.slice(2));
  } catch (error) {
    console.error(`reference: ${error instanceof Error ? error.message : String(error)}`);
    console.error(
      'usage: npm run reference -- [--fault NAME]... [--variant NAME]... | --list-faults | --list-variants',
    );
    process.exit(2);
  }
  if (args.listFaults || args.listVariants) {
    console.log(args.listFaults ? listFaults() : listVariants());
    return;
  }
  const unknown = [
    ...args.faults.filter((name) => findFault(name) === undefined).map((n) => `fault "${n}" (--list-faults)`),
    ...args.variants
      .filter((name) => findVariant(name) === undefined)
      .map((n) => `variant "${n}" (--list-variants)`),
  ];
  if (unknown.length > 0) {
    console.error(`reference: unknown ${unknown.join(', ')}`);
    process.exit(2);
  }

  let options: ReturnType<typeof optionsFromEnv>;
  try {
    options = { ...optionsFromEnv(process.env), faults: args.faults, variants: args.variants };
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`reference: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }

  let server: Awaited<ReturnType<typeof startReferenceServer>>;
  try {
    server = await startReferenceServer(options);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`reference: cannot listen on ${options.host}:${options.port}: ${reason}`);
    process.exit(1);
  }

  console.log(`listening ${server.url}`);
  if (args.faults.length > 0) console.log(`faults ${args.faults.join(' ')}`);
  if (args.variants.length > 0) console.log(`variants ${args.variants.join(' ')}`);
  console.log(`token ${server.token}`);
  // `-g` stops curl from reading the brackets of page[limit] as a glob.
  console.log(
    `try: curl -g -H 'Authorization: Bearer ${server.token}' '${server.url}/v2/products?page[limit]=5'`,
  );

  const stop = (signal: NodeJS.Signals) => {
    console.log(`${signal}: closing`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('reference: error while closing', error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

await main();
