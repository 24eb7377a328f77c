import { create } from 'zustand';

export interface DateRange {
  /** yyyy-MM-dd */
  start: string | null;
  /** yyyy-MM-dd */
  end: string | null;
}

interface FiltersState {
  globalSearch: string;
  dateRange: DateRange;
  selectedPrograms: string[];
  selectedStatuses: string[];
  setGlobalSearch: (globalSearch: string) => void;
  setDateRange: (dateRange: DateRange) => void;
  setSelectedPrograms: (selectedPrograms: string[]) => void;
  setSelectedStatuses: (selectedStatuses: string[]) => void;
  clearFilters: () => void;
}

const INITIAL = {
  globalSearch: '',
  dateRange: { start: null, end: null },
  selectedPrograms: [],
  selectedStatuses: [],
} satisfies Pick<FiltersState, 'globalSearch' | 'dateRange' | 'selectedPrograms' | 'selectedStatuses'>;

/** Spec part 1 §3 "Filters" and §4: shared by the list pages, not persisted; clear resets all of them. */
export const useFiltersStore = create<FiltersState>()((set) => ({
  ...INITIAL,
  setGlobalSearch: (globalSearch) => set({ globalSearch }),
  setDateRange: (dateRange) => set({ dateRange }),
  setSelectedPrograms: (selectedPrograms) => set({ selectedPrograms }),
  setSelectedStatuses: (selectedStatuses) => set({ selectedStatuses }),
  clearFilters: () => set(INITIAL),
}));

/** True when any store filter narrows the lists. */
export function hasActiveFilters(
  state: Pick<FiltersState, 'globalSearch' | 'dateRange' | 'selectedPrograms' | 'selectedStatuses'>,
): boolean {
  return (
    state.globalSearch.trim() !== '' ||
    state.dateRange.start !== null ||
    state.dateRange.end !== null ||
    state.selectedPrograms.length > 0 ||
    state.selectedStatuses.length > 0
  );
}
