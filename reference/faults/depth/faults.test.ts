import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEPTH_FAULTS, FAULTS } from '../catalogue.ts';
import { DEPTH_VARIANTS, VARIANTS } from '../variants.ts';

/** The unit tests of this folder, as text: each depth fault and variant is named by one of them. */
const tests = readdirSync(new URL('.', import.meta.url))
  .filter((file) => file.endsWith('.test.ts') && file !== 'faults.test.ts')
  .map((file) => readFileSync(new URL(file, import.meta.url), 'utf8'))
  .join('\n');

describe('depth faults and variants', () => {
  it('are registered in the catalogue, each with its profile', () => {
    expect(FAULTS.filter((fault) => DEPTH_FAULTS.includes(fault))).toEqual(DEPTH_FAULTS);
    for (const fault of DEPTH_FAULTS) expect(fault.profile, fault.name).toMatch(/^(gate|deep)$/);
    expect(VARIANTS.filter((variant) => DEPTH_VARIANTS.includes(variant))).toEqual(DEPTH_VARIANTS);
    expect(DEPTH_FAULTS.length).toBeGreaterThan(0);
  });

  it('name the sentence of the specification that allows each variant', () => {
    for (const variant of DEPTH_VARIANTS) expect(variant.description, variant.name).toMatch(/§\d/);
  });

  it('each have a unit test beside them', () => {
    for (const { name } of [...DEPTH_FAULTS, ...DEPTH_VARIANTS]) expect(tests, name).toContain(`'${name}'`);
  });
});
