// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test/renderUi.tsx';
import { DataGrid, type DataGridOptions, type GridRead, gridColumnHelper } from './DataGrid.tsx';
import { PAGE_SIZES, pageRange } from './paging.ts';

vi.setConfig({ testTimeout: 20_000 });

interface Person {
  id: string;
  name: string;
  mobile: string;
  joined: string;
}
const people: Person[] = [
  { id: 'p1', name: 'Ahmed', mobile: '0551234567', joined: '2026-11-01' },
  { id: 'p2', name: 'Noura', mobile: '0557654321', joined: '2026-11-02' },
];

const col = gridColumnHelper<Person>();
const columns = col.columns([
  col.accessor('name', { header: () => 'Name', meta: { label: 'Name' }, enableHiding: false }),
  col.accessor('mobile', { header: () => 'Mobile', meta: { label: 'Mobile' }, enableSorting: false }),
  col.accessor('joined', { header: () => 'Joined', meta: { label: 'Joined' }, sortDescFirst: true }),
]);

const done: GridRead = { error: null, isPending: false, isFetching: false, refetch: async () => undefined };

function grid(over: Partial<DataGridOptions<Person>> & { rows?: Person[]; read?: GridRead } = {}) {
  return (
    <DataGrid<Person>
      id="people"
      caption="People"
      columns={columns}
      rows={people}
      getRowId={(p) => p.id}
      read={done}
      testId="people-grid"
      {...over}
    />
  );
}

/** A grid whose first read failed; its retry succeeds. */
function FailingGrid() {
  const [attempt, setAttempt] = useState(0);
  const read: GridRead = {
    error: attempt === 0 ? new Error('down') : null,
    isPending: attempt === 0,
    isFetching: false,
    refetch: async () => setAttempt(1),
  };
  return grid({ rows: attempt === 0 ? undefined : people, read });
}

const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent);

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

