import { describe, expect, it } from 'vitest';
import { EtagCache, etagOf } from './etag.ts';

describe('the ETag cache', () => {
  it('serialises once per version and changes the ETag with the body', async () => {
    const cache = new EtagCache(1_000);
    let loads = 0;
    const load = async () => {
      loads += 1;
      return { value: loads };
    };
    const first = await cache.get('a', 'v1', load);
    expect(await cache.get('a', 'v1', load)).toBe(first);
    const second = await cache.get('a', 'v2', load);
    expect(loads).toBe(2);
    expect(second.etag).not.toBe(first.etag);
    expect(first.etag).toBe(etagOf(first.body.plain));
  });

  it('forgets the least recently used bodies past its size', async () => {
    const cache = new EtagCache(40);
    let loads = 0;
    const load = async () => {
      loads += 1;
      return { padding: 'x'.repeat(5) };
    };
    await cache.get('a', 'v', load);
    await cache.get('b', 'v', load);
    await cache.get('a', 'v', load);
    await cache.get('c', 'v', load);
    expect(loads).toBe(3);
    await cache.get('a', 'v', load);
    expect(loads).toBe(3);
    await cache.get('b', 'v', load);
    expect(loads).toBe(4);
  });
});
