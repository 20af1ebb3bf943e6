import { describe, expect, it } from 'vitest';
import {
  duplicateIncluded,
  includedEntities,
  linkagesOf,
  singular,
  unreferencedIncluded,
} from './included.ts';

const category = {
  id: 'c1',
  type: 'category',
  relationships: {
    products: {
      data: [
        { type: 'product', id: 'p1' },
        { type: 'product', id: 'p2' },
      ],
    },
  },
};

const product = (id: string, categories: string[], mainImage?: string) => ({
  id,
  type: 'product',
  relationships: {
    categories: { data: categories.map((c) => ({ type: 'category', id: c })) },
    ...(mainImage ? { main_image: { data: { type: 'main_image', id: mainImage } } } : {}),
  },
});

describe('singular', () => {
  it('turns group names into kinds', () => {
    expect(['products', 'categories', 'files', 'main_images', 'main_image'].map(singular)).toEqual([
      'product',
      'category',
      'file',
      'main_image',
      'main_image',
    ]);
  });
});

describe('linkagesOf and includedEntities', () => {
  it('collects to-one and to-many linkage of one resource or a list', () => {
    expect(linkagesOf(category)).toEqual([
      { relationship: 'products', type: 'product', id: 'p1' },
      { relationship: 'products', type: 'product', id: 'p2' },
    ]);
    expect(linkagesOf([product('p1', ['c1']), product('p2', [], 'img')])).toEqual([
      { relationship: 'categories', type: 'category', id: 'c1' },
      { relationship: 'main_image', type: 'main_image', id: 'img' },
    ]);
    expect(linkagesOf({ relationships: { x: null, y: { data: null } } })).toEqual([]);
    expect(linkagesOf(undefined)).toEqual([]);
  });

  it('lists the entities of each included array', () => {
    expect(includedEntities({ products: [{ type: 'product', id: 'p1' }, 'odd'], other: {} })).toEqual([
      { key: 'products', index: 0, type: 'product', id: 'p1' },
      { key: 'products', index: 1, type: undefined, id: undefined },
    ]);
    expect(includedEntities([])).toEqual([]);
  });
});

describe('unreferencedIncluded', () => {
  it('matches included.products entities (type product) to relationships.products', () => {
    const included = {
      products: [
        { type: 'product', id: 'p2' },
        { type: 'product', id: 'p1' },
      ],
    };
    expect(unreferencedIncluded(category, included)).toEqual([]);
  });

  it('finds an entity that nothing references', () => {
    const included = {
      products: [
        { type: 'product', id: 'p1' },
        { type: 'product', id: 'p9' },
      ],
    };
    expect(unreferencedIncluded(category, included)).toEqual([
      { key: 'products', index: 1, type: 'product', id: 'p9' },
    ]);
  });

  it('does not take an id of another kind for a reference', () => {
    const included = { files: [{ type: 'file', id: 'p1' }] };
    expect(unreferencedIncluded(category, included)).toHaveLength(1);
  });

  it('accepts an image entity of another type under the group named after the relationship', () => {
    const data = [product('p1', ['c1'], 'img1')];
    const included = {
      main_images: [{ type: 'file', id: 'img1' }],
      categories: [{ type: 'category', id: 'c1' }],
    };
    expect(unreferencedIncluded(data, included)).toEqual([]);
  });

  it('references across every resource of a listing', () => {
    const data = [product('p1', ['c1']), product('p2', ['c2'])];
    const included = {
      categories: [
        { type: 'category', id: 'c2' },
        { type: 'category', id: 'c3' },
      ],
    };
    expect(unreferencedIncluded(data, included).map((e) => e.id)).toEqual(['c3']);
  });
});

describe('duplicateIncluded', () => {
  it('finds an entity twice in one array, not the same id in two arrays', () => {
    const included = {
      products: [
        { type: 'product', id: 'p1' },
        { type: 'product', id: 'p1' },
      ],
      others: [{ type: 'product', id: 'p1' }],
    };
    expect(duplicateIncluded(included)).toEqual([{ key: 'products', index: 1, type: 'product', id: 'p1' }]);
    expect(duplicateIncluded({ products: [{ type: 'product', id: 'p1' }] })).toEqual([]);
  });
});

describe('ids in any case', () => {
  const upper = 'A1B2C3D4-0000-4000-8000-00000000000A';
  it('takes a UUID in another case for the same entity, and other ids only as they are', () => {
    const data = { relationships: { products: { data: [{ type: 'product', id: upper.toLowerCase() }] } } };
    expect(unreferencedIncluded(data, { products: [{ type: 'product', id: upper }] })).toEqual([]);
    const twice = {
      products: [
        { type: 'product', id: upper },
        { type: 'product', id: upper.toLowerCase() },
      ],
    };
    expect(duplicateIncluded(twice)).toHaveLength(1);
    expect(
      duplicateIncluded({
        products: [
          { type: 'product', id: 'A' },
          { type: 'product', id: 'a' },
        ],
      }),
    ).toEqual([]);
  });
});
