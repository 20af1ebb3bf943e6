// The fault matrix's runner (scripts/fault-matrix.ts starts a few): runs the suite through the compiled
// programmatic API (dist/index.js, the command line's engine: the same run, reports and exit codes), one run
// at a time, many in one process, so that the engine's modules (vitest's among them) load once per runner, not
// once per run. Reads one run a line on stdin, `{ "server", "reportDir", "settings", "baseline"? }`: starts a
// reference server with `server`'s options (its faults and variants), runs the suite against it, and writes
// `@@ {"exitCode", "message"?}` a line on stdout. Its working directory holds no .env, and no CONFORMANCE_*
// variable of its own environment is read: each run's settings are those the line gives.
import { createInterface } from 'node:readline';

const api = await import(new URL('../dist/index.js', import.meta.url).href);

for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() === '') continue;
  const run = JSON.parse(line);
  let result;
  const server = await api.startReferenceServer({ ...run.server, port: 0 });
  try {
    const outcome = await api.runConformance({
      baseUrl: server.url,
      token: server.token,
      reportDir: run.reportDir,
      ...(run.baseline ? { baseline: run.baseline } : {}),
      settings: run.settings,
      env: {},
    });
    result = { exitCode: outcome.exitCode, ...(outcome.message ? { message: outcome.message } : {}) };
  } catch (error) {
    result = { exitCode: 2, message: String(error?.stack ?? error) };
  } finally {
    await server.close();
  }
  process.stdout.write(`@@ ${JSON.stringify(result)}\n`);
}
