import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Settings } from '@domain/agency/agency.schema';
import { api } from '@/lib/api-client';
import { AGENCY_SETTINGS_QUERY_KEY } from './get-settings';

export const updateAgencySettings = (input: Settings) => api.put<Settings>('/agency/settings', input);

export function useUpdateAgencySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAgencySettings,
    onSuccess: (settings) => queryClient.setQueryData(AGENCY_SETTINGS_QUERY_KEY, settings),
  });
}
