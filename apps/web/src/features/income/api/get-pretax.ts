import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

/** Pre-tax, withholding and net of a month, with the masked bank card. */
export const getPretax = (month?: string) => post('/bff/v1/income/pretaxdetails', month ? { month } : {});

export const pretaxQuery = (month?: string) =>
  queryOptions({ queryKey: ['income', 'pretax', month ?? 'latest'], queryFn: () => getPretax(month) });

export const usePretax = (month?: string) => useQuery({ ...pretaxQuery(month), placeholderData: keepPreviousData });
