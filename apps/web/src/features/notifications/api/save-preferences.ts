import type { NotificationPreferences } from '@abo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';
import { preferencesQuery } from './get-preferences.ts';

/** Saves the whole set (so saving twice is the same as once); the answer is what was saved. */
export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreferences) =>
      post('/bff/v1/notifications/preferences/save', { preferences }, { loading: false }),
    onSuccess: (data) => client.setQueryData(preferencesQuery().queryKey, data),
  });
}
