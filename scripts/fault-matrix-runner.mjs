// The fault matrix's runner (scripts/fault-matrix.ts starts a few): runs the suite through the compiled API
// (dist/index.js), one run a line of stdin at a time, so that the engine's modules load once per runner. Reads
// `{ "server", "reportDir", "settings", "baseline"? }`, writes `@@ {"exitCode", "message"?}`.
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
