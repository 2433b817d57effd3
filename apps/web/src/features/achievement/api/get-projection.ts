import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

/** The open month's end and this PY's Q months at the pace so far (estimates). */
export const projectionQuery = () =>
  queryOptions({
    queryKey: ['achievement', 'projection'],
    queryFn: () => post('/bff/v1/achievement/projection', {}),
  });

export const useProjection = () => useQuery(projectionQuery());
