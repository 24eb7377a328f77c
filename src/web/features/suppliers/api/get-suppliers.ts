import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { LIST_QUERY } from '@/lib/query-client';
import { supplierKeys } from '@/lib/query-keys';
import type { SupplierList } from '../types';

/** A period of GET /suppliers; `{}` for the default (this year to today). */
export type SupplierPeriod = { from: string; to: string } | Record<string, never>;

/** Every supplier of the agency, by name, with the lots bought from each in the period and their totals. */
export const getSuppliers = (period: SupplierPeriod, signal?: AbortSignal) => {
  const params = new URLSearchParams(period);
  const query = params.toString();
  return api.get<SupplierList>(`/suppliers${query ? `?${query}` : ''}`, { signal });
};

export const getSuppliersQueryOptions = (period: SupplierPeriod) =>
  queryOptions({
    queryKey: supplierKeys.list(period),
    queryFn: ({ signal }) => getSuppliers(period, signal),
    ...LIST_QUERY,
  });

export function useSuppliers(period: SupplierPeriod = {}) {
  return useQuery(getSuppliersQueryOptions(period));
}
