import type { EndpointBody } from '@abo/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

export type PlansScope = NonNullable<EndpointBody<'/bff/v1/incentive/plans'>['scope']>;

export const fetchPlans = (scope: PlansScope) => post('/bff/v1/incentive/plans', { scope });

/** Plan cards: this and last PY (recent) or every edition (all). */
export const plansQuery = (scope: PlansScope = 'recent') =>
  queryOptions({ queryKey: ['incentive', 'plans', scope], queryFn: () => fetchPlans(scope) });

export const usePlans = (scope: PlansScope = 'recent') => useQuery(plansQuery(scope));
