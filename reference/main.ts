/**
 * `npm run reference`: serves the reference server until SIGINT or SIGTERM.
 *
 * Environment (see `env.ts`): `PORT` (4010), `HOST` (127.0.0.1), `REFERENCE_TOKEN` (reference-token),
 * `REFERENCE_CLIENT_ID` / `REFERENCE_CLIENT_SECRET` (reference-client / reference-secret, for
 * `POST /oauth/access_token`), `REFERENCE_DEMO_PRODUCTS` (12 demo products in 2 categories).
 *
 * Exit codes: 0 after a signal, 1 when it cannot listen, 2 when a variable is invalid.
 */
import { EnvError, optionsFromEnv } from './env.ts';
import { startReferenceServer } from './server.ts';

async function main(): Promise<void> {
  let options: ReturnType<typeof optionsFromEnv>;
  try {
    options = optionsFromEnv(process.env);
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
