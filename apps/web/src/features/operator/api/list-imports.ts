import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';
import { operatorKeys, retryUnlessRefused } from './keys.ts';

/** How often the list is asked for again while some run is under way. */
const BUSY_POLL_MS = 3000;

/** Runs the history lists. */
export const HISTORY_LIMIT = 30;

/** POST /bff/v1/operator/imports/list: the newest runs, and the one under way if any. */
export const importRunsQuery = () =>
  queryOptions({
    queryKey: operatorKeys.runs,
    queryFn: () => post('/bff/v1/operator/imports/list', { limit: HISTORY_LIMIT }),
    staleTime: 0,
    retry: retryUnlessRefused,
    // While a run is under way (maybe another operator's), the list follows it.
    refetchInterval: (query) => (query.state.data?.busy ? BUSY_POLL_MS : false),
  });

export const useImportRuns = () => useQuery(importRunsQuery());
