// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exportUsers } from '../../../api/contracts/exports.ts';
import { ApiError } from '../app/api.ts';
import { useSessionStore } from '../app/stores/session.ts';
import { renderUi } from '../test/renderUi.tsx';
import { DataGrid, type GridRead, gridColumnHelper } from './DataGrid.tsx';
import { useGridExport } from './ExportDialog.tsx';

vi.setConfig({ testTimeout: 20_000 });

const ID = '0b6c2d1e-0000-4000-8000-000000000001';
const col = gridColumnHelper<{ id: string; name: string }>();
const columns = col.columns([col.accessor('name', { header: () => 'Name', meta: { label: 'Name' } })]);
const done: GridRead = { error: null, isPending: false, isFetching: false, refetch: async () => undefined };

const status = (over: object) => ({
  id: ID,
  source: 'volunteers',
  format: 'xlsx',
  formatted: true,
  status: 'requested',
  done: 0,
  total: 3,
  requestedAt: '2026-11-24T10:00:00.000Z',
  finishedAt: null,
  rows: null,
  truncated: false,
  reason: null,
  ...over,
});

function gridWith(start: (c: unknown) => Promise<{ id: string }>) {
  return (
    <DataGrid
      id="people"
      caption="People"
      columns={columns}
      rows={[{ id: 'p1', name: 'Ahmed' }]}
      getRowId={(p) => p.id}
      read={done}
      exportAction={{ start }}
    />
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the export dialog', () => {
  it('starts the export with the chosen format, follows its progress, then offers the file', async () => {
    const answers = [status({ done: 1 }), status({ status: 'completed', done: 3, rows: 3 })];
    const fetch = vi.fn(async (url: string) => {
      expect(url).toContain(`/api/exports/${ID}`);
      const body = answers.length > 1 ? answers.shift() : answers[0];
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetch);
    const start = vi.fn(async () => ({ id: ID }));
    renderUi(gridWith(start), 'ar');

    fireEvent.click(screen.getByTestId('grid-export'));
    expect(await screen.findByText('تصدير البيانات')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('مستند PDF'));
    expect(screen.getByText(/أول 2000 صف/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('export-start'));
    await waitFor(() => expect(start).toHaveBeenCalledWith({ format: 'pdf', formatted: true, language: 'ar' }));

    const link = await screen.findByTestId('export-download', {}, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe(`/api/exports/${ID}/file`);
    expect(screen.getByTestId('export-progress').textContent).toBe('اكتمل التصدير: 3 صف');
    expect(fetch.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('shows a refusal in the page language and starts nothing else', async () => {
    const start = vi.fn(async () => {
      throw new ApiError(403, 'Forbidden');
    });
    renderUi(gridWith(start), 'en');
    fireEvent.click(screen.getByTestId('grid-export'));
    fireEvent.click(await screen.findByTestId('export-start'));
    expect((await screen.findByRole('alert')).textContent).toBe('You do not have permission for this action.');
    expect(screen.queryByTestId('export-download')).toBeNull();
    expect(start).toHaveBeenCalledTimes(1);
  });
});

/** A grid whose export is the users export's, offered as the session's permissions say. */
function UsersExportGrid() {
  const exporting = useGridExport(exportUsers, async () => ({ id: ID }));
  return <DataGrid id="users-test" caption="Users" columns={columns} rows={[]} read={done} {...exporting} />;
}

describe('useGridExport', () => {
  it("offers the grid's export only to a caller the export's contract allows", () => {
    useSessionStore.setState({ permissions: { roleId: 3, screens: { users: ['View'] } } });
    renderUi(<UsersExportGrid />, 'en');
    expect(screen.queryByRole('button', { name: /export/i })).not.toBeNull();
    cleanup();
    useSessionStore.setState({ permissions: { roleId: 3, screens: { content: ['View'] } } });
    renderUi(<UsersExportGrid />, 'en');
    expect(screen.queryByRole('button', { name: /export/i })).toBeNull();
  });
});
