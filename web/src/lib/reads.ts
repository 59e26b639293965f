/** What QueryState and QueryError need of a read: any TanStack Query result has it. */
export interface Read {
  error: unknown;
  isFetching: boolean;
  refetch(): Promise<unknown>;
}

/**
 * Several reads a page waits for, as one: its error is the first failure, it is fetching while any is, and Try again
 * reads again only those that failed.
 */
export function allReads(...reads: Read[]): Read {
  const failed = reads.filter((r) => r.error);
  return {
    error: failed[0]?.error ?? null,
    isFetching: reads.some((r) => r.isFetching),
    refetch: () => Promise.all(failed.map((r) => r.refetch())),
  };
}
