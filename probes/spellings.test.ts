import { describe, expect, it } from 'vitest';
import {
  EMPTY_PART,
  QUERY_PARAMS,
  QUERY_SPELLINGS,
  type QuerySpelling,
  queryPoint,
  querySpellings,
} from './space/spellings.ts';
import { spell } from './spellings.ts';

const PARAMS = [
  ['include', 'categories'],
  ['page[limit]', '2'],
  ['page[offset]', '0'],
] as const;

describe('the spellings the probe sends', () => {
  it('are the points of the model they are sent for', () => {
    for (const param of QUERY_PARAMS)
      for (const spelling of Object.keys(QUERY_SPELLINGS) as QuerySpelling[])
        expect(querySpellings(spell(PARAMS, param, spelling)), `${param}: ${spelling}`).toContain(
          queryPoint(param, spelling),
        );
    expect(querySpellings(spell(PARAMS, 'include', EMPTY_PART))).toEqual([EMPTY_PART]);
    expect(querySpellings(spell(PARAMS, 'include', 'a lone %'))).toEqual(['include: a lone %']);
  });
});
