import fs from 'node:fs';
import path from 'node:path';
import { OWN_PAGE_PATHS, SPEC_PAGE_PATHS } from '@abo/contract/pages';
import { describe, expect, it } from 'vitest';
import { ownRoutes, routeTable } from './routes.ts';

// The contract's page paths (docs/contract.md §2), kept in the repository (docs/routes.txt); `#` starts a comment line.
const routesFile = path.resolve(__dirname, '../../../../docs/routes.txt');
const pathsIn = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .flatMap((line) => line.split(/\s+/))
    .filter(Boolean);
// Where the list the contract came with sits beside the repository (as in CI), the kept copy must match it.
const specRoutes = path.resolve(__dirname, '../../../../../shared/routes.txt');

describe('route table', () => {
  it.skipIf(!fs.existsSync(specRoutes))('keeps the same paths as the spec it came with', () => {
    expect(pathsIn(routesFile).sort()).toEqual(pathsIn(specRoutes).sort());
  });

  it('declares every page path of docs/routes.txt, lowercase, once', () => {
    const expected = pathsIn(routesFile);
    expect(expected).toHaveLength(111);
    const declared = routeTable.map((r) => r.path);
    expect(new Set(declared).size).toBe(declared.length);
    expect([...declared].sort()).toEqual([...expected].sort());
    for (const p of declared) expect(p).toBe(p.toLowerCase());
  });

  it("declares the contract's page paths (@abo/contract/pages), the list href and the links are checked against", () => {
    expect([...SPEC_PAGE_PATHS]).toEqual(pathsIn(routesFile));
    expect(routeTable.map((r) => r.path).sort()).toEqual([...SPEC_PAGE_PATHS].sort());
    expect(ownRoutes.map((r) => r.path).sort()).toEqual([...OWN_PAGE_PATHS].sort());
  });

  it('names an existing page module under src/features for every path', () => {
    for (const r of [...routeTable, ...ownRoutes]) expect(fs.existsSync(path.resolve(__dirname, '../features', r.page)), r.path).toBe(true);
  });

  it("keeps the app's own pages (operators' imports, the certificate check) out of the contract's table, each once", () => {
    const own: readonly string[] = ownRoutes.map((r) => r.path);
    expect(own).toEqual(['/operator', '/verify']);
    expect(routeTable.some((r) => own.includes(r.path))).toBe(false);
  });

  it('marks exactly the six incentive pages the ebiz iframe handling skips', () => {
    expect(
      routeTable
        .filter((r) => r.ebizSkip)
        .map((r) => r.path)
        .sort(),
    ).toEqual([
      '/incentiveplan/customerexpansion',
      '/incentiveplan/keycoachingpartners',
      '/incentiveplan/keycoachingpartnersmonthly',
      '/incentiveplan/marketmembertracking',
      '/incentiveplan/trackingpartnersannual',
      '/incentiveplan/trackingpartnersmonthly',
    ]);
  });
});
