import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientInput } from '@domain/clients/client.schema';
import { api } from '@/lib/api-client';
import type { Client, ClientDetail } from '../types';
import { clientQueryKey } from './get-client';
import { CLIENTS_QUERY_KEY, DASHBOARD_QUERY_KEY } from './keys';

export const updateClient = ({ id, input }: { id: string; input: ClientInput }) =>
  api.put<Client>(`/clients/${encodeURIComponent(id)}`, input);

export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClient,
    onSuccess: (client) => {
      // The detail page shows the saved record at once; its stats are refetched with the rest.
      queryClient.setQueryData<ClientDetail>(clientQueryKey(client.id), (detail) => (detail ? { ...detail, client } : detail));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: CLIENTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
      ]);
    },
  });
}
