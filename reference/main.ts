/**
 * `npm run reference`: serves the reference server until SIGINT or SIGTERM, as `commerce-conformance
 * reference` does ({@link serveReference}: its arguments, `--fault`, `--variant`, `--list-faults`,
 * `--list-variants`; its environment, `env.ts`). Exit codes: 0 after a signal, 1 when it cannot listen, 2
 * when a variable or an argument is invalid.
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
