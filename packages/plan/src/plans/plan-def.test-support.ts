// A made-up plan for the tests of one rule: a PY 26/27 award with only the criteria given.
import type { Criterion, PlanDef } from './types.ts';

export const testPlan = (code: string, criteria: Criterion[]): PlanDef => ({
  code,
  py: '26/27',
  type: 'award',
  name: { zh: '测试', en: 'Test' },
  route: '/incentiveplan/type/detail',
  reward: { zh: '无', en: 'none' },
  criteria,
});
