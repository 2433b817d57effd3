import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

/** settarget / adjusttarget: saves the target pin, then refreshes every page that shows it. */
export function useSaveTarget(mode: 'set' | 'adjust') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (pinCode: number) => post(`/bff/v1/achievement/${mode === 'set' ? 'settarget' : 'adjusttarget'}`, { pinCode }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['achievement', 'rank'] }),
        client.invalidateQueries({ queryKey: ['achievement', 'overview'] }),
      ]),
  });
}
