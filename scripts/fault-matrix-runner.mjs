// The fault matrix's runner (scripts/fault-matrix.ts starts a few): runs the suite through the compiled
// programmatic API (dist/index.js, the command line's engine: the same run, reports and exit codes), many runs
// in one process, so that the engine's modules (vitest's among them) load once per runner, not once per run.
// Reads one job a line on stdin, `{ "id", "runs": [{ "server", "reportDir", "settings", "baseline"? }] }`:
// starts a reference server for each run (`server`: its options, faults and variants), runs them all at the
// same time, each against its own server, and writes `@@ {"id", "results": [{ "exitCode", "message"? }]}` a
// line on stdout. Its working directory holds no .env, and no CONFORMANCE_* variable of its own environment
// is read: each run's settings are those the job gives.
import { createInterface } from 'node:readline';

const api = await import(new URL('../dist/index.js', import.meta.url).href);

for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() === '') continue;
  const job = JSON.parse(line);
  const results = await Promise.all(
    job.runs.map(async (run) => {
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
        return { exitCode: outcome.exitCode, ...(outcome.message ? { message: outcome.message } : {}) };
      } catch (error) {
        return { exitCode: 2, message: String(error?.stack ?? error) };
      } finally {
        await server.close();
      }
    }),
  );
  process.stdout.write(`@@ ${JSON.stringify({ id: job.id, results })}\n`);
}
