import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientInput } from '@domain/clients/client.schema';
import { api } from '@/lib/api-client';
import type { Client } from '../types';
import { invalidateClientQueries } from './invalidate';

export const createClient = (input: ClientInput) => api.post<Client>('/clients', input);

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: () => invalidateClientQueries(queryClient),
  });
}
