import { describe, expect, it } from 'vitest';
import { SentJournal } from './sent.ts';

describe('the journal of sent requests', () => {
  it('keeps what was sent with the run token and answered 2xx, until the next file begins', () => {
    const journal = new SentJournal();
    journal.note({ method: 'GET', path: '/v2/products', options: {}, status: 200 });
    journal.note({ method: 'GET', path: '/v2/categories', options: { auth: 'token' }, status: 204 });
    journal.note({ method: 'GET', path: '/v2/products?x', options: { auth: 'none' }, status: 200 });
    journal.note({
      method: 'GET',
      path: '/v2/products?y',
      options: { auth: { authorization: 'Bearer z' } },
      status: 200,
    });
    journal.note({ method: 'GET', path: '/v2/products?z', options: {}, status: 404 });
    journal.note({ method: 'GET', path: '/v2/products?w', options: {}, status: 301 });
    expect(journal.entries().map((e) => e.path)).toEqual(['/v2/products', '/v2/categories']);
    journal.begin();
    expect(journal.entries()).toEqual([]);
  });
});
