/**
 * `npm run bench:depth`: the gate and the deep profile (default budget of 2,000) through a counting proxy:
 * the requests, the deep exploration's own spend, the wall time and the inputs judged per rule in the gate.
 * Measured with one worker, as the embedded reference runs; a gate run with 6 workers is printed too (its
 * count varies: other files change the listings while the pagination checks read them). Prints the targets.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import buildDist from '../bin/build.mjs';
import httpJson from '../rules/http/http-json.ts';
import httpNo5xx from '../rules/http/http-no-5xx.ts';
import { benchRun } from './bench.ts';
import { mark, median } from './cost-ratio.ts';

/**
 * Runs the whole suite once with `args` (e.g. `--depth deep`): what reached the target, the exploration's
 * spend and the inputs judged per rule (`rules[].inputs` of the report), with each rule's level.
 */
async function depthRun(label: string, args: readonly string[], workers = 1) {
  const run = await benchRun(label, 0, {}, ['--workers', String(workers), ...args]);
  const report = JSON.parse(readFileSync(join(run.reportDir, 'conformance.json'), 'utf8')) as {
    exploration?: { budget: number; requests: number };
    rules: { id: string; level: string; inputs?: number }[];
  };
  const inputs = report.rules.map((r) => ({ id: r.id, level: r.level, inputs: r.inputs ?? 0 }));
  return { ...run, inputs, exploration: report.exploration };
}

async function main(): Promise<void> {
  buildDist();
  const gate = await depthRun('gate', ['--seed', '1']);
  const deep = await depthRun('deep, budget 2000', ['--depth', 'deep', '--seed', '1']);
  const gateSix = await depthRun('gate, 6 workers', ['--seed', '1'], 6);
  for (const r of [gate, deep, gateSix]) {
    const spent = r.exploration ? `, exploration ${r.exploration.requests} of ${r.exploration.budget}` : '';
    console.log(
      `${r.label.padEnd(20)} ${String(r.requests).padStart(5)} requests${spent}  ${r.wallMs} ms  exit ${r.exitCode}`,
    );
  }
  const judged = gate.inputs.filter((r) => r.level !== 'INFO').map((r) => r.inputs);
  const answers = (id: string) => gate.inputs.find((r) => r.id === id)?.inputs ?? 0;
  const within = (deep.exploration?.requests ?? Number.POSITIVE_INFINITY) <= 2000;
  console.log(
    [
      `\ngate requests ${gate.requests} (one worker, as the embedded reference runs)   target ≤ 300: ${mark(gate.requests <= 300)}`,
      `gate requests with 6 workers: ${gateSix.requests} (information: boundary pages asked again when a listing moved)`,
      `gate inputs judged per MUST/SHOULD rule: median ${median(judged)}   target ≥ 10: ${mark(median(judged) >= 10)}; ${httpJson.id} ${answers(httpJson.id)}, ${httpNo5xx.id} ${answers(httpNo5xx.id)} answers   target ≥ 200: ${mark(Math.min(answers(httpJson.id), answers(httpNo5xx.id)) >= 200)}`,
      `deep exploration within its budget: ${mark(within)}; deep wall ${deep.wallMs} ms   target < 60000: ${mark(deep.wallMs < 60_000)}`,
    ].join('\n'),
  );
  process.exitCode = [gate, deep, gateSix].every((r) => r.exitCode === 0) ? 0 : 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
