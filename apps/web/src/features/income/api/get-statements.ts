import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

/** Monthly statements of a PY (default: the current PY). */
export const getStatements = (year?: string) => post('/bff/v1/income/statements', year ? { year } : {});

export const statementsQuery = (year?: string) =>
  queryOptions({ queryKey: ['income', 'statements', year ?? 'current'], queryFn: () => getStatements(year) });

export const useStatements = (year?: string) => useQuery({ ...statementsQuery(year), placeholderData: keepPreviousData });
