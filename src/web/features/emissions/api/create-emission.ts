import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmissionWizardValues } from '@domain/emissions/emission.schema';
import { api } from '@/lib/api-client';
import type { EmissionDetail } from '../types';
import { invalidateEmissionQueries } from './invalidate';
import { emissionQueryKey } from './keys';

/** The wizard's parsed values are the API's body (emissionCreateSchema re-parses them). */
export const createEmission = (input: EmissionWizardValues) => api.post<EmissionDetail>('/emissions', input);

export function useCreateEmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEmission,
    onSuccess: (detail) => {
      queryClient.setQueryData(emissionQueryKey(detail.emission.id), detail);
      return invalidateEmissionQueries(queryClient);
    },
  });
}
