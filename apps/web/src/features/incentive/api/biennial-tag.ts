import type { EndpointBody } from '@abo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

export type BiennialTrack = EndpointBody<'/bff/v1/incentive/biennial/settag'>['track'];

export const saveBiennialTag = (track: BiennialTrack) => post('/bff/v1/incentive/biennial/settag', { track });

/** Saves the chosen biennial track and refreshes the plan views that show it. */
export function useSaveBiennialTag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveBiennialTag,
    // Not awaited: "Saved" must not wait for the plan pages to refetch.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['incentive'] });
    },
  });
}
