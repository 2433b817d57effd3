import { describe, expect, it } from 'vitest';
import { pageMembers, type MemberFilter } from './market-filter.ts';
import { comparator, downlineRange, emptySnapshot, type MarketSnapshot } from './market-snapshot.ts';

/** A synthetic tree of n members: a root, then chains of 10 under it (pre-order positions). */
function snapshot(n: number): MarketSnapshot {
  let seed = 7;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const s = emptySnapshot('26/27', '2026-11', ['2026-09', '2026-10', '2026-11'], n, '');
  for (let i = 0; i < n; i++) {
    const ada = String(10000000 + i);
    s.ada[i] = ada;
    s.nameZh[i] = `会员${i}`;
    s.nameEn[i] = `Member ${i}`;
    s.searchZh[i] = `会员${i}`;
    s.searchEn[i] = `member ${i}`;
    s.joinDate[i] = i % 7 === 0 ? '2026-10-01' : '2021-01-01';
    s.pos[i] = i;
    s.no[i] = i;
    // Root holds everyone; member i (i ≥ 1) heads a chain of the next members up to the next multiple of 10.
    s.size[i] = i === 0 ? n : Math.min(n - 1, Math.floor((i - 1) / 10) * 10 + 10) - i + 1;
    s.depth[i] = i === 0 ? 0 : 1 + ((i - 1) % 10);
    // Heads of chains (i - 1 a multiple of 10) are the root's frontline; the others follow one another.
    s.sponsorAda[i] = i === 0 ? null : (i - 1) % 10 === 0 ? '10000000' : String(10000000 + i - 1);
    s.pin[i] = [230, 310, 320, 330][i % 4]!;
    const pv = Math.round(rand() * 14000);
    s.pgpv[i] = pv;
    s.gpv[i] = pv + 100;
    s.ppv[i] = Math.min(pv, 500);
    s.bracket[i] = pv >= 10000 ? 21 : pv >= 4000 ? 15 : 3;
    s.isQ[i] = pv >= 10000 ? 1 : 0;
    s.qCount[i] = i % 4;
    s.indexOfAda.set(ada, i);
  }
  return s;
}

const base: MemberFilter = { page: 1, pageSize: 50, sort: 'pgpv', order: 'desc', q: 'all', joinedThisPy: false };
const PY = { pyStartDate: '2026-09-01', pyEndDate: '2027-08-31' };
/** The root looks at its own downline. */
const ROOT = { ada: '10000000' };

