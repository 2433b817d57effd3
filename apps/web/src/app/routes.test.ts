import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeTable } from './routes.ts';

// shared/ sits beside the repository (as in CI).
const routesFile = path.resolve(__dirname, '../../../../../shared/routes.txt');

describe('route table', () => {
  it('declares every page path of shared/routes.txt, lowercase, once', () => {
    const expected = fs.readFileSync(routesFile, 'utf8').split(/\s+/).filter(Boolean);
    const declared = routeTable.map((r) => r.path);
    expect(new Set(declared).size).toBe(declared.length);
    expect([...declared].sort()).toEqual([...expected].sort());
    for (const p of declared) expect(p).toBe(p.toLowerCase());
  });

  it('names an existing page module under src/features for every path', () => {
    for (const r of routeTable) expect(fs.existsSync(path.resolve(__dirname, '../features', r.page)), r.path).toBe(true);
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
