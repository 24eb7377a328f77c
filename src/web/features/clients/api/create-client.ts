import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientInput } from '@domain/clients/client.schema';
import { api } from '@/lib/api-client';
import type { Client } from '../types';
import { CLIENTS_QUERY_KEY, DASHBOARD_QUERY_KEY } from './keys';

export const createClient = (input: ClientInput) => api.post<Client>('/clients', input);

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CLIENTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
      ]),
  });
}
