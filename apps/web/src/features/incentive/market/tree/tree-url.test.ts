import { describe, expect, it } from 'vitest';
import { treeSortOf, treeViewOf, withoutFilters, withTreeSort } from './tree-url.ts';

const params = (search: string) => new URLSearchParams(search);

describe('the team tree in the address', () => {
  it('opens in group PV order without filters on a bare address (calls as before)', () => {
    expect(treeViewOf(params('view=tree'))).toEqual({ sort: 'gpv', filters: {} });
    // The list's sort and page are the list's: they narrow nothing.
    expect(treeViewOf(params('view=tree&sort=pvToQ&order=desc&page=3&size=100'))).toEqual({ sort: 'gpv', filters: {} });
  });

  it("reads its own order and the list's filters as the list reads them, unreadable ones left out", () => {
    const view = treeViewOf(params('treeSort=pvToQ&q=notQ&levelMin=2&levelMax=4&pin=330&bracket=15&new=1&search=%E6%9D%8E'));
    expect(view).toEqual({
      sort: 'pvToQ',
      filters: { q: 'notQ', levelMin: 2, levelMax: 4, pins: [330], bracketMin: 15, bracketMax: 15, joinedThisPy: true, search: '李' },
    });
    expect(treeViewOf(params('treeSort=gap&q=maybe&bracket=7&new=0&levelMin=0'))).toEqual({ sort: 'gpv', filters: {} });
    expect(treeSortOf(params('treeSort=pgpv'))).toBe('gpv');
  });

  it('changes the order alone, and drops the filters alone', () => {
    const p = params('view=tree&q=notQ&search=Li&sort=ppv&page=2');
    expect(withTreeSort(p, 'pvToQ').toString()).toBe('view=tree&q=notQ&search=Li&sort=ppv&page=2&treeSort=pvToQ');
    expect(withTreeSort(params('view=tree&treeSort=pvToQ'), 'gpv').toString()).toBe('view=tree');
    expect(withoutFilters(params('view=tree&treeSort=pvToQ&q=notQ&search=Li&sort=ppv&page=2')).toString()).toBe(
      'view=tree&treeSort=pvToQ&sort=ppv',
    );
  });
});
