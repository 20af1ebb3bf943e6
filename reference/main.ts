/** `npm run reference`: {@link serveReference} until SIGINT or SIGTERM. */
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
