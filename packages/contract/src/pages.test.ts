import { describe, expect, it } from 'vitest';
import { href, OWN_PAGE_PATHS, SPEC_PAGE_PATHS } from './pages.ts';

describe('page paths', () => {
  it("lists the contract's 111 paths and the app's own, each once, lowercase", () => {
    expect(SPEC_PAGE_PATHS).toHaveLength(111);
    const all = [...SPEC_PAGE_PATHS, ...OWN_PAGE_PATHS];
    expect(new Set(all).size).toBe(all.length);
    for (const p of all) expect(p).toMatch(/^\/[a-z0-9/]*$/);
  });
});

describe('href', () => {
  it('writes the path as links are written, relative to the basename', () => {
    expect(href('/')).toBe('/');
    expect(href('/achievement/topup')).toBe('/achievement/topup');
    expect(href('/income/servicefee', { month: '2026-10' })).toBe('/income/servicefee?month=2026-10');
  });

  it('encodes keys and values like encodeURIComponent, in order, leaving out undefined', () => {
    expect(href('/incentiveplan/qualificationquery', { code: 'A&B 1', month: '2026-10' })).toBe(
      '/incentiveplan/qualificationquery?code=A%26B%201&month=2026-10',
    );
    expect(href('/incentiveplan/marketdetails', { ref: '张/1' })).toBe(`/incentiveplan/marketdetails?ref=${encodeURIComponent('张/1')}`);
    expect(href('/income/distributorannualincome', { year: undefined, n: 3 })).toBe('/income/distributorannualincome?n=3');
    expect(href('/income/query', {})).toBe('/income/query');
  });

  it('refuses a path that is not a page, at compile time', () => {
    // @ts-expect-error not a page path
    expect(href('/income/nothing')).toBe('/income/nothing');
  });
});
