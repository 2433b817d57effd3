import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

/** Statements between two queryable months. */
export const queryIncome = (from: string, to: string) => post('/bff/v1/income/query', { from, to });

export const incomeRangeQuery = (from: string, to: string) =>
  queryOptions({ queryKey: ['income', 'query', from, to], queryFn: () => queryIncome(from, to) });

export const useIncomeRange = (from: string | undefined, to: string | undefined) =>
  useQuery({ ...incomeRangeQuery(from ?? '', to ?? ''), enabled: !!from && !!to, placeholderData: keepPreviousData });
