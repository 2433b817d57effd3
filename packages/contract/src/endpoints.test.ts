import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { achMarketMonthSchema, achMonthSchema } from './achievement.ts';
import {
  ENDPOINTS,
  type EndpointBody,
  type EndpointBodyOptional,
  type EndpointData,
  type EnvelopeEndpoint,
  type EnvelopePath,
} from './endpoints.ts';
import { monthRecordSchema, type PlanData } from './incentive.ts';
import { detailsMonthSchema } from './incentive-market.ts';
import type { StatementData } from './income.ts';
import { monthFiguresSchema, monthSchema, pySchema } from './months.ts';

const envelopeEntries = Object.entries(ENDPOINTS).filter(
  (e): e is [EnvelopePath, EnvelopeEndpoint & (typeof ENDPOINTS)[EnvelopePath]] => 'data' in e[1],
);

/** The object schema inside `.optional()` wrappers, or null for a body that is no object. */
function objectOf(schema: z.ZodType): z.ZodObject | null {
  let s: z.ZodType = schema;
  while (s instanceof z.ZodOptional) s = s.unwrap() as z.ZodType;
  return s instanceof z.ZodObject ? s : null;
}
const unwrapped = (schema: z.ZodType) => (schema instanceof z.ZodOptional ? (schema.unwrap() as z.ZodType) : schema);

describe('the endpoint table', () => {
  it('names each call once under /bff/v1, even to the case-insensitive router', () => {
    const paths = Object.keys(ENDPOINTS);
    expect(paths.every((p) => p.startsWith('/bff/v1/'))).toBe(true);
    expect(new Set(paths.map((p) => p.toLowerCase())).size).toBe(paths.length);
  });

  it('gives every envelope call an object body the request layer can add channel and loginada to', () => {
    for (const [path, e] of envelopeEntries) {
      const body = objectOf(e.body);
      expect(body, path).not.toBeNull();
      expect(Object.keys(body!.shape), path).toEqual(expect.arrayContaining(['channel', 'loginada']));
    }
  });

  it('reads every month of a body with the one month schema', () => {
    let months = 0;
    for (const [path, e] of envelopeEntries) {
      const shape = objectOf(e.body)?.shape ?? {};
      for (const key of ['month', 'from', 'to'] as const) {
        const field = shape[key] as z.ZodType | undefined;
        if (!field) continue;
        months++;
        expect(unwrapped(field), `${path} ${key}`).toBe(monthSchema);
      }
      const year = shape['year'] as z.ZodType | undefined;
      // A year is a performance year wherever it is not the income pages' calendar (tax) year or the prompts' either.
      if (year && !/annualtaxable|prompts/.test(path)) expect(unwrapped(year), `${path} year`).toBe(pySchema);
    }
    expect(months).toBeGreaterThan(8);
  });

  it('has the public and downline flags the BFF registers', () => {
    const flagged = (flag: 'public' | 'downlineQuery') =>
      Object.entries(ENDPOINTS)
        .filter(([, e]) => (e as Partial<Record<typeof flag, boolean>>)[flag])
        .map(([p]) => p);
    expect(flagged('public')).toEqual(['/bff/v1/common/idaasToken', '/bff/v1/analytics/events']);
    expect(flagged('downlineQuery')).toEqual([
      '/bff/v1/incentive/market/partners',
      '/bff/v1/incentive/market/members',
      '/bff/v1/incentive/market/copies',
      '/bff/v1/incentive/market/details',
      '/bff/v1/incentive/market/tree',
      '/bff/v1/incentive/market/tree/search',
    ]);
  });

  it('types bodies and answers by path', () => {
    expectTypeOf<EndpointData<'/bff/v1/income/statement'>>().toEqualTypeOf<StatementData>();
    expectTypeOf<EndpointData<'/bff/v1/incentive/plan'>>().toEqualTypeOf<PlanData>();
    expectTypeOf<EndpointBody<'/bff/v1/income/query'>>().toEqualTypeOf<{ from: string; to: string }>();
    expectTypeOf<EndpointBodyOptional<'/bff/v1/achievement/overview'>>().toEqualTypeOf<true>();
    expectTypeOf<EndpointBodyOptional<'/bff/v1/income/query'>>().toEqualTypeOf<false>();
    // @ts-expect-error the collector answers no envelope
    expectTypeOf<EndpointData<'/bff/v1/analytics/events'>>();
  });
});

describe('months', () => {
  it('accepts YYYY-MM months only', () => {
    for (const ok of ['2026-01', '2026-12', '1999-09']) expect(monthSchema.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['2026-13', '2026-00', '2026-1', '26-01', '2026-01-01', ' 2026-01', '2026/01'])
      expect(monthSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('builds every month row of the answers on the one month-figures shape', () => {
    for (const [name, row] of Object.entries({ achMonthSchema, monthRecordSchema, detailsMonthSchema, achMarketMonthSchema })) {
      for (const [key, field] of Object.entries(row.shape)) {
        const base = (monthFiguresSchema.shape as Record<string, z.ZodType>)[key];
        if (base) expect(field, `${name}.${key}`).toBe(base);
      }
      expect((row.shape as Record<string, z.ZodType>)['month'], name).toBe(monthSchema);
    }
  });
});
