import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

export const preferencesQuery = () =>
  queryOptions({
    queryKey: ['notifications', 'preferences'],
    queryFn: () => post('/bff/v1/notifications/preferences', {}),
  });

export const usePreferences = () => useQuery(preferencesQuery());
