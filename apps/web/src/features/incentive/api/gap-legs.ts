import type { GapLegsBody } from '@abo/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, queriedAda } from '../../../lib/api-client.ts';

export type GapLegsKey = Pick<GapLegsBody, 'code' | 'kind'> & { code: string };

/** The frontline legs that could close a plan's FLQ or LDD gap, nearest first. */
export const gapLegsQuery = (key: GapLegsKey) =>
  queryOptions({
    queryKey: ['incentive', 'gapLegs', key.code, key.kind, queriedAda() ?? ''],
    queryFn: () => post('/bff/v1/incentive/plan/gapLegs', key),
  });

export const useGapLegs = (key: GapLegsKey) => useQuery(gapLegsQuery(key));
