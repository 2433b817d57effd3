import { useMutation, useQueryClient } from '@tanstack/react-query';
import { asPageData, post } from '../../../lib/api-client.ts';
import { operatorKeys } from './keys.ts';

/** POST /bff/v1/operator/imports/discard: drops a run before it is confirmed (its files are deleted). */
export function useDiscardImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => asPageData(() => post('/bff/v1/operator/imports/discard', { id }, { loading: false })),
    onSuccess: ({ run }) => {
      client.setQueryData(operatorKeys.run(run.id), { run });
      return client.invalidateQueries({ queryKey: operatorKeys.runs, exact: true });
    },
  });
}
