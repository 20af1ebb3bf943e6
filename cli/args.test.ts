import { describe, expect, it } from 'vitest';
import { parseCommand, UsageError } from './args.ts';

function usageError(argv: string[]): string {
  try {
    parseCommand(argv);
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  throw new Error('expected a UsageError');
}

describe('parseCommand', () => {
  it('reads traffic and proxy, with their own flags only', () => {
    expect(parseCommand(['traffic', 'a.har', 'b.har', '--base-url', 'https://x.test', '--strict'])).toEqual({
      kind: 'traffic',
      files: ['a.har', 'b.har'],
      settings: { CONFORMANCE_BASE_URL: 'https://x.test' },
      strict: true,
    });
    expect(parseCommand(['proxy', '--target', 'https://x.test', '--report-every', '30'])).toEqual({
      kind: 'proxy',
      target: 'https://x.test',
      host: '127.0.0.1',
      port: 0,
      reportEvery: 30,
      settings: {},
      strict: false,
    });
    expect(usageError(['traffic'])).toMatch(/give the HAR files/);
    expect(usageError(['traffic', 'a.har', '--rule', 'INT-GET'])).toMatch(/traffic does not take --rule/);
    expect(usageError(['traffic', 'a.har', '--port', '1'])).toMatch(/traffic does not take --port/);
    expect(usageError(['proxy'])).toMatch(/--target URL/);
    expect(usageError(['proxy', '--target', 'http://x', '--port', '70000'])).toMatch(
      /--port: expected a port/,
    );
    expect(usageError(['proxy', '--target', 'http://x', '--report-every', '0'])).toMatch(/--report-every/);
    expect(usageError(['--target', 'http://x'])).toMatch(/--target is a flag of the proxy command/);
  });

  it('maps flags to settings, and reads filters, strict mode and the shard', () => {
    expect(
      parseCommand([
        '--base-url',
        'https://staging.example.com',
        '--token=abc',
        '--report-dir',
        'out',
        '--read-only',
        '--timeout-ms',
        '5000',
        '--strict',
        '--rule',
        'page-max-limit',
        '--rule',
        'INT-GET',
        '--area',
        'integrations',
        '--shard',
        '2/3',
      ]),
    ).toEqual({
      kind: 'run',
      settings: {
        CONFORMANCE_BASE_URL: 'https://staging.example.com',
        CONFORMANCE_TOKEN: 'abc',
        CONFORMANCE_REPORT_DIR: 'out',
        CONFORMANCE_READ_ONLY: '1',
        CONFORMANCE_TIMEOUT_MS: '5000',
      },
      strict: true,
      selection: { rules: ['PAGE-MAX-LIMIT', 'INT-GET'], areas: ['integrations'] },
      shard: '2/3',
    });
    expect(parseCommand([])).toEqual({
      kind: 'run',
      settings: {},
      strict: false,
      selection: { rules: [], areas: [] },
    });
    expect(parseCommand(['--help'])).toEqual({ kind: 'help' });
  });

  it('reads the merge command', () => {
    expect(parseCommand(['merge', 'a', 'b', '--report-dir', 'all', '--strict'])).toEqual({
      kind: 'merge',
      dirs: ['a', 'b'],
      settings: { CONFORMANCE_REPORT_DIR: 'all' },
      strict: true,
    });
    expect(usageError(['merge'])).toMatch(/give the report directories/);
  });

  it('reads the diff and matrix commands, which take report paths and --report-dir only', () => {
    expect(parseCommand(['diff', 'night1', 'night2/conformance.json'])).toEqual({
      kind: 'diff',
      a: 'night1',
      b: 'night2/conformance.json',
    });
    expect(parseCommand(['diff', 'a', 'b', '--report-dir', 'out'])).toEqual({
      kind: 'diff',
      a: 'a',
      b: 'b',
      out: 'out',
    });
    expect(usageError(['diff', 'a'])).toMatch(/^diff: give two reports, A and B/);
    expect(usageError(['diff', 'a', 'b', 'c'])).toMatch(/^diff: give two reports/);
    expect(usageError(['diff', 'a', 'b', '--strict'])).toBe(
      'diff takes no flag but --report-dir (see --help)',
    );
    expect(parseCommand(['matrix', 'x', 'y', 'z', '--report-dir', 'm'])).toEqual({
      kind: 'matrix',
      dirs: ['x', 'y', 'z'],
      out: 'm',
    });
    expect(parseCommand(['matrix', 'x'])).toEqual({ kind: 'matrix', dirs: ['x'] });
    expect(usageError(['matrix'])).toMatch(/^matrix: give the report directories/);
    expect(usageError(['matrix', 'x', '--base-url', 'https://t.example'])).toBe(
      'matrix takes no flag but --report-dir (see --help)',
    );
  });

  it('reads the cleanup command, which takes settings only', () => {
    expect(parseCommand(['cleanup', '--report-dir', 'out', '--base-url', 'https://t.example'])).toEqual({
      kind: 'cleanup',
      settings: { CONFORMANCE_REPORT_DIR: 'out', CONFORMANCE_BASE_URL: 'https://t.example' },
    });
    expect(usageError(['cleanup', 'extra'])).toMatch(/^cleanup takes only settings flags/);
    expect(usageError(['cleanup', '--rule', 'INT-GET'])).toMatch(/^cleanup takes only settings flags/);
  });

  it('gives every new setting a flag', () => {
    expect(
      parseCommand(['--concurrency', '4', '--workers', '2', '--retries', '0', '--deadline-ms', '5000']),
    ).toMatchObject({
      settings: {
        CONFORMANCE_CONCURRENCY: '4',
        CONFORMANCE_WORKERS: '2',
        CONFORMANCE_RETRIES: '0',
        CONFORMANCE_DEADLINE_MS: '5000',
      },
    });
  });

  it('passes the arguments of reference on to the reference server, unparsed', () => {
    expect(parseCommand(['reference'])).toEqual({ kind: 'reference', args: [] });
    expect(parseCommand(['reference', '--fault', 'x', '--list-variants'])).toEqual({
      kind: 'reference',
      args: ['--fault', 'x', '--list-variants'],
    });
    expect(usageError(['--strict', 'reference'])).toMatch(
      /"merge", "diff", "matrix", "traffic", "proxy", "cleanup", "baseline write" and "reference"/,
    );
  });

  it('refuses bad command lines with one message, never echoing a secret', () => {
    expect(usageError(['--nope'])).toBe("Unknown option '--nope' (see --help)");
    expect(usageError(['--area', 'orders'])).toMatch(
      /^--area: "orders" is not an area; areas: http, transactions/,
    );
    expect(usageError(['--shard', '3/2'])).toMatch(/^--shard: expected i\/n/);
    expect(usageError(['extra'])).toMatch(/unexpected argument "extra"/);
    expect(usageError(['--token'])).toMatch(/--token/);
    const secret = 'sup3r-s3cret-value';
    for (const argv of [
      ['--client-secret', secret, 'stray'],
      ['--token', secret, '--bogus'],
    ]) {
      expect(usageError(argv)).not.toContain(secret);
    }
  });

  it('reads the baseline flags, --rerun-failed, and the baseline write command', () => {
    expect(
      parseCommand([
        '--baseline',
        'b.json',
        '--strict-baseline',
        '--label',
        'staging',
        '--rerun-failed',
        'reports',
      ]),
    ).toEqual({
      kind: 'run',
      settings: { CONFORMANCE_BASELINE: 'b.json', CONFORMANCE_LABEL: 'staging' },
      strict: false,
      strictBaseline: true,
      selection: { rules: [], areas: [] },
      rerunFailed: 'reports',
    });
    expect(parseCommand(['baseline', 'write', '--report-dir', 'out', '--baseline', 'b.json'])).toEqual({
      kind: 'baseline-write',
      settings: { CONFORMANCE_REPORT_DIR: 'out', CONFORMANCE_BASELINE: 'b.json' },
    });
    expect(parseCommand(['merge', 'a', 'b', '--strict-baseline'])).toMatchObject({
      kind: 'merge',
      strictBaseline: true,
    });
    expect(usageError(['baseline'])).toMatch(/"baseline write --report-dir <dir> --baseline <file>"/);
    expect(usageError(['baseline', 'write', '--strict'])).toMatch(/baseline write/);
    expect(usageError(['--rerun-failed', 'r', '--rule', 'INT-GET'])).toMatch(
      /--rerun-failed chooses the rules/,
    );
  });
});
