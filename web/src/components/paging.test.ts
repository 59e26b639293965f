import { describe, expect, it, vi } from 'vitest';
import { gridPaging, pageRange } from './paging.ts';

describe('gridPaging', () => {
  it("stands at the given page, takes the answer's total (0 before it comes) and passes changes on", () => {
    const onChange = vi.fn();
    const at = { page: 3, pageSize: 20, other: 'kept out' };
    expect(gridPaging(at, { data: { total: 55 } }, onChange)).toEqual({ page: 3, pageSize: 20, total: 55, onChange });
    expect(gridPaging(at, { data: undefined }, onChange).total).toBe(0);
    gridPaging(at, {}, onChange).onChange({ page: 1, pageSize: 50 });
    expect(onChange).toHaveBeenCalledWith({ page: 1, pageSize: 50 });
  });
});

describe('pageRange', () => {
  it('counts the rows a page shows', () => {
    expect(pageRange(3, 20, 55)).toEqual({ from: 41, to: 55, pages: 3 });
    expect(pageRange(1, 10, 0)).toEqual({ from: 0, to: 0, pages: 1 });
  });
});
