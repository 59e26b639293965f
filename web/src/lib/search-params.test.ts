import { describe, expect, it } from 'vitest';
import { pagedFilterActions, searchFilters, urlFilters, withoutPagingDefaults, withPaging } from './search-params.ts';

describe('withoutPagingDefaults', () => {
  it('leaves page 1 and the default page size out of the URL, and keeps the rest', () => {
    expect(withoutPagingDefaults({ page: 1, pageSize: 10, name: 'x' })).toEqual({ name: 'x' });
    expect(withoutPagingDefaults({ page: 2, pageSize: 20 })).toEqual({ page: 2, pageSize: 20 });
  });

  it("takes a list's own default page size", () => {
    expect(withoutPagingDefaults({ page: 3, pageSize: 12 }, 12)).toEqual({ page: 3 });
    expect(withoutPagingDefaults({ pageSize: 10 }, 12)).toEqual({ pageSize: 10 });
  });

  it('undoes withPaging and does not change what it is given', () => {
    const search: { status: number; page?: number } = { status: 2 };
    expect(withoutPagingDefaults(withPaging(search))).toEqual(search);
    const given = { page: 1 };
    withoutPagingDefaults(given);
    expect(given).toEqual({ page: 1 });
  });
});

interface ListSearch {
  page?: number;
  pageSize?: number;
  code?: string;
}

describe('searchFilters', () => {
  it('is the search without its page and page size', () => {
    expect(searchFilters<ListSearch>({ page: 4, pageSize: 50, code: 'A' })).toEqual({ code: 'A' });
  });
});

describe('pagedFilterActions', () => {
  it('applies filters from page 1 and clears them, keeping the page size', () => {
    const went: ListSearch[] = [];
    const actions = pagedFilterActions<ListSearch>({ page: 3, pageSize: 50, code: 'A' }, (next) => went.push(next));
    actions.onApply({ code: 'B' });
    actions.onClear();
    expect(went).toEqual([{ pageSize: 50, code: 'B', page: 1 }, { pageSize: 50 }]);
  });
});

describe('urlFilters', () => {
  it("starts the form from the URL's filters, keyed by them, and keeps the kept keys on Search only", () => {
    const went: (ListSearch & { sort?: string })[] = [];
    const search = { page: 2, pageSize: 20, sort: 'name', code: 'A' };
    const panel = urlFilters(search, (next) => went.push(next), ['sort']);
    expect(panel.props.initial).toEqual({ code: 'A' });
    expect(panel.key).toBe(JSON.stringify({ code: 'A' }));
    panel.props.onApply({ code: 'B' });
    panel.props.onClear();
    expect(went).toEqual([{ pageSize: 20, sort: 'name', code: 'B', page: 1 }, { pageSize: 20 }]);
  });
});
