import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgencyInput } from '@domain/agency/agency.schema';
import { api } from '@/lib/api-client';
import { agencyKeys } from '@/lib/query-keys';
import type { Agency } from '@/types/api';

export const updateAgency = (input: AgencyInput) => api.put<Agency>('/agency', input);

export function useUpdateAgency({ onUpdated }: { onUpdated?: (agency: Agency) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAgency,
    onSuccess: (agency) => {
      queryClient.setQueryData(agencyKeys.detail(), agency);
      onUpdated?.(agency);
    },
  });
}
