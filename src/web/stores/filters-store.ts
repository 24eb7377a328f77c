import { create } from 'zustand';

interface FiltersState {
  globalSearch: string;
  setGlobalSearch: (globalSearch: string) => void;
  clearFilters: () => void;
}

/** Spec part 1 §3 "Filters" and §4: shared by the list pages, not persisted; clear resets all of them. */
export const useFiltersStore = create<FiltersState>()((set) => ({
  globalSearch: '',
  setGlobalSearch: (globalSearch) => set({ globalSearch }),
  clearFilters: () => set({ globalSearch: '' }),
}));

/** True when any store filter narrows the lists. */
export function hasActiveFilters(state: Pick<FiltersState, 'globalSearch'>): boolean {
  return state.globalSearch.trim() !== '';
}
