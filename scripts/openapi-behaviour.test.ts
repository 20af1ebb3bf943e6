import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_DEFAULT_DEMO_PRODUCTS } from '../reference/env.ts';
import { type ReferenceServer, startReferenceServer } from '../reference/server.ts';
import { type CliRun, spawnCli } from '../test-support/cli/spawn-cli.ts';
import { startProxy } from '../test-support/proxy/editing-proxy.ts';
import { type PrismProxy, startPrismProxy } from '../test-support/proxy/prism.ts';
import { buildOpenApiDocument, OPENAPI_FILE } from './openapi-document.ts';
import { createExchangeChecker, type ExchangeVerdict, type RecordedExchange } from './openapi-responses.ts';

/** The query of the one request whose answer the recording proxy breaks, to see Prism report it. */
const BREAK = 'openapi-test=break-the-answer';

/**
 * The OpenAPI document against behaviour, as the tools of other ecosystems see it: a gate run (with client
 * credentials, so that the token endpoint is exercised too) and a deep run with a small request budget, at
 * once, through Prism's validating proxy (`prism proxy`, `@stoplight/prism-cli`) in front of a loopback proxy
 * that records every exchange, in front of the reference server with its demo records (a request whose JSON
 * body does not parse, or of a method the document does not describe, goes around Prism: `startPrismProxy`). Prism must report no
 * response that violates the document (the suite's deliberately invalid requests give request violations
 * only), and each recorded answer is also checked against the document's schema for its operation and status.
 */
