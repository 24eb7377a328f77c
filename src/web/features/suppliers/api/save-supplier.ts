import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { lotKeys, supplierKeys } from '@/lib/query-keys';
import type { Supplier, SupplierInput } from '../types';

export const createSupplier = (input: SupplierInput) => api.post<Supplier>('/suppliers', input);

export const updateSupplier = ({ id, input }: { id: string; input: SupplierInput }) =>
  api.put<Supplier>(`/suppliers/${encodeURIComponent(id)}`, input);

/** The suppliers (list and the lot form's picker) and the lots, whose supplier text a rename changes. */
const invalidateSupplierQueries = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: supplierKeys.all }),
    queryClient.invalidateQueries({ queryKey: lotKeys.all }),
  ]);

export function useCreateSupplier() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createSupplier, onSuccess: () => invalidateSupplierQueries(queryClient) });
}

export function useUpdateSupplier() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateSupplier, onSuccess: () => invalidateSupplierQueries(queryClient) });
}
