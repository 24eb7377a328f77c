import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Settings } from '@domain/agency/agency.schema';
import { api } from '@/lib/api-client';
import { agencyKeys } from '@/lib/query-keys';

export const updateAgencySettings = (input: Settings) => api.put<Settings>('/agency/settings', input);

export function useUpdateAgencySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAgencySettings,
    onSuccess: (settings) => queryClient.setQueryData(agencyKeys.settings(), settings),
  });
}
