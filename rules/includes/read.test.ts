import { describe, expect, it } from 'vitest';
import { CATEGORY, PRODUCTS } from '../../helpers/catalogue/endpoints.ts';
import { type Answered, parseQuery } from '../../helpers/http/journal.ts';
import { Knowledge } from '../../helpers/judge/knowledge.ts';
import {
  askedOf,
  asksEverywhere,
  asksOnlyShownOrMadeUp,
  categoryIdsOf,
  knownCategories,
  misshapen,
  productIdsOf,
  relatesOtherThanKnown,
  sameIds,
} from './read.ts';

/** An answer as the rules read it, of which only the query and the clock matter here. */
const answer = (query: string, sent = 100) => ({ query: parseQuery(query), sent }) as unknown as Answered;
const asked = (query: string) => askedOf(answer(query));

describe('askedOf: the include parameter as a server reads it', () => {
  it('decodes, splits at commas (encoded or not), keeps each key apart and trims the joined names', () => {
    expect(asked('include=products%2C%20main_image&include=files,,')).toEqual({
      values: [
        ['products', ' main_image'],
        ['files', '', ''],
      ],
      names: ['products', 'main_image', 'files'],
    });
    expect(asked('page[limit]=1')).toEqual({ values: [], names: [] });
  });

  it('asks for a name in every reading only when every value names it, exactly', () => {
    expect(asksEverywhere(asked('include=products,products'), 'products')).toBe(true);
    expect(asksEverywhere(asked('include=products&include=main_image,products'), 'products')).toBe(true);
    expect(asksEverywhere(asked('include=products&include=main_image'), 'products')).toBe(false);
    expect(asksEverywhere(asked('include=PRODUCTS'), 'products')).toBe(false);
    expect(asksEverywhere(asked('include=+products'), 'products')).toBe(false);
    expect(asksEverywhere(asked(''), 'products')).toBe(false);
  });

  it('knows the names whose relationship the answer shows: those of §2 in any spelling, and made-up ones', () => {
    const known = new Knowledge(() => 0);
    known.includeMadeUp('conformance_x');
    expect(asksOnlyShownOrMadeUp(asked('include=PRODUCTS,%20products,conformance_x'), CATEGORY, known)).toBe(
      true,
    );
    expect(asksOnlyShownOrMadeUp(asked('include=products,children'), CATEGORY, known)).toBe(false);
    expect(asksOnlyShownOrMadeUp(asked('include=categories'), CATEGORY, known)).toBe(false);
    expect(asksOnlyShownOrMadeUp(asked('include=Categories,files&include=main_image'), PRODUCTS, known)).toBe(
      true,
    );
    expect(asksOnlyShownOrMadeUp(asked('include=,,'), PRODUCTS, known)).toBe(true);
  });
});

describe('the products a category relates', () => {
  const uuid = 'a1b2c3d4-0000-4000-8000-00000000000a';
  const category = (data: unknown) => ({ id: 'c', relationships: { products: { data } } });

  it('reads the ids of relationships.products.data, when it is an array', () => {
    expect(productIdsOf(category([{ type: 'product', id: 'p' }]))).toEqual(['p']);
    expect(productIdsOf(category({ type: 'product', id: 'p' }))).toBeUndefined();
    expect(productIdsOf({ id: 'c' })).toBeUndefined();
  });

  it('compares ids as sets, UUIDs in any case', () => {
    expect(sameIds([uuid.toUpperCase(), 'p'], ['p', uuid, 'p'])).toBe(true);
    expect(sameIds(['p'], ['p', 'q'])).toBe(false);
    expect(sameIds([], [])).toBe(true);
  });

  it('tells a category that relates other products than the run linked, as known when the request was sent', () => {
    let clock = 0;
    const known = new Knowledge(() => ++clock);
    known.categoryCreated('c');
    known.categoryChanged('c', 'p');
    const x = answer('', 10);
    expect(relatesOtherThanKnown(category([{ type: 'product', id: 'p' }]), x, known)).toBe(false);
    expect(relatesOtherThanKnown(category([]), x, known)).toBe(true);
    expect(relatesOtherThanKnown({ id: 'c' }, x, known)).toBe(true);
    expect(relatesOtherThanKnown(category([]), answer('', 1), known)).toBe(false);
    expect(relatesOtherThanKnown({ id: 'other' }, x, known)).toBe(false);
  });
});

describe('the categories a product is in', () => {
  const product = (data: unknown) => ({ id: 'p', relationships: { categories: { data } } });

  it('reads the ids of relationships.categories.data, when it is an array', () => {
    expect(categoryIdsOf(product([{ type: 'category', id: 'c' }]))).toEqual(['c']);
    expect(categoryIdsOf(product(null))).toBeUndefined();
  });

  it("knows the run's categories a product is in and its others, only while every one of them is known", () => {
    let clock = 0;
    const known = new Knowledge(() => ++clock);
    known.categoryCreated('c1');
    known.categoryCreated('c2');
    known.categoryCreated('c3');
    known.categoryChanged('c1', 'p');
    known.categoryChanged('c2', 'p');
    const after = clock + 1;
    expect(knownCategories(product([]), answer('', after), known)).toEqual({
      linked: ['c1', 'c2'],
      others: ['c3'],
    });
    expect(knownCategories({ id: 'q' }, answer('', after), known)).toBeUndefined();
    // A read sent before the last link, or while a link is under way, is held to nothing.
    expect(knownCategories(product([]), answer('', 4), known)).toBeUndefined();
    known.categoryChanging('c3');
    expect(knownCategories(product([]), answer('', clock + 1), known)).toBeUndefined();
  });
});

describe('misshapen', () => {
  it('says what is wrong with an included section that is not an object of arrays of entities', () => {
    expect(misshapen({ products: [{ type: 'product' }], files: [] })).toBeUndefined();
    expect(misshapen({})).toBeUndefined();
    expect(misshapen([{ type: 'product' }])).toMatch(/^included: \[/);
    expect(misshapen({ products: { p1: {} } })).toMatch(/^included\.products: /);
    expect(misshapen({ products: ['p1'] })).toMatch(/^included\.products: /);
    expect(misshapen(null)).toBe('included: null');
  });
});
