import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { moduleCacheDir } from './module-cache.ts';

describe('moduleCacheDir', () => {
  const root = mkdtempSync(join(tmpdir(), 'module-cache-'));

  it("uses the package's own node_modules", () => {
    const checkout = join(root, 'checkout');
    mkdirSync(checkout);
    const dir = moduleCacheDir(checkout);
    expect(dir).toBe(join(checkout, 'node_modules', '.cache', 'commerce-conformance', 'vitest-modules'));
    expect(existsSync(dir as string)).toBe(true);
  });

  it('gives no directory when it cannot be made (the run then goes without the cache)', () => {
    const blocked = join(root, 'blocked');
    mkdirSync(blocked);
    writeFileSync(join(blocked, 'node_modules'), 'a file, not a directory');
    expect(moduleCacheDir(blocked)).toBeUndefined();
  });
});
