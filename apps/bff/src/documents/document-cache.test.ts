import { describe, expect, it } from 'vitest';
import { DocumentCache } from './document-cache.ts';

const bytes = (n: number) => Buffer.alloc(n);

describe('DocumentCache', () => {
  it('keeps files up to its bytes, the least recently used going first', () => {
    const cache = new DocumentCache(100);
    cache.put('a', bytes(40));
    cache.put('b', bytes(40));
    expect(cache.get('a')).toHaveLength(40);
    cache.put('c', bytes(40));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toHaveLength(40);
    expect(cache.get('c')).toHaveLength(40);
  });

  it('keeps nothing larger than itself, and replaces a key without counting it twice', () => {
    const cache = new DocumentCache(100);
    cache.put('big', bytes(101));
    expect(cache.get('big')).toBeUndefined();
    cache.put('a', bytes(60));
    cache.put('a', bytes(60));
    cache.put('b', bytes(40));
    expect(cache.get('a')).toHaveLength(60);
    expect(cache.get('b')).toHaveLength(40);
  });
});
