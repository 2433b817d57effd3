import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

/** Which plan: a page route (with an optional edition year) or a plan code. */
export type PlanKey = { route: string; year?: string | undefined } | { code: string };

export const fetchPlan = (key: PlanKey) => post('/bff/v1/incentive/plan', key);

/** One plan evaluated with its criteria, traces, month records, pins and masked legs. */
export const planQuery = (key: PlanKey) =>
  queryOptions({
    queryKey: ['incentive', 'plan', 'code' in key ? key.code : `${key.route}@${key.year ?? ''}`],
    queryFn: () => fetchPlan(key),
  });

export const usePlan = (key: PlanKey | null) => useQuery({ ...planQuery(key ?? { code: '' }), enabled: key !== null });
