import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { conversionKeys } from '@/lib/query-keys';
import type { ConversionList } from '../types';

/** Every points → airline pair with the agency's miles per point ("1.0000" where it set none). */
export const getConversions = (signal?: AbortSignal) => api.get<ConversionList>('/conversions', { signal });

export const getConversionsQueryOptions = () =>
  queryOptions({
    queryKey: conversionKeys.all,
    queryFn: ({ signal }) => getConversions(signal),
    select: (result) => result.data,
  });

export function useConversions() {
  return useQuery(getConversionsQueryOptions());
}
