import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

/** The 12 months of a PY. */
export const getAnnualIncome = (year?: string) => post('/bff/v1/income/distributorannualincome', year ? { year } : {});

export const annualIncomeQuery = (year?: string) =>
  queryOptions({ queryKey: ['income', 'annual', year ?? 'current'], queryFn: () => getAnnualIncome(year) });

export const useAnnualIncome = (year?: string) => useQuery({ ...annualIncomeQuery(year), placeholderData: keepPreviousData });