describe('DataGrid', () => {
  it('pages on the server: the spec page sizes, the range line, a new size back to page 1, the pager', () => {
    const onChange = vi.fn();
    renderUi(grid({ paging: { page: 2, pageSize: 10, total: 57, onChange } }));
    expect(screen.getByTestId('grid-range').textContent).toBe('Showing 11–20 of 57');
    const size = screen.getByLabelText('Rows per page') as HTMLSelectElement;
    expect([...size.options].map((o) => Number(o.value))).toEqual([...PAGE_SIZES]);
    expect(size.value).toBe('10');

    fireEvent.change(size, { target: { value: '50' } });
    expect(onChange).toHaveBeenLastCalledWith({ page: 1, pageSize: 50 });
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 3, pageSize: 10 });
    fireEvent.click(screen.getByRole('button', { name: 'Page 6' }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 6, pageSize: 10 });
  });

  it('computes the range of the last, a single and an empty page', () => {
    expect(pageRange(6, 10, 57)).toEqual({ from: 51, to: 57, pages: 6 });
    expect(pageRange(1, 10, 3)).toEqual({ from: 1, to: 3, pages: 1 });
    expect(pageRange(1, 10, 0)).toEqual({ from: 0, to: 0, pages: 1 });
  });

  it('sorts on the server by one column, with aria-sort and real buttons in the headers', () => {
    const onSort = vi.fn();
    renderUi(grid({ sorting: { sort: { id: 'name', desc: false }, onSort } }));
    const name = screen.getByRole('columnheader', { name: /^Name/ });
    const joined = screen.getByRole('columnheader', { name: /^Joined/ });
    const mobile = screen.getByRole('columnheader', { name: 'Mobile' });
    expect(name.getAttribute('aria-sort')).toBe('ascending');
    expect(joined.getAttribute('aria-sort')).toBe('none');
    expect(mobile.getAttribute('aria-sort')).toBeNull();
    expect(within(mobile).queryByRole('button')).toBeNull();

    const button = within(name).getByRole('button');
    // a <button type="button"> in the tab order: Enter and Space sort it from the keyboard
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('type')).toBe('button');
    expect(button.getAttribute('tabindex')).not.toBe('-1');

    fireEvent.click(button);
    expect(onSort).toHaveBeenLastCalledWith({ id: 'name', desc: true });
    fireEvent.click(within(joined).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith({ id: 'joined', desc: true });
  });

  it('has no sort buttons when the page does not sort', () => {
    renderUi(grid());
    for (const th of screen.getAllByRole('columnheader')) {
      expect(within(th).queryByRole('button')).toBeNull();
      expect(th.getAttribute('aria-sort')).toBeNull();
    }
  });

  it('lets the user hide columns and remembers the choice for this grid', async () => {
    const view = renderUi(grid());
    expect(headers()).toEqual(['Name', 'Mobile', 'Joined']);
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const dialog = await screen.findByRole('dialog', { name: 'Columns shown' });
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByLabelText('Mobile'));
    await waitFor(() => expect(headers()).toEqual(['Name', 'Joined']));
    expect(screen.queryByText('0551234567')).toBeNull();
    expect(JSON.parse(localStorage.getItem('grid.columns.people') ?? '[]')).toEqual(['mobile']);

    // every other column may go; the name (enableHiding: false) stays
    fireEvent.click(within(dialog).getByLabelText('Joined'));
    await waitFor(() => expect(headers()).toEqual(['Name']));
    view.unmount();

    renderUi(grid());
    expect(headers()).toEqual(['Name']);
    cleanup();
    renderUi(grid({ id: 'other-people' }));
    expect(headers()).toEqual(['Name', 'Mobile', 'Joined']);
  });

  it('keeps the last shown column', async () => {
    localStorage.setItem('grid.columns.people', JSON.stringify(['name', 'mobile']));
    renderUi(grid());
    expect(headers()).toEqual(['Joined']);
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const dialog = await screen.findByRole('dialog', { name: 'Columns shown' });
    expect((within(dialog).getByLabelText('Joined') as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByLabelText('Mobile') as HTMLInputElement).disabled).toBe(false);
  });

  it('ignores a stored choice it cannot read', () => {
    localStorage.setItem('grid.columns.people', '{not json');
    renderUi(grid());
    expect(headers()).toEqual(['Name', 'Mobile', 'Joined']);
  });

  it('shows skeleton rows and a loading status until the first answer', () => {
    const read = { ...done, isPending: true, isFetching: true };
    renderUi(grid({ rows: undefined, read, paging: { page: 1, pageSize: 20, total: 0, onChange: vi.fn() } }));
    const skeletons = screen.getAllByTestId('grid-skeleton');
    expect(skeletons).toHaveLength(10);
    expect(skeletons[0]!.querySelectorAll('td')).toHaveLength(3);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.getByTestId('people-grid').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByTestId('grid-empty')).toBeNull();
  });

  it('says when there are no rows, in the page words or the default ones', () => {
    renderUi(grid({ rows: [] }));
    expect(screen.getByTestId('grid-empty').textContent).toBe('No records found.');
    expect(screen.getByTestId('grid-empty').closest('td')?.getAttribute('colspan')).toBe('3');
    cleanup();
    renderUi(grid({ rows: [], emptyMessage: 'Nobody yet.' }));
    expect(screen.getByTestId('grid-empty').textContent).toBe('Nobody yet.');
  });

  it('shows a failed read with a retry that reads again', async () => {
    renderUi(<FailingGrid />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Something went wrong');
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Noura')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers the export only when the page passes one: a handler or a link', () => {
    renderUi(grid());
    expect(screen.queryByTestId('grid-export')).toBeNull();
    cleanup();

    const onExport = vi.fn();
    renderUi(grid({ exportAction: { onExport } }));
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(onExport).toHaveBeenCalledTimes(1);
    cleanup();

    renderUi(grid({ exportAction: { href: '/api/people/export?name=Ahm' } }));
    const link = screen.getByRole('link', { name: 'Export' });
    expect(link.getAttribute('href')).toBe('/api/people/export?name=Ahm');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('passes row attributes and renders the filter slot and the footer', () => {
    const onClick = vi.fn();
    renderUi(
      grid({
        rowProps: (p) => ({ 'data-testid': 'person', 'data-person': p.id, onClick }),
        filters: <p>filters here</p>,
        footer: <p>footer here</p>,
      }),
    );
    const rows = screen.getAllByTestId('person');
    expect(rows.map((r) => r.getAttribute('data-person'))).toEqual(['p1', 'p2']);
    fireEvent.click(rows[1]!);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByText('filters here')).toBeTruthy();
    expect(screen.getByText('footer here')).toBeTruthy();
  });

  it('takes rows and read state from a query answering { rows }, and keys rows by their id unless told', () => {
    const onChange = vi.fn();
    const selection = {
      selected: new Set<string>(),
      onChange,
      rowLabel: (p: Person) => `Select ${p.name}`,
      allLabel: 'All',
    };
    const query = { ...done, data: { rows: people, total: 2 } };
    const { unmount } = renderUi(
      <DataGrid
        id="people"
        caption="People"
        columns={columns}
        query={query}
        selection={selection}
        testId="people-grid"
      />,
    );
    expect(screen.getAllByRole('row')).toHaveLength(people.length + 1);
    fireEvent.click(screen.getByRole('checkbox', { name: `Select ${people[1]!.name}` }));
    expect(onChange).toHaveBeenLastCalledWith(new Set([people[1]!.id]));
    unmount();
    renderUi(
      <DataGrid
        id="people"
        caption="People"
        columns={columns}
        query={query}
        getRowId={(p) => p.mobile}
        selection={selection}
      />,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: `Select ${people[0]!.name}` }));
    expect(onChange).toHaveBeenLastCalledWith(new Set([people[0]!.mobile]));
  });

  it('renders right to left in Arabic with logical properties only', () => {
    const { container } = renderUi(
      grid({
        paging: { page: 1, pageSize: 10, total: 30, onChange: vi.fn() },
        sorting: { sort: null, onSort: vi.fn() },
        exportAction: { onExport: vi.fn() },
      }),
      'ar',
    );
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByLabelText('عدد الصفوف في الصفحة')).toBeTruthy();
    expect(screen.getByTestId('grid-range').textContent).toBe('عرض 1–10 من أصل 30');
    expect(screen.getByRole('button', { name: 'الأعمدة' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'تصدير' })).toBeTruthy();
    // the pager's arrows turn with the reading direction
    const next = screen.getByRole('button', { name: 'الصفحة التالية' });
    expect(next.querySelector('svg')?.getAttribute('class')).toContain('mantine-rotate-rtl');
    const physical =
      /(?:^|[;\s])(?:left|right|(?:margin|padding|border)-(?:left|right)[\w-]*)\s*:|text-align:\s*(?:left|right)/;
    const offenders = [...container.querySelectorAll<HTMLElement>('[style]')]
      .map((el) => el.getAttribute('style') ?? '')
      .filter((style) => physical.test(style));
    expect(offenders).toEqual([]);
  });
});
