import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

/** Comprehensive-income view of a calendar year. */
export const getAnnualTaxable = (year?: string) => post('/bff/v1/income/annualtaxable', year ? { year } : {});

export const annualTaxableQuery = (year?: string) =>
  queryOptions({ queryKey: ['income', 'annualtaxable', year ?? 'current'], queryFn: () => getAnnualTaxable(year) });

export const useAnnualTaxable = (year?: string) => useQuery({ ...annualTaxableQuery(year), placeholderData: keepPreviousData });
