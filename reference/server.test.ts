import { describe, expect, it } from 'vitest';
import { formatHostPort, startReferenceServer } from './server.ts';

describe('startReferenceServer', () => {
  it('serves real HTTP on an ephemeral port until closed', async () => {
    const server = await startReferenceServer({ port: 0, demoProducts: 3 });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(server.token).toBe('token-of-the-reference');
      const res = await fetch(`${server.url}/v2/products?page[limit]=2`, {
        headers: { authorization: `Bearer ${server.token}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const body = (await res.json()) as { data: unknown[]; links: { next: string } };
      expect(body.data).toHaveLength(2);
      expect(body.links.next).toBe(`${server.url}/v2/products?page[limit]=2&page[offset]=2`);
      const next = await fetch(body.links.next, { headers: { authorization: `Bearer ${server.token}` } });
      expect(((await next.json()) as { data: unknown[] }).data).toHaveLength(1);

      const refused = await fetch(`${server.url}/v2/products`);
      expect(refused.status).toBe(401);
    } finally {
      await server.close();
    }
    await expect(fetch(`${server.url}/v2/products`)).rejects.toThrow();
  });

  it('uses the given token, and refuses an invalid port or option', async () => {
    const server = await startReferenceServer({ token: 'abc.DEF-123' });
    try {
      expect(server.token).toBe('abc.DEF-123');
    } finally {
      await server.close();
    }
    await expect(startReferenceServer({ port: 70_000 })).rejects.toThrow(/port/);
    await expect(startReferenceServer({ defaultPageLimit: 0 })).rejects.toThrow(/defaultPageLimit/);
  });

  it('brackets IPv6 hosts in the URL', () => {
    expect(formatHostPort('::1', 4010)).toBe('[::1]:4010');
    expect(formatHostPort('127.0.0.1', 4010)).toBe('127.0.0.1:4010');
  });
});
