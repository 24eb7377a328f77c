import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProposalSent } from '@domain/reports/report.schema';
import { api } from '@/lib/api-client';
import { quoteKeys, reportKeys } from '@/lib/query-keys';

export const sendProposal = (id: string) => api.post<ProposalSent>(`/quotes/${encodeURIComponent(id)}/proposal`);

/** "Enviar Proposta": the proposal's PDF, e-mailed to the client when it has an e-mail; the quote becomes sent. */
export function useSendProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendProposal,
    onSuccess: (_sent, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: quoteKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: quoteKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: reportKeys.all }),
      ]),
  });
}
