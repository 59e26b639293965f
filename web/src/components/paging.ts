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

/** Where a paged grid stands: its page (1-based) and page size, from the URL or the page's state. */
export interface PageAt {
  page: number;
  pageSize: number;
}

/**
 * A server-paged grid's `paging` over a `{ rows, total }` answer: the page it stands at, the answer's total (0 until
 * it comes) and what a new page or page size does (`onChange`).
 */
export function gridPaging(
  at: PageAt,
  answer: { data?: { total: number } | undefined },
  onChange: (next: PageAt) => void,
) {
  return { page: at.page, pageSize: at.pageSize, total: answer.data?.total ?? 0, onChange };
}
