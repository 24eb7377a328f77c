import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LgpdAnonymizeResult } from '@domain/audit/audit.schema';
import { api } from '@/lib/api-client';
import { auditKeys, emissionKeys, lotKeys, quoteKeys } from '@/lib/query-keys';
import { invalidateClientQueries } from './invalidate';

export const anonymizeClient = ({ id, confirm }: { id: string; confirm: string }) =>
  api.post<LgpdAnonymizeResult>(`/clients/${encodeURIComponent(id)}/anonymize`, { confirm });

export function useAnonymizeClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: anonymizeClient,
    // Its name changes everywhere it is shown: clients, lots, emissions, quotes, the audit log.
    onSuccess: () =>
      Promise.all([
        invalidateClientQueries(queryClient),
        ...[lotKeys.all, emissionKeys.all, quoteKeys.all, auditKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ]),
  });
}
