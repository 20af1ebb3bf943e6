import { describe, expect, it } from 'vitest';
import type { ApiError } from '../errors.ts';
import { parseInclude, parsePageParams } from './params.ts';

const soft = { defaultLimit: 100, hardOffsetLimit: false };
const hard = { defaultLimit: 100, hardOffsetLimit: true };

describe('parsePageParams', () => {
  it('applies the defaults and reads the values', () => {
    expect(parsePageParams({}, { defaultLimit: 25, hardOffsetLimit: false })).toEqual({
      limit: 25,
      offset: 0,
    });
    expect(parsePageParams({ 'page[limit]': '7', 'page[offset]': '0014' }, soft)).toEqual({
      limit: 7,
      offset: 14,
    });
    expect(parsePageParams({ 'page[offset]': '10000' }, hard)).toEqual({ limit: 100, offset: 10000 });
    expect(parsePageParams({ 'page[offset]': '10001' }, soft)).toEqual({ limit: 100, offset: 10001 });
  });

  it.each([
    [{ 'page[limit]': '0' }, soft, 'INVALID_QUERY'],
    [{ 'page[limit]': '101' }, soft, 'PAGE_LIMIT_TOO_LARGE'],
    [{ 'page[limit]': ['1', '2'] }, soft, 'INVALID_QUERY'],
    [{ 'page[limit]': '+5' }, soft, 'INVALID_QUERY'],
    [{ 'page[offset]': '-0' }, soft, 'INVALID_QUERY'],
    [{ 'page[offset]': '10001' }, hard, 'OFFSET_LIMIT'],
  ])('refuses %j', (query, options, name) => {
    try {
      parsePageParams(query, options);
      expect.unreachable();
    } catch (error) {
      expect((error as ApiError).errorName).toBe(name);
      expect((error as ApiError).statusCode).toBe(400);
    }
  });
});

describe('parseInclude', () => {
  it.each([
    [{}, []],
    [{ include: '' }, []],
    [{ include: 'products' }, ['products']],
    [{ include: ' main_image , categories,,categories ' }, ['main_image', 'categories']],
    [{ include: ['a', 'b,c'] }, ['a', 'b', 'c']],
    [{ include: 'a,b,c,d,e,f,g' }, ['a', 'b', 'c', 'd', 'e']],
    [{ include: 'a,a,a,a,a,a,b' }, ['a', 'b']],
  ])('reads %j as %j', (query, names) => {
    expect(parseInclude(query)).toEqual(names);
  });
});
