import { useMutation, useQueryClient } from '@tanstack/react-query';
import { asPageData, post } from '../../../lib/api-client.ts';
import { operatorKeys, type RunAnswer } from './keys.ts';

export interface UploadInput {
  /** Each named as the import names it (the page refuses any other name before sending). */
  files: readonly File[];
  /** The files are the whole dataset (the CLI's --replace). */
  replace: boolean;
}

/**
 * POST /bff/v1/operator/imports/upload: multipart, one part per file named by its file, and
 * `replace`. Starts the check; the answer is the run, status 'checking'. The page says what
 * went wrong in place, so the call shows no toast (asPageData).
 */
export function uploadImport({ files, replace }: UploadInput): Promise<RunAnswer> {
  const form = new FormData();
  form.append('replace', String(replace));
  for (const file of files) form.append(file.name, file, file.name);
  return asPageData(() => post<RunAnswer>('/bff/v1/operator/imports/upload', form, { loading: false }));
}

export function useUploadImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadImport,
    onSuccess: ({ run }) => {
      client.setQueryData(operatorKeys.run(run.id), { run });
      return client.invalidateQueries({ queryKey: operatorKeys.runs, exact: true });
    },
  });
}
