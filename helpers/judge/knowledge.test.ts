import { describe, expect, it } from 'vitest';
import { Knowledge } from './knowledge.ts';

const settings = { defaultPageLimit: 100, baseUrl: 'http://target' };

function knowledge() {
  let clock = 0;
  const known = new Knowledge(settings, () => ++clock);
  return { known, tick: () => ++clock };
}

describe('Knowledge: made-up include names', () => {
  it('knows a made-up name in any case and with spaces around it, and nothing else', () => {
    const { known } = knowledge();
    known.includeMadeUp('conformance_unsupported');
    expect(known.isMadeUpInclude('conformance_unsupported')).toBe(true);
    expect(known.isMadeUpInclude(' Conformance_Unsupported ')).toBe(true);
    expect(known.isMadeUpInclude('products')).toBe(false);
    expect(known.isMadeUpInclude('conformance_unsupported_2')).toBe(false);
  });

  it('keeps them over a new suite file', () => {
    const { known } = knowledge();
    known.includeMadeUp('conformance_x');
    known.begin();
    expect(known.isMadeUpInclude('conformance_x')).toBe(true);
  });
});

describe('Knowledge: the products of the run’s categories', () => {
  it('answers what was known when a request was sent, and nothing once a product is linked later', () => {
    const { known, tick } = knowledge();
    known.categoryCreated('c');
    const afterCreate = tick();
    known.productLinked('c', 'p');
    const afterLink = tick();
    expect(known.categoryProducts('c', afterLink)).toEqual(new Set(['p']));
    // Sent before the link was made: what the category held then is no longer a fact.
    expect(known.categoryProducts('c', afterCreate)).toBeUndefined();
    expect(known.categoryProducts('other', afterLink)).toBeUndefined();
  });
});
