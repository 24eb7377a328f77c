import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmissionAction } from '@domain/emissions/emission.rules';
import { api } from '@/lib/api-client';
import { emissionKeys } from '@/lib/query-keys';
import type { EmissionDetail } from '../types';
import { invalidateEmissionQueries } from './invalidate';

export interface TransitionEmissionInput {
  id: string;
  action: EmissionAction;
}

export const transitionEmission = ({ id, action }: TransitionEmissionInput) =>
  api.post<EmissionDetail>(`/emissions/${encodeURIComponent(id)}/transitions`, { action });

export function useTransitionEmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transitionEmission,
    onSuccess: (detail, { id }) => {
      queryClient.setQueryData(emissionKeys.detail(id), detail);
      return invalidateEmissionQueries(queryClient);
    },
  });
}
