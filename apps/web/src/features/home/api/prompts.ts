import type { Prompt } from '@abo/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

export const promptsQuery = (businessType: string) =>
  queryOptions({
    queryKey: ['common', 'prompts', businessType],
    queryFn: () => post('/bff/v1/common/prompts', { businessType }, { loading: false }),
  });

export const usePrompts = (businessType: string) => useQuery(promptsQuery(businessType));

export function useClosePrompt(businessType: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (p: Prompt) =>
      post('/bff/v1/common/prompts/close', { businessType, month: p.month, type: p.type, year: p.year }, { loading: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: promptsQuery(businessType).queryKey }),
  });
}
