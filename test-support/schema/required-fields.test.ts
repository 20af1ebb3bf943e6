import { faker } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { formatPath } from '../../helpers/schema/diagnostics.ts';
import { SCHEMA_NAMES, validate } from '../../helpers/schema/registry.ts';
import { getAt, withAt, withoutAt } from './document-paths.ts';
import { requiredFields } from './required-fields.ts';
import { sampleFor } from './samples.ts';

/** A value of another JSON type than `current`: `true`, or a string where a boolean is expected. */
function wrongTypeFor(current: unknown): unknown {
  return typeof current === 'boolean' ? 'not a boolean' : true;
}

describe('requiredFields', () => {
  it('finds the nested required fields, through $ref, allOf, items and if/then', () => {
    const paths = (name: (typeof SCHEMA_NAMES)[number]) =>
      requiredFields(name, sampleFor(name)).map((f) => formatPath(f.path));
    expect(paths('transaction-response')).toEqual(
      expect.arrayContaining([
        'data.id',
        'data.relationships.order.data.type',
        'data.meta',
        'data.meta.display_price.formatted',
        'data.meta.timestamps.created_at',
      ]),
    );
    expect(paths('integration')).toContain('configuration.url');
    expect(paths('category-listing')).toEqual(
      expect.arrayContaining([
        'data[0].meta.timestamps.updated_at',
        'links.prev',
        'meta.page.limit',
        'meta.results.total',
      ]),
    );
    expect(paths('category-response')).toEqual(
      expect.arrayContaining(['included.products[0].tax-code', 'included.products[0].meta.stock.level']),
    );
    expect(paths('transaction-refund')).not.toContain('meta');
    expect(paths('listing-envelope')).not.toContain('meta.results.all');
  });

  it('skips a then branch whose if does not hold', () => {
    const document = { ...sampleFor('integration'), integration_type: 'aws_sqs' };
    expect(requiredFields('integration', document).map((f) => formatPath(f.path))).not.toContain(
      'configuration.url',
    );
  });
});

describe.each(SCHEMA_NAMES)('every required field of %s', (name) => {
  faker.seed(7);
  const document = sampleFor(name);
  const fields = requiredFields(name, document).map((f) => ({ ...f, label: formatPath(f.path) }));

  it('is found (the sample is valid and has some)', () => {
    expect(validate(name, document).valid).toBe(true);
    expect(fields.length).toBeGreaterThan(0);
  });

  it.each(fields)('$label: missing fails, naming the field', ({ path, label }) => {
    const result = validate(name, withoutAt(document, path));
    expect(result.valid).toBe(false);
    if (!result.valid) {
      expect(result.diagnostics).toContainEqual({ path: label, keyword: 'required', message: 'is required' });
    }
  });

  it.each(fields)('$label: a wrong type fails, naming the field', ({ path, label }) => {
    const result = validate(name, withAt(document, path, wrongTypeFor(getAt(document, path))));
    expect(result.valid).toBe(false);
    if (!result.valid) {
      // A linkage `type` breaks both the generic `type: string` and the specific `const`: one or two diagnostics.
      const keywords = result.diagnostics.filter((d) => d.path === label).map((d) => d.keyword);
      expect(keywords.length).toBeGreaterThan(0);
      for (const keyword of keywords) expect(keyword).toMatch(/^(type|const)$/);
    }
  });
});
