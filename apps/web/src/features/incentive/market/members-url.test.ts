import { describe, expect, it } from 'vitest';
import { DEFAULT_QUERY, membersFromParams, membersHref, membersToParams } from './members-url.ts';

const read = (search: string) => membersFromParams(new URLSearchParams(search));

describe('member tracking in the address', () => {
  it('opens with the defaults on a bare address', () => {
    expect(read('')).toEqual({ query: DEFAULT_QUERY, page: 1, pageSize: 50 });
  });

  it('reads filters, sort, page and page size, and "closest to Q" means nearest first without an order', () => {
    const loc = read('sort=pvToQ&q=notQ&levelMin=1&levelMax=1&pin=330&bracket=15&new=1&search=%E6%9D%8E&page=3&size=100');
    expect(loc).toEqual({
      query: {
        sort: 'pvToQ',
        order: 'asc',
        q: 'notQ',
        joinedThisPy: true,
        levelMin: 1,
        levelMax: 1,
        pins: [330],
        bracketMin: 15,
        bracketMax: 15,
        search: '李',
      },
      page: 3,
      pageSize: 100,
    });
    expect(read('sort=pvToQ&order=desc').query.order).toBe('desc');
    expect(read('sort=level').query.order).toBe('asc');
  });

  it('falls back to the default for anything unreadable, never to a request the BFF refuses', () => {
    const loc = read('sort=evil&order=up&q=maybe&levelMin=0&levelMax=x&pin=-1&bracket=7&page=0&size=51');
    expect(loc).toEqual({ query: DEFAULT_QUERY, page: 1, pageSize: 50 });
    // An upside-down level range keeps its start.
    expect(read('levelMin=3&levelMax=1').query).toMatchObject({ levelMin: 3 });
    expect(read('levelMin=3&levelMax=1').query.levelMax).toBeUndefined();
  });

  it('writes only what differs from the default, keeps parameters it does not own, and reads back the same', () => {
    const base = new URLSearchParams('year=25/26&lang=en&page=4');
    const loc = read('sort=pvToQ&q=notQ&levelMax=1&page=2&size=100');
    const p = membersToParams(loc, base);
    expect(p.get('year')).toBe('25/26');
    expect(p.get('lang')).toBe('en');
    expect(p.get('order')).toBeNull();
    expect(membersFromParams(p)).toEqual(loc);
    expect(membersToParams({ query: DEFAULT_QUERY, page: 1, pageSize: 50 }).toString()).toBe('');
  });

  it('links from a plan gap to the frontline not yet Q, closest first', () => {
    const href = membersHref({ levelMax: 1, q: 'notQ', sort: 'pvToQ' });
    expect(href).toBe('/incentiveplan/marketmembertracking?sort=pvToQ&q=notQ&levelMax=1');
    expect(read(href.split('?')[1]!).query).toMatchObject({ sort: 'pvToQ', order: 'asc', q: 'notQ', levelMax: 1 });
  });
});
