import { useMutation, useQueryClient } from '@tanstack/react-query';
import { asPageData, post } from '../../../lib/api-client.ts';
import { operatorKeys } from './keys.ts';

/** POST /bff/v1/operator/imports/confirm: writes a checked run (status 'importing'). Errors show in place. */
export function useConfirmImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => asPageData(() => post('/bff/v1/operator/imports/confirm', { id }, { loading: false })),
    onSuccess: ({ run }) => {
      client.setQueryData(operatorKeys.run(run.id), { run });
      return client.invalidateQueries({ queryKey: operatorKeys.runs, exact: true });
    },
  });
}
