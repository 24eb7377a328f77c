import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientInput } from '@domain/clients/client.schema';
import { api } from '@/lib/api-client';
import { clientKeys, emissionKeys, lotKeys } from '@/lib/query-keys';
import type { Client, ClientDetail } from '../types';
import { invalidateClientQueries } from './invalidate';

export const updateClient = ({ id, input }: { id: string; input: ClientInput }) =>
  api.put<Client>(`/clients/${encodeURIComponent(id)}`, input);

export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClient,
    onSuccess: (client) => {
      // The detail page shows the saved record at once; its stats are refetched with the rest.
      queryClient.setQueryData<ClientDetail>(clientKeys.detail(client.id), (detail) =>
        detail ? { ...detail, client } : detail,
      );
      return Promise.all([
        invalidateClientQueries(queryClient),
        // Lots and emissions show the client's name and account numbers.
        queryClient.invalidateQueries({ queryKey: lotKeys.all }),
        queryClient.invalidateQueries({ queryKey: emissionKeys.all }),
      ]);
    },
  });
}
