import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VARIANTS } from '../reference/faults/variants.ts';
import { RULES } from '../rules/catalogue.ts';

/**
 * The open points of the specification (`docs/open-points.json`) kept in step with the rule catalogue and the
 * conformant variants, both ways, and rendered as `docs/open-points.md` (`npx vitest run docs/open-points -u`).
 */
interface Entry {
  readonly id: string;
  readonly section: string;
  /** Sentences of the specification, verbatim. */
  readonly says: readonly string[];
  readonly open: string;
  readonly rules: readonly string[];
}
interface Point extends Entry {
  /** Each reading the suite accepts, and what serves it: `reference` (its own choice) or a variant's name. */
  readonly readings: readonly { readonly reading: string; readonly served: string }[];
}
interface Closed extends Entry {
  readonly why: string;
}
interface Table {
  readonly about: string;
  readonly points: readonly Point[];
  readonly closed: readonly Closed[];
}

const table: Table = JSON.parse(readFileSync(new URL('open-points.json', import.meta.url), 'utf8'));
const variantNames = VARIANTS.map((v) => v.name);
const variantsOf = (point: Point) => point.readings.map((r) => r.served).filter((s) => s !== 'reference');
const specDir = new URL('../../shared/spec/', import.meta.url);
const SPEC_FILES = ['commerce-api.md', 'provisioning.md', 'rules.md'];

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (text: string) => `\`${text}\``;
const quotes = (says: readonly string[]) => says.map((s) => `“${cell(s)}”`).join('<br>');
const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;

/** The page: the points with their readings and variants, then the silences closed, with why. */
function renderOpenPoints(t: Table): string {
  const points = t.points.map((p) =>
    row([
      code(p.id),
      p.section,
      quotes(p.says),
      cell(p.open),
      p.readings
        .map((r) => `${cell(r.reading)} (${r.served === 'reference' ? 'the reference' : code(r.served)})`)
        .join('<br>'),
      p.rules.map(code).join(', '),
    ]),
  );
  const closed = t.closed.map((c) =>
    row([
      code(c.id),
      c.section,
      quotes(c.says),
      cell(c.open),
      cell(c.why),
      c.rules.map(code).join(', ') || '—',
    ]),
  );
  return [
    '# Open points: what the specification leaves open',
    '',
    '<!-- Rendered from docs/open-points.json by docs/open-points.test.ts: edit the JSON, then `npx vitest run docs/open-points -u`. -->',
    '',
    t.about,
    '',
    '`npm run reference -- --variant NAME` starts the reference server with one of these readings;',
    '`npm run faults -- --conformant` runs the suite against the server with every variant at once, gate and deep,',
    'and requires zero failures. A reading is never failed by the rules it touches.',
    '',
    `## The ${t.points.length} points, their readings and the variants that serve them`,
    '',
    row(['Point', 'Spec', 'The specification says', 'Left open', 'Readings accepted (served by)', 'Rules']),
    row(['---', '---', '---', '---', '---', '---']),
    ...points,
    '',
    `## ${t.closed.length} silences no reading of a target meets, or that the rule catalogue decides`,
    '',
    row(['Point', 'Spec', 'The specification says', 'Left open', 'Why no variant', 'Rules']),
    row(['---', '---', '---', '---', '---', '---']),
    ...closed,
    '',
  ].join('\n');
}

describe('the open points (docs/open-points.json)', () => {
  it('give each point its readings, each served by the reference or a variant, one at least by a variant', () => {
    const ids = [...table.points, ...table.closed].map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const point of table.points) {
      expect(point.readings.length, point.id).toBeGreaterThanOrEqual(2);
      expect(variantsOf(point).length, `${point.id} has no variant`).toBeGreaterThan(0);
      for (const { served } of point.readings)
        expect(['reference', ...variantNames], `${point.id}: ${served}`).toContain(served);
    }
  });

  it('leave no variant without a point: every conformant variant serves a reading of one', () => {
    const served = new Set(table.points.flatMap(variantsOf));
    expect(variantNames.filter((name) => !served.has(name))).toEqual([]);
  });

  it('name only rules of the catalogue, and every INFO rule (what the specification leaves open)', () => {
    const ids = RULES.map((r) => r.id as string);
    for (const entry of [...table.points, ...table.closed]) {
      for (const id of entry.rules) expect(ids, `${entry.id}: ${id}`).toContain(id);
    }
    const named = new Set([...table.points, ...table.closed].flatMap((p) => p.rules));
    expect(RULES.filter((r) => r.level === 'INFO' && !named.has(r.id)).map((r) => r.id)).toEqual([]);
    for (const closed of table.closed) expect(closed.why.length, closed.id).toBeGreaterThan(20);
  });

  it('quote the specification verbatim, and quote every "not shown" and "not specified" of it', (ctx) => {
    if (!existsSync(new URL('commerce-api.md', specDir))) ctx.skip('shared/spec is not beside this checkout');
    const texts = SPEC_FILES.map((name) => readFileSync(new URL(name, specDir), 'utf8'));
    const says = [...table.points, ...table.closed].flatMap((p) => p.says.map((s) => [p.id, s] as const));
    const flat = texts.map((text) => text.replace(/\s+/g, ' '));
    for (const [id, quote] of says)
      expect(
        flat.some((text) => text.includes(quote)),
        `${id}: ${quote}`,
      ).toBe(true);
    const silences = texts
      .slice(0, 2)
      .flatMap((text) => text.split('\n'))
      .filter((line) => /not (shown|specified)/.test(line) && !line.includes('("not shown")'))
      .map((line) => line.replace(/^- /, '').trim());
    const quoted = says.map(([, quote]) => quote);
    expect(silences.filter((line) => !quoted.some((q) => line.startsWith(q)))).toEqual([]);
  });

  it('are rendered as docs/open-points.md', async () => {
    await expect(renderOpenPoints(table)).toMatchFileSnapshot('open-points.md');
  });
});