describe('market member paging', () => {
  const s = snapshot(100_000);
  const [from, to] = downlineRange(s, 0);

  it('gives the same page from the sorted-order walk as from sorting all matches', () => {
    for (const f of [
      base,
      { ...base, order: 'asc' as const, page: 7 },
      { ...base, sort: 'pvToQ' as const, order: 'asc' as const, page: 3, q: 'notQ' as const },
      { ...base, sort: 'pvToQ' as const, order: 'asc' as const, page: 2, levelMax: 9 },
      { ...base, sort: 'joinDate' as const, levelMin: 2, levelMax: 4, page: 2 },
    ]) {
      const got = pageMembers(s, 0, from, to, f, PY, ROOT);
      const all: number[] = [];
      for (let k = from; k < to; k++) {
        const level = s.depth[k]!;
        if (f.levelMin !== undefined && level < f.levelMin) continue;
        if (f.levelMax !== undefined && level > f.levelMax) continue;
        if (f.q === 'notQ' && s.isQ[k]) continue;
        all.push(k);
      }
      // "PV to Q" ascending: the smallest gap (largest group PV) first, the members already Q last.
      const cmp =
        f.sort === 'pvToQ'
          ? (a: number, b: number) => s.isQ[a]! - s.isQ[b]! || s.gpv[b]! - s.gpv[a]! || a - b
          : comparator(s, f.sort as 'pgpv');
      all.sort(f.order === 'desc' && f.sort !== 'pvToQ' ? (a, b) => cmp(b, a) : cmp);
      expect(got.total).toBe(all.length);
      expect(got.indices).toEqual(all.slice((f.page - 1) * f.pageSize, f.page * f.pageSize));
    }
  });

  it('gives the unfiltered first pages of any downline in the same order as sorting it whole', () => {
    // Sub-trees of every size (the root, chains of 10, single members) go through both of the
    // shortcut's strategies; a level filter of 1..1000 keeps everyone but takes the full path.
    const viewers = [0, 1, 5, 9, 11, 55, 99_991];
    for (const viewer of viewers) {
      const [f2, t2] = downlineRange(s, viewer);
      for (const sort of ['pgpv', 'pvToQ', 'joinDate', 'qMonths', 'level'] as const) {
        for (const order of ['asc', 'desc'] as const) {
          for (const [page, pageSize] of [
            [1, 20],
            [3, 20],
            [1, 50],
            [4, 50],
          ] as const) {
            const f: MemberFilter = { ...base, sort, order, page, pageSize };
            const fast = pageMembers(s, viewer, f2, t2, f, PY, ROOT);
            const full = pageMembers(s, viewer, f2, t2, { ...f, levelMin: 1, levelMax: 1000 }, PY, ROOT);
            expect(fast).toEqual(full);
          }
        }
      }
    }
  });

  it('pages a filtered 100 000-member list from its cache with the same answer', () => {
    const f = { ...base, bracketMin: 15, order: 'asc' as const };
    const first = [1, 2, 3].map((page) => pageMembers(s, 0, from, to, { ...f, page }, PY, ROOT));
    const again = [1, 2, 3].map((page) => pageMembers(s, 0, from, to, { ...f, page }, PY, ROOT));
    expect(again).toEqual(first);
    expect(new Set(first.flatMap((p) => p.indices)).size).toBe(150);
    expect(first.every((p) => p.indices.every((k) => s.bracket[k]! >= 15))).toBe(true);
  });

  it('finds a member by their whole ADA, never by the start of one (a masked ADA is not uncovered digit by digit)', () => {
    // 10000120 … 10000129 all start so, and their masked ADAs show '100******2x'.
    expect(pageMembers(s, 0, from, to, { ...base, search: '1000012' }, PY, ROOT).total).toBe(0);
    expect(pageMembers(s, 0, from, to, { ...base, search: '100001' }, PY, ROOT).total).toBe(0);
    expect(pageMembers(s, 0, from, to, { ...base, search: '10000123' }, PY, ROOT)).toEqual({ total: 1, indices: [123] });
    expect(pageMembers(s, 0, from, to, { ...base, search: '100001234' }, PY, ROOT).total).toBe(0);
  });

  it('searches the beginning of a name as the viewer sees it: hidden characters find nothing', () => {
    const search = (term: string, names = ROOT) => pageMembers(s, 0, from, to, { ...base, search: term, pageSize: 50 }, PY, names);
    // The root's frontline (1, 11, 21, …) in full: 会员91 and 会员901 … 会员991 start with 会员9.
    const frontline = search('会员9');
    expect(frontline.total).toBe(1 + 10 + 100 + 1000);
    expect(frontline.indices.every((k) => s.sponsorAda[k] === '10000000')).toBe(true);
    // Deeper members show as 会员*** / "Member 9***": their visible beginning finds them, a hidden digit does not.
    // ("Member 9" itself shows as "Member ***": its only letter after the family name is hidden.)
    expect(search('member 9').total).toBe(10 + 100 + 1000 + 10000);
    expect(search('member 9999').total).toBe(1); // 99991, a frontline member; 9999 and 99990 … 99999 are masked
    expect(search('员').total).toBe(0); // no name starts with it
    // Someone who sponsored none of them sees every name masked (and gets their own cached list).
    const stranger = { ada: '99999999' };
    expect(search('会员9', stranger).total).toBe(0);
    expect(search('member 9999', stranger).total).toBe(0);
    expect(search('member 9', stranger).total).toBe(10 + 100 + 1000 + 10000);
  });

  it('limits a sub-tree to its own range', () => {
    const [f2, t2] = downlineRange(s, 11);
    expect(t2 - f2).toBe(s.size[11]! - 1);
    const res = pageMembers(s, 11, f2, t2, base, PY, ROOT);
    expect(res.indices.every((k) => k > 11 && k < 11 + s.size[11]!)).toBe(true);
  });
});
