import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';
import { getSession } from '../../../lib/storage.ts';

// guideNovices takes the channel as a query parameter (docs/contract.md §7).
const channelQuery = () => ({ channel: getSession('channel') ?? 'ebiz' });

export const noviceGuideQuery = (businessType: string) =>
  queryOptions({
    queryKey: ['common', 'guideNovices', businessType],
    queryFn: () => post('/bff/v1/common/guideNovices', { businessType }, { loading: false, query: channelQuery() }),
  });

export const useNoviceGuide = (businessType: string) => useQuery(noviceGuideQuery(businessType));

export function useFinishNoviceGuide(businessType: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => post('/bff/v1/common/guideNovices/add', { businessType }, { loading: false, query: channelQuery() }),
    onSuccess: () => client.setQueryData(noviceGuideQuery(businessType).queryKey, { businessType, show: false }),
  });
}