describe('the OpenAPI document agrees with the reference server under a gate and a deep run through Prism', () => {
  const recorded: RecordedExchange[] = [];
  let server: ReferenceServer;
  let recorder: { url: string; close(): Promise<void> };
  let prism: PrismProxy;
  let runs: CliRun[];
  let verdicts: (ExchangeVerdict & { exchange: RecordedExchange })[];

  beforeAll(async () => {
    server = await startReferenceServer({ demoProducts: CLI_DEFAULT_DEMO_PRODUCTS });
    recorder = await startProxy(server.url, (request, response) => {
      if (request.path.includes(BREAK)) return { ...response, body: '{"data":{}}' };
      recorded.push({
        method: request.method,
        path: request.path,
        status: response.status,
        ...(response.headers['content-type'] ? { contentType: response.headers['content-type'] } : {}),
        body: response.body,
      });
      return response;
    });
    prism = await startPrismProxy(OPENAPI_FILE, recorder.url);
    const run = (env: Record<string, string>) => {
      const reportDir = mkdtempSync(join(tmpdir(), 'openapi-behaviour-'));
      return spawnCli([], mkdtempSync(join(tmpdir(), 'openapi-cwd-')), {
        CONFORMANCE_BASE_URL: prism.url,
        CONFORMANCE_WORKERS: '2',
        CONFORMANCE_REPORT_DIR: reportDir,
        ...env,
      }).then((result) => {
        const report = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as {
          summary: { failed: number };
        };
        expect(report.summary.failed, result.stdout).toBe(0);
        return result;
      });
    };
    runs = await Promise.all([
      // Client credentials rather than a token: the run then asks the token endpoint for one.
      run({ CONFORMANCE_CLIENT_ID: 'reference-client', CONFORMANCE_CLIENT_SECRET: 'reference-secret' }),
      run({
        CONFORMANCE_TOKEN: server.token,
        CONFORMANCE_DEPTH: 'deep',
        CONFORMANCE_REQUEST_BUDGET: '400',
        CONFORMANCE_SEED: '29',
      }),
    ]);
    // What the suite reads only past the hard offset limit (4XX), and the reads it does not send: their
    // documented examples (the demo records).
    const document = buildOpenApiDocument();
    const examples = ['getProduct', 'getOrder', 'getCartItems'].map((operationId) => {
      const [path = '', item = {}] =
        Object.entries(document.paths).find(([, ops]) => ops.get?.operationId === operationId) ?? [];
      const parameters = (item.get?.parameters ?? []) as { name: string; example?: string }[];
      return path.replace(
        /\{(\w+)\}/g,
        (_, name: string) => parameters.find((p) => p.name === name)?.example ?? '',
      );
    });
    for (const path of [
      '/v2/orders?page[limit]=2',
      '/v2/files?page[limit]=2&page[offset]=10000',
      ...examples,
    ]) {
      await fetch(`${prism.url}${path}`, { headers: { Authorization: `Bearer ${server.token}` } });
    }
    const check = createExchangeChecker(document);
    verdicts = recorded.map((exchange) => ({ ...check(exchange), exchange }));
  }, 180_000);

  afterAll(async () => {
    await prism?.close();
    await recorder?.close();
    await server?.close();
  });

  it('both runs pass (exit code 0) through Prism and the recording proxy', () => {
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    expect(recorded.length).toBeGreaterThan(600);
  });

  it("Prism reports no answer that violates the document; it sees the suite's deliberately invalid requests", () => {
    const violations = prism.violations();
    expect(violations.filter((v) => v.startsWith('response'))).toEqual([]);
    expect(violations.filter((v) => v.startsWith('request')).length).toBeGreaterThan(10);
  });

  it('Prism does report an answer that violates the document (the recording proxy breaks one)', async () => {
    const before = prism.violations().length;
    const answer = await fetch(`${prism.url}/v2/categories?${BREAK}`, {
      headers: { Authorization: `Bearer ${server.token}` },
    });
    expect(answer.headers.get('sl-violations')).toMatch(/"location":\["response","body","data"\]/);
    // The listing's data is an object, its links and meta are gone: violations of the answer, and only those.
    await expect
      .poll(() => prism.violations().slice(before))
      .toContain('response.body.data Response body property data must be array');
    expect(
      prism
        .violations()
        .slice(before)
        .filter((v) => !v.startsWith('response.body')),
    ).toEqual([]);
  });

  it('every recorded answer of a documented operation has a documented status and validates against its schema', () => {
    const problems = verdicts
      .filter((v) => v.problems.length > 0)
      .map((v) => `${v.exchange.method} ${v.exchange.path} → ${v.exchange.status}: ${v.problems.join('; ')}`);
    expect(problems).toEqual([]);
  });

  it('every operation of the document was answered 2XX at least once, and validated where it has a schema', () => {
    const document = buildOpenApiDocument();
    const missing: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const withSchema = operation.responses['2XX']?.content !== undefined;
        const seen = verdicts.some(
          (v) =>
            v.operationId === operation.operationId &&
            v.responseKey === '2XX' &&
            (v.validated || !withSchema),
        );
        if (!seen) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('only deliberately malformed requests match no operation (unknown routes, trailing slashes, encoded slashes, a method the path does not have)', () => {
    const document = buildOpenApiDocument();
    const templates = Object.entries(document.paths).map(([template, operations]) => ({
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      methods: Object.keys(operations),
    }));
    const unmatched = verdicts.filter((v) => v.operationId === undefined).map((v) => v.exchange);
    for (const { method, path } of unmatched) {
      const template = templates.find(({ pattern }) => pattern.test(path.split('?')[0] ?? ''));
      if (template) {
        // A known path under a method it does not have (the http area's malformed requests).
        expect(template.methods, `${method} ${path}`).not.toContain(method.toLowerCase());
        continue;
      }
      // Or a path the catalogue of transformations spells another way: a trailing slash, `//`, `/./`.
      if (/\/$|\/\/|\/\.\//.test(path.split('?')[0] ?? '')) continue;
      expect(`${method} ${path}`, path).toMatch(
        /^[A-Z]+ \/v2\/(conformance-no-such-route|echo|text|hang|[a-z]+\/%|[a-z]+\/i%2F)/,
      );
    }
  });
});
