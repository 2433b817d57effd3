import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';
import { isBusy, operatorKeys, retryUnlessRefused } from './keys.ts';

/** How often a run being checked, imported or closed is asked for again. */
export const POLL_MS = 1000;

/** POST /bff/v1/operator/imports/get: one run with its problems and progress. */
export const importRunQuery = (id: string) =>
  queryOptions({
    queryKey: operatorKeys.run(id),
    queryFn: () => post('/bff/v1/operator/imports/get', { id }),
    // A finished run does not change; one under way is watched every second.
    staleTime: (query) => (isBusy(query.state.data?.run.status) ? 0 : Infinity),
    refetchInterval: (query) => (isBusy(query.state.data?.run.status) ? POLL_MS : false),
    refetchIntervalInBackground: false,
    retry: retryUnlessRefused,
  });

export const useImportRun = (id: string) => useQuery(importRunQuery(id));
