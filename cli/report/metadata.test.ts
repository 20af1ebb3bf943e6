import { describe, expect, it } from 'vitest';
import { RULES } from '../../rules/catalogue.ts';
import { collected, exchange, report } from '../../test-support/cli/make.ts';
import { catalogueHash, defaultLabel, serverHeader } from './metadata.ts';

describe('report metadata', () => {
  it('hashes the catalogue stably: the same rules in any order give the same hash, a changed rule another', () => {
    expect(catalogueHash()).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(catalogueHash([...RULES].reverse())).toBe(catalogueHash());
    const [first, ...rest] = RULES;
    if (!first) throw new Error('empty catalogue');
    expect(catalogueHash([{ ...first, title: `${first.title} ` }, ...rest])).not.toBe(catalogueHash());
    expect(
      catalogueHash([{ ...first, level: first.level === 'MUST' ? 'SHOULD' : 'MUST' }, ...rest]),
    ).not.toBe(catalogueHash());
    expect(catalogueHash(rest)).not.toBe(catalogueHash());
    // Only id, level and text count: the area or section of a rule may move.
    const moved: (typeof RULES)[number] = { ...first, area: 'http', section: '§9' };
    expect(catalogueHash([moved, ...rest])).toBe(catalogueHash());
  });

  it('labels a run: the label given, else "embedded reference" or the base URL', () => {
    expect(defaultLabel(' staging ', 'https://x.example', false)).toBe('staging');
    expect(defaultLabel(undefined, 'http://127.0.0.1:4100', true)).toBe('embedded reference');
    expect(defaultLabel('', 'https://x.example', false)).toBe('https://x.example');
  });

  it('finds the Server header of the first response that has one, whatever its case', () => {
    const plain = exchange('GET', 'http://t/v2/integrations', 200);
    const served = {
      ...plain,
      response: { status: 200, headers: { Server: 'nginx/1.25.3' }, body: '{}' },
    };
    expect(serverHeader([exchange('GET', 'http://t/x'), plain, served])).toBe('nginx/1.25.3');
    expect(serverHeader([plain])).toBeUndefined();
  });

  it('is recorded in every report: seed none and depth gate until inputs are generated', () => {
    const r = report([collected('INT-GET', 'passed')], {
      filter: { rules: ['INT-GET'], areas: [] },
      shards: ['1/2'],
      server: 'commerce/2.1',
    });
    expect(r.metadata).toEqual({
      label: 'http://127.0.0.1:4010',
      catalogueHash: catalogueHash(),
      seed: null,
      depth: 'gate',
      selection: { rules: ['INT-GET'], areas: [], shards: ['1/2'] },
      server: 'commerce/2.1',
    });
  });
});
