import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

/** The year in review of a PY. */
export const getAnnualReview = (year?: string) => post('/bff/v1/income/annualreview', year ? { year } : {});

export const annualReviewQuery = (year?: string) =>
  queryOptions({ queryKey: ['income', 'annualreview', year ?? 'current'], queryFn: () => getAnnualReview(year) });

export const useAnnualReview = (year?: string) => useQuery({ ...annualReviewQuery(year), placeholderData: keepPreviousData });
