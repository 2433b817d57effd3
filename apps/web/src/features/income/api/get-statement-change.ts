import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

/**
 * Why a statement differs from another: `month` explained (default: the latest statement),
 * `compare` the month it is set against (default: the statement before it).
 */
export const getStatementChange = (month?: string, compare?: string) =>
  post('/bff/v1/income/statementChange', { ...(month ? { month } : {}), ...(compare ? { compare } : {}) });

export const statementChangeQuery = (month?: string, compare?: string) =>
  queryOptions({
    queryKey: ['income', 'statementChange', month ?? 'latest', compare ?? 'previous'],
    queryFn: () => getStatementChange(month, compare),
  });

export const useStatementChange = (month?: string, compare?: string) =>
  useQuery({ ...statementChangeQuery(month, compare), placeholderData: keepPreviousData });
