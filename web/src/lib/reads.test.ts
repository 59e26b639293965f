import { describe, expect, it, vi } from 'vitest';
import { allReads } from './reads.ts';

const read = (error: unknown, isFetching = false) => ({ error, isFetching, refetch: vi.fn(async () => undefined) });

describe('allReads', () => {
  it('is the first failure, fetching while any read is, and reads again only the failed ones', async () => {
    const ok = read(null, true);
    const first = read(new Error('one'));
    const second = read(new Error('two'));
    const all = allReads(ok, first, second);
    expect((all.error as Error).message).toBe('one');
    expect(all.isFetching).toBe(true);
    await all.refetch();
    expect(ok.refetch).not.toHaveBeenCalled();
    expect(first.refetch).toHaveBeenCalledTimes(1);
    expect(second.refetch).toHaveBeenCalledTimes(1);
  });

  it('has no error and is not fetching when every read answered', () => {
    const all = allReads(read(null), read(undefined));
    expect(all.error).toBeNull();
    expect(all.isFetching).toBe(false);
  });
});
