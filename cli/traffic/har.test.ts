import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type HarEntry, HarError, readHar } from './har.ts';

const dir = mkdtempSync(join(tmpdir(), 'har-test-'));
let n = 0;
function file(text: string): string {
  n += 1;
  const path = join(dir, `${n}.har`);
  writeFileSync(path, text);
  return path;
}

async function read(path: string, chunkSize?: number) {
  const out: { index: number; entry: HarEntry }[] = [];
  for await (const item of readHar(path, chunkSize)) out.push(item as { index: number; entry: HarEntry });
  return out;
}

const entry = (i: number, text = '{"data":[]}') => ({
  startedDateTime: `2026-11-24T10:00:0${i}.000Z`,
  request: { method: 'GET', url: `http://api.test/v2/products?n=${i}`, headers: [] },
  response: { status: 200, headers: [], content: { size: text.length, text } },
});

describe('readHar', () => {
  it('reads every entry in order, whatever comes before log.entries and however the bytes are cut', async () => {
    const tricky = '{"quote \\" brace } bracket ] key \\"entries\\"": "é ✓ 𝄞"}';
    const har = {
      log: {
        version: '1.2',
        creator: { name: 'x', version: '1', entries: [{ not: 'these' }] },
        pages: [{ id: 'p', title: '{[' }],
        entries: [entry(0), entry(1, tricky), entry(2)],
      },
    };
    const path = file(`\ufeff${JSON.stringify(har, null, 2)}`);
    for (const chunk of [1, 3, 7, 1 << 20]) {
      const got = await read(path, chunk);
      expect(got.map((g) => g.index)).toEqual([0, 1, 2]);
      expect(got.map((g) => g.entry.request.url)).toEqual(har.log.entries.map((e) => e.request.url));
      expect(got[1]?.entry.response?.content?.text).toBe(tricky);
    }
  });

  it('reads log.entries when it comes before the other keys of log, and log after other keys', async () => {
    const path = file(JSON.stringify({ other: { log: 1 }, log: { entries: [entry(0)], version: '1.2' } }));
    expect((await read(path, 5)).length).toBe(1);
  });

  it('refuses a file that is not a HAR, an entry that is not JSON, and a file it cannot read', async () => {
    await expect(read(file('{"log":{"pages":[]}}'))).rejects.toThrow(/no log.entries array/);
    await expect(read(file('{"entries":[]}'))).rejects.toThrow(HarError);
    await expect(
      read(file('{"log":{"entries":[{"request":{"method":"GET","url":"u"}},{"a":tru}]}}')),
    ).rejects.toThrow(/entry 1 is not JSON/);
    await expect(read(file('{"log":{"entries":[{"request":{"method":"GET","url":"u"}}'))).rejects.toThrow(
      /ends early/,
    );
    await expect(read(join(dir, 'missing.har'))).rejects.toThrow(/cannot be read \(ENOENT\)/);
  });

  it('reads any body text, cut anywhere: quotes, backslash runs and braces in strings never confuse it', async () => {
    const text = fc.string({
      unit: fc.constantFrom('"', '\\', '{', '}', '[', ']', ':', 'a', 'é', '𝄞', '\n'),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(text, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 40 }),
        async (bodies, chunk) => {
          const path = file(JSON.stringify({ log: { entries: bodies.map((b, i) => entry(i, b)) } }));
          const got = await read(path, chunk);
          expect(got.map((g) => g.entry.response?.content?.text)).toEqual(bodies);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('reads an empty recording as no entry', async () => {
    expect(await read(file('{"log":{"version":"1.2","entries":[]}}'))).toEqual([]);
  });
});
