import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgencyInput } from '@domain/agency/agency.schema';
import { api } from '@/lib/api-client';
import type { Agency } from '@/types/api';
import { AGENCY_QUERY_KEY } from './get-agency';

export const updateAgency = (input: AgencyInput) => api.put<Agency>('/agency', input);

export function useUpdateAgency({ onUpdated }: { onUpdated?: (agency: Agency) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAgency,
    onSuccess: (agency) => {
      queryClient.setQueryData(AGENCY_QUERY_KEY, agency);
      onUpdated?.(agency);
    },
  });
}
