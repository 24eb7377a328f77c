import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmissionWizardValues } from '@domain/emissions/emission.schema';
import { api } from '@/lib/api-client';
import { emissionKeys } from '@/lib/query-keys';
import type { EmissionDetail } from '../types';
import { invalidateEmissionQueries } from './invalidate';

/** The wizard's parsed values are the API's body (emissionCreateSchema re-parses them). */
export const createEmission = (input: EmissionWizardValues) => api.post<EmissionDetail>('/emissions', input);

export function useCreateEmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEmission,
    onSuccess: (detail) => {
      queryClient.setQueryData(emissionKeys.detail(detail.emission.id), detail);
      return invalidateEmissionQueries(queryClient);
    },
  });
}
