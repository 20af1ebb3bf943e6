import { describe, expect, it } from 'vitest';
import { Collection } from './store.ts';

describe('Collection', () => {
  it('keeps creation order through deletes and slices by offset', () => {
    const c = new Collection<{ id: string }>();
    for (const id of ['a', 'b', 'c', 'd']) c.add({ id });
    expect(c.remove('b', 'record').id).toBe('b');
    expect(() => c.remove('b', 'record')).toThrow(/no record with id "b"/);
    expect(c.slice(0, 10).map((r) => r.id)).toEqual(['a', 'c', 'd']);
    expect(c.slice(1, 1).map((r) => r.id)).toEqual(['c']);
    expect(c.slice(5, 10)).toEqual([]);
    expect(c.size).toBe(3);
    expect(c.get('__proto__')).toBeUndefined();
    expect(() => c.add({ id: 'a' })).toThrow(/duplicate/);
  });
});
