import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Settings } from '@domain/agency/agency.schema';
import { api } from '@/lib/api-client';

export const AGENCY_SETTINGS_QUERY_KEY = ['agency', 'settings'] as const;

export const getAgencySettings = (signal?: AbortSignal) => api.get<Settings>('/agency/settings', { signal });

export const getAgencySettingsQueryOptions = () =>
  queryOptions({ queryKey: AGENCY_SETTINGS_QUERY_KEY, queryFn: ({ signal }) => getAgencySettings(signal) });

export function useAgencySettings() {
  return useQuery(getAgencySettingsQueryOptions());
}
