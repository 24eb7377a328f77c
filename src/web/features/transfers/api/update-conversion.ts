import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { conversionKeys } from '@/lib/query-keys';
import type { Conversion, ConversionInput, ConversionList } from '../types';

/** An admin sets the agency's miles per point for one pair (403 for an operador). */
export const updateConversion = (input: ConversionInput) => api.put<Conversion>('/conversions', input);

export function useUpdateConversion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConversion,
    onSuccess: (saved) => {
      // The row shows the saved ratio at once; the list is read again behind it.
      queryClient.setQueryData<ConversionList>(conversionKeys.all, (list) =>
        list
          ? {
              data: list.data.map((c) =>
                c.source_program === saved.source_program && c.destination_program === saved.destination_program
                  ? saved
                  : c,
              ),
            }
          : list,
      );
      return queryClient.invalidateQueries({ queryKey: conversionKeys.all });
    },
  });
}
