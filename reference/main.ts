/**
 * `npm run reference`: serves the reference server until SIGINT or SIGTERM (see {@link serveReference}; the
 * same as `commerce-conformance reference`).
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
import { serveReference } from './serve.ts';

const controller = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => controller.abort(signal));
process.exitCode = await serveReference({
  argv: process.argv.slice(2),
  env: process.env,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  signal: controller.signal,
});
