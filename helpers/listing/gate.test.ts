import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ListingGate } from './gate.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Two gates on one folder: as two worker threads of a run see it. */
function gates() {
  const folder = join(mkdtempSync(join(tmpdir(), 'gate-test-')), 'gate');
  return [new ListingGate(folder), new ListingGate(folder)] as const;
}

/** Records when each step of a hold starts and ends. */
function log() {
  const events: string[] = [];
  const step = (name: string, ms: number) => async () => {
    events.push(`${name} start`);
    await pause(ms);
    events.push(`${name} end`);
    return name;
  };
  return { events, step };
}

describe('ListingGate', () => {
  it('holds a write to a listing until the comparison of it under way ends', async () => {
    const [a, b] = gates();
    const { events, step } = log();
    const walk = a.hold('read', '/v2/products', step('walk', 80));
    await pause(10);
    const write = b.hold('write', '/v2/products', step('create', 5));
    expect(await Promise.all([walk, write])).toEqual(['walk', 'create']);
    expect(events).toEqual(['walk start', 'walk end', 'create start', 'create end']);
  });

  it('holds a comparison until the write under way ends, and writes waiting go first', async () => {
    const [a, b] = gates();
    const { events, step } = log();
    const write = a.hold('write', '/v2/categories', step('delete', 60));
    await pause(10);
    const walk = b.hold('read', '/v2/categories', step('walk', 5));
    await Promise.all([write, walk]);
    expect(events).toEqual(['delete start', 'delete end', 'walk start', 'walk end']);
  });

  it('lets comparisons go together, writes go together, and other listings go at any time', async () => {
    const [a, b] = gates();
    const { events, step } = log();
    await Promise.all([
      a.hold('read', '/v2/products', step('walk 1', 40)),
      b.hold('read', '/v2/products', step('walk 2', 40)),
      a.hold('write', '/v2/categories', step('create category', 10)),
    ]);
    expect(events.slice(0, 3).sort()).toEqual(['create category start', 'walk 1 start', 'walk 2 start']);
    await Promise.all([
      a.hold('write', '/v2/products', step('create 1', 30)),
      b.hold('write', '/v2/products', step('create 2', 30)),
    ]);
    expect(events.slice(6, 8)).toEqual(['create 1 start', 'create 2 start']);
  });

  it('releases its hold when the step fails, and leaves no marker behind', async () => {
    const [a, b] = gates();
    await expect(
      a.hold('read', '/v2/products', () => Promise.reject(new Error('no answer'))),
    ).rejects.toThrow('no answer');
    expect(await b.hold('write', '/v2/products', async () => 'written')).toBe('written');
    expect(readdirSync(a.folder)).toEqual(['version.products']);
  });

  it("gives a listing a new version with every write of the run to it, and another listing's none", async () => {
    const [a, b] = gates();
    expect(a.version('/v2/products')).toBe('');
    await b.hold('write', '/v2/products', async () => undefined);
    const once = a.version('/v2/products');
    expect(once).not.toBe('');
    await a.hold('read', '/v2/products', async () => undefined);
    await b.hold('write', '/v2/categories', async () => undefined);
    expect(a.version('/v2/products')).toBe(once);
    await expect(
      b.hold('write', '/v2/products', () => Promise.reject(new Error('refused'))),
    ).rejects.toThrow();
    expect(a.version('/v2/products')).not.toBe(once);
  });
});
