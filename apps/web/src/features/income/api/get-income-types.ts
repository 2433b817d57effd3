import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

export const getIncomeTypes = () => post('/bff/v1/income/types', {});

export const incomeTypesQuery = () => queryOptions({ queryKey: ['income', 'types'], queryFn: getIncomeTypes });

export const useIncomeTypes = () => useQuery(incomeTypesQuery());
