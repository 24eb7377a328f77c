import { useSearchParams } from 'react-router';

/**
 * A list page's filters, order and page, kept in the address (spec part 1 §4): `read` parses them,
 * `update` writes a patch, replacing the history entry when the change is not the user's own step.
 */
export function useListUrlState<S>(
  read: (params: URLSearchParams) => S,
  write: (params: URLSearchParams, patch: Partial<S>) => URLSearchParams,
): [state: S, update: (patch: Partial<S>, replace?: boolean) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const update = (patch: Partial<S>, replace = false) => setSearchParams((params) => write(params, patch), { replace });
  return [read(searchParams), update];
}
