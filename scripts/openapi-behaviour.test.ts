import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReferenceServer, startReferenceServer } from '../reference/server.ts';
import { type CliRun, spawnCli } from '../test-support/cli/spawn-cli.ts';
import { startProxy } from '../test-support/proxy/editing-proxy.ts';
import { buildOpenApiDocument } from './openapi-document.ts';
import { createExchangeChecker, type ExchangeVerdict, type RecordedExchange } from './openapi-responses.ts';

/**
 * The OpenAPI document against behaviour: a whole conformance run against the reference server, through a
 * loopback proxy that records every exchange, and each recorded answer checked against the document's schema
 * for its operation and status.
 */
describe('the OpenAPI document agrees with the reference server under a whole conformance run', () => {
  const recorded: RecordedExchange[] = [];
  let server: ReferenceServer;
  let proxy: { url: string; close(): Promise<void> };
  let run: CliRun;
  let verdicts: (ExchangeVerdict & { exchange: RecordedExchange })[];

  beforeAll(async () => {
    server = await startReferenceServer();
    proxy = await startProxy(server.url, (request, response) => {
      recorded.push({
        method: request.method,
        path: request.path,
        status: response.status,
        ...(response.headers['content-type'] ? { contentType: response.headers['content-type'] } : {}),
        body: response.body,
      });
      return response;
    });
    const reportDir = mkdtempSync(join(tmpdir(), 'openapi-behaviour-'));
    run = await spawnCli([], mkdtempSync(join(tmpdir(), 'openapi-cwd-')), {
      CONFORMANCE_BASE_URL: proxy.url,
      // Client credentials rather than a token: the run then asks the token endpoint for one.
      CONFORMANCE_CLIENT_ID: 'reference-client',
      CONFORMANCE_CLIENT_SECRET: 'reference-secret',
      CONFORMANCE_WORKERS: '2',
      CONFORMANCE_REPORT_DIR: reportDir,
    });
    const report = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as {
      summary: { failed: number };
    };
    expect(report.summary.failed).toBe(0);
    // The suite reads /v2/orders and /v2/files only past their hard offset limit (4XX): a page of each too.
    for (const path of ['/v2/orders?page[limit]=2', '/v2/files?page[limit]=2&page[offset]=10000']) {
      await fetch(`${proxy.url}${path}`, { headers: { Authorization: `Bearer ${server.token}` } });
    }
    const check = createExchangeChecker(buildOpenApiDocument());
    verdicts = recorded.map((exchange) => ({ ...check(exchange), exchange }));
  }, 180_000);

  afterAll(async () => {
    await proxy?.close();
    await server?.close();
  });

  it('the run passes (exit code 0) and goes through the recording proxy', () => {
    expect(run.code, run.stderr).toBe(0);
    expect(recorded.length).toBeGreaterThan(100);
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
      expect(`${method} ${path}`, path).toMatch(
        /^[A-Z]+ \/v2\/(conformance-no-such-route|echo|text|hang|[a-z]+\/$|[a-z]+\/%|[a-z]+\/i%2F)/,
      );
    }
  });
});
