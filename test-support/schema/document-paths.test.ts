import { describe, expect, it } from 'vitest';
import { getAt, withAt, withoutAt } from './document-paths.ts';

describe('document paths', () => {
  const doc = { a: { b: [{ c: 1 }, { c: 2 }] } };

  it('getAt reads a value or undefined', () => {
    expect(getAt(doc, ['a', 'b', 1, 'c'])).toBe(2);
    expect(getAt(doc, ['a', 'x', 'y'])).toBeUndefined();
    expect(getAt(doc, [])).toBe(doc);
  });

  it('withoutAt removes a key or an element from a copy', () => {
    expect(withoutAt(doc, ['a', 'b', 0, 'c'])).toEqual({ a: { b: [{}, { c: 2 }] } });
    expect(withoutAt(doc, ['a', 'b', 0])).toEqual({ a: { b: [{ c: 2 }] } });
    expect(doc).toEqual({ a: { b: [{ c: 1 }, { c: 2 }] } });
    expect(() => withoutAt(doc, [])).toThrow();
    expect(() => withoutAt(doc, ['x', 'y', 'z'])).toThrow();
  });

  it('withAt sets a value on a copy', () => {
    expect(withAt(doc, ['a', 'b', 1, 'c'], null)).toEqual({ a: { b: [{ c: 1 }, { c: null }] } });
    expect(withAt(doc, [], 5)).toBe(5);
    expect(doc.a.b[1]?.c).toBe(2);
  });
});
