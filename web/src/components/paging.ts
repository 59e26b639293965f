// Paging shared by every server-paged grid.

/** Spec (both documents): grid page sizes 10, 20, 30, 50, 75, 100, 500, 1000; 10 by default. */
export const PAGE_SIZES = [10, 20, 30, 50, 75, 100, 500, 1000] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** The rows a page shows, 1-based ("showing from–to of total"), and how many pages there are (at least one). */
export function pageRange(page: number, pageSize: number, total: number): { from: number; to: number; pages: number } {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total === 0) return { from: 0, to: 0, pages };
  return { from: Math.min(total, (page - 1) * pageSize + 1), to: Math.min(total, page * pageSize), pages };
}
