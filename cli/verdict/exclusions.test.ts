import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODE_ROOT } from '../../helpers/package.ts';
import { coversEveryShare, READ_ONLY_REASON } from './exclusions.ts';

describe('coversEveryShare', () => {
  it('holds when the shards of some count are all there', () => {
    expect(coversEveryShare(['1/2', '2/2'])).toBe(true);
    expect(coversEveryShare(['2/3', '1/3', '3/3'])).toBe(true);
    expect(coversEveryShare(['1/1'])).toBe(true);
    expect(coversEveryShare(['1/2'])).toBe(false);
    expect(coversEveryShare(['1/3', '3/3', '2/2'])).toBe(false);
    expect(coversEveryShare([])).toBe(false);
  });
});

describe('READ_ONLY_REASON', () => {
  /** Every string literal of the probes, the rules, the check helper and the command line's run that reads as a read-only skip reason. */
  function readOnlyReasons(): string[] {
    const files = [join(CODE_ROOT, 'helpers/check/check.ts'), join(CODE_ROOT, 'cli/run.ts')];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) files.push(path);
      }
    };
    for (const dir of ['probes', 'rules', 'suites']) walk(join(CODE_ROOT, dir));
    return files.flatMap(
      (file) =>
        readFileSync(file, 'utf8').match(
          /['`"][^'`"\n]*(CONFORMANCE_READ_ONLY|read-only mode without)[^'`"\n]*/g,
        ) ?? [],
    );
  }

  it('matches the reason of every check and probe that read-only mode skips', () => {
    const reasons = readOnlyReasons();
    expect(reasons.length).toBeGreaterThan(3);
    for (const literal of reasons) expect(literal.slice(1)).toMatch(READ_ONLY_REASON);
    expect('the order could not be made').not.toMatch(READ_ONLY_REASON);
  });
});
