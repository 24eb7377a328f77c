import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Settings } from '@domain/agency/agency.schema';
import { api } from '@/lib/api-client';
import { agencyKeys } from '@/lib/query-keys';

export const getAgencySettings = (signal?: AbortSignal) => api.get<Settings>('/agency/settings', { signal });

export const getAgencySettingsQueryOptions = () =>
  queryOptions({ queryKey: agencyKeys.settings(), queryFn: ({ signal }) => getAgencySettings(signal) });

export function useAgencySettings() {
  return useQuery(getAgencySettingsQueryOptions());
}
