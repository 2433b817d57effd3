import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

/** One month's statement (default: the latest); the commission detail reads the same items. */
export const getStatement = (month?: string, path: 'statement' | 'commissiondetail' = 'statement') =>
  post(`/bff/v1/income/${path}`, month ? { month } : {});

export const statementQuery = (month?: string, path: 'statement' | 'commissiondetail' = 'statement') =>
  queryOptions({ queryKey: ['income', path, month ?? 'latest'], queryFn: () => getStatement(month, path) });

export const useStatement = (month?: string, path: 'statement' | 'commissiondetail' = 'statement') =>
  useQuery({ ...statementQuery(month, path), placeholderData: keepPreviousData });
