/**
 * A list's answer (DESIGN.md §3): `{ data, total, page, limit, total_pages }`, with
 * `total_capped: true` when a search counted only up to a cap (then `total` is a floor).
 */
export function paged<T>(
  data: T[],
  total: number,
  { page, limit, capped = false }: { page: number; limit: number; capped?: boolean },
) {
  return {
    data,
    total,
    ...(capped ? { total_capped: true as const } : {}),
    page,
    limit,
    total_pages: Math.ceil(total / limit),
  };
}

/** The rows a page of a list query skips and takes. */
export const pageRows = ({ page, limit }: { page: number; limit: number }) => ({ offset: (page - 1) * limit, limit });
