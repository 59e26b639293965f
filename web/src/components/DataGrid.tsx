import {
  Button,
  Checkbox,
  Group,
  Loader,
  NativeSelect,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  type ColumnDef,
  columnVisibilityFeature,
  createColumnHelper,
  metaHelper,
  type PaginationState,
  type RowData,
  rowPaginationFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { type ComponentPropsWithoutRef, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnChooser } from './ColumnChooser.tsx';
import { useColumnChoice } from './columnChoice.ts';
import { ExportDialog, type StartExport } from './ExportDialog.tsx';
import { Pager } from './Pager.tsx';
import { PAGE_SIZES, pageRange } from './paging.ts';
import { QueryError } from './QueryError.tsx';
import { SortIcon } from './SortIcon.tsx';

/** What a column may tell the grid besides TanStack's own options. */
export interface GridColumnMeta {
  /** The column's name in the column choice (its header may be an element); the column id otherwise. */
  label?: string;
  /** A CSS width for the header cell, for grids with `layout="fixed"`. */
  width?: string;
}

export const gridFeatures = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  columnVisibilityFeature,
  columnMeta: metaHelper<GridColumnMeta>(),
});
export type GridFeatures = typeof gridFeatures;
// biome-ignore lint/suspicious/noExplicitAny: a grid's columns hold values of every type, as TanStack's own helper does
export type GridColumn<TData extends RowData> = ColumnDef<GridFeatures, TData, any>;

/** The column helper for a DataGrid of TData rows: `const col = gridColumnHelper<Row>(); col.accessor(…)`. */
export function gridColumnHelper<TData extends RowData>() {
  return createColumnHelper<GridFeatures, TData>();
}

/**
 * A column's header and its name in the column choice when both are one text:
 * `col.accessor('x', { ...columnTitle(t('…')), cell })` instead of writing the text twice; `width` as in GridColumnMeta.
 */
export const columnTitle = (label: string, width?: string) => ({
  header: () => label,
  meta: width === undefined ? { label } : { label, width },
});

/** A cell whose text reads left to right in either language (a code, a user name, an e-mail): `cell: ltrCell`. */
export const ltrCell = (c: { getValue(): ReactNode }) => <bdi dir="ltr">{c.getValue()}</bdi>;

/** The read behind the rows; a TanStack Query result (plain or infinite) fits as it is. */
export interface GridRead {
  error: unknown;
  /** Nothing has arrived yet: skeleton rows. */
  isPending: boolean;
  /** Any request in flight, a page change included: aria-busy and a small spinner. */
  isFetching: boolean;
  refetch(): Promise<unknown>;
}

/** Server paging: the grid shows the page-size choice, the "from–to of total" line and the pager. */
export interface GridPaging {
  page: number;
  pageSize: number;
  total: number;
  /** The spec's sizes unless a grid has its own. */
  pageSizes?: readonly number[];
  /** A new page size goes back to page 1. */
  onChange(next: { page: number; pageSize: number }): void;
}

/** Server sorting by one column; columns sort unless their definition says `enableSorting: false`. */
export interface GridSorting {
  sort: { id: string; desc: boolean } | null;
  onSort(next: { id: string; desc: boolean }): void;
}

/** Row selection: a first column of checkboxes (and one in its header for the page's rows), by row id. */
export interface GridSelection<TData> {
  selected: ReadonlySet<string>;
  onChange(next: Set<string>): void;
  /** The checkbox's accessible name for a row ("Select Reem Aldosari"). */
  rowLabel(row: TData): string;
  /** The header checkbox's accessible name ("Select all on this page"). */
  allLabel: string;
  /** Rows that cannot be selected (no checkbox). */
  canSelect?(row: TData): boolean;
}

/**
 * The export button: a link to the server's export of the current filters, a handler that starts it, or (`start`) the
 * shared export dialog (components/ExportDialog.tsx: Excel or PDF, with or without formatting, run as a job with its
 * progress and download link), whose `start` calls the grid's export source with the grid's current filters.
 * `label`: the button's text when "Export" alone would not say what comes out ("Export to Excel").
 */
export type GridExport = ({ href: string } | { onExport(): void } | { start: StartExport }) & { label?: string };

type RowProps = ComponentPropsWithoutRef<'tr'> & { [data: `data-${string}`]: string | undefined };

/** A read whose answer holds the page's rows (`{ rows, total }` lists): the grid takes both rows and read state from it. */
export type GridQuery<TData> = GridRead & { data?: { rows: TData[] } | undefined };

/**
 * Where the rows come from: a `query` answering `{ rows }` as it is, or the `rows` (undefined until the first answer)
 * and the `read` behind them when the page shapes the rows itself.
 */
export type GridSource<TData> =
  | { query: GridQuery<TData>; rows?: never; read?: never }
  | { rows: TData[] | undefined; read: GridRead; query?: never };

/** How a row is told apart (selection, React keys): rows with a string `id` use it unless the grid says otherwise. */
export type GridRowId<TData> = TData extends { id: string }
  ? { getRowId?(row: TData): string }
  : { getRowId(row: TData): string };

export type DataGridProps<TData extends RowData> = DataGridOptions<TData> & GridSource<TData> & GridRowId<TData>;

const ownId = (row: unknown) => (row as { id: string }).id;

export interface DataGridOptions<TData extends RowData> {
  /** Names the grid in the browser's storage (its column choice). */
  id: string;
  /** The table's caption, also the name of its scroll region. */
  caption: string;
  columns: GridColumn<TData>[];
  paging?: GridPaging;
  sorting?: GridSorting;
  /** A filter panel shown above the table; its state belongs to the page (usually the URL). */
  filters?: ReactNode;
  exportAction?: GridExport;
  /** Offer checkboxes to select rows (off unless given). */
  selection?: GridSelection<TData>;
  /** Offer the "Columns" choice (on by default). */
  columnChoice?: boolean;
  emptyMessage?: ReactNode;
  rowProps?(row: TData): RowProps;
  /** Below the table, after the pager (a "load more" button for keyset paging, for instance). */
  footer?: ReactNode;
  minWidth?: number;
  layout?: 'auto' | 'fixed';
  striped?: boolean;
  highlightOnHover?: boolean;
  testId?: string;
}

const resolve = <T,>(updater: Updater<T>, old: T): T =>
  typeof updater === 'function' ? (updater as (old: T) => T)(old) : updater;

/** One server-driven grid: TanStack Table state (sorting, paging, visible columns) rendered with Mantine's Table. */
export function DataGrid<TData extends RowData>(props: DataGridProps<TData>) {
  const { t } = useTranslation();
  const { paging, sorting: sort } = props;
  const read: GridRead = props.query ?? props.read;
  const rowData = props.query ? props.query.data?.rows : props.rows;
  const getRowId = (props.getRowId as ((row: TData) => string) | undefined) ?? ownId;
  const choice = useColumnChoice(props.id);
  const sorting: SortingState = sort?.sort ? [sort.sort] : [];
  const pagination: PaginationState = paging
    ? { pageIndex: paging.page - 1, pageSize: paging.pageSize }
    : { pageIndex: 0, pageSize: rowData?.length ?? 0 };

  const table = useTable({
    features: gridFeatures,
    columns: props.columns,
    data: rowData ?? [],
    getRowId,
    state: { sorting, pagination, columnVisibility: choice.visibility },
    manualSorting: true,
    manualPagination: true,
    rowCount: paging?.total ?? rowData?.length ?? 0,
    enableSorting: sort !== undefined,
    enableMultiSort: false,
    enableSortingRemoval: false,
    sortDescFirst: false,
    onSortingChange: (updater) => {
      const [first] = resolve(updater, sorting);
      if (first && sort) sort.onSort({ id: first.id, desc: first.desc });
    },
    onPaginationChange: (updater) => {
      if (!paging) return;
      const next = resolve(updater, pagination);
      const sizeChanged = next.pageSize !== paging.pageSize;
      paging.onChange({ pageSize: next.pageSize, page: sizeChanged ? 1 : next.pageIndex + 1 });
    },
    onColumnVisibilityChange: (updater) => choice.setVisibility((old) => resolve(updater, old)),
  });

  const failed = read.error != null && rowData === undefined;
  const visibleColumns = table.getVisibleLeafColumns();
  const rows = table.getRowModel().rows;
  const skeletonRows = Math.min(paging?.pageSize ?? 5, 10);
  const range = paging ? pageRange(paging.page, paging.pageSize, paging.total) : null;
  const showChoice = props.columnChoice !== false;
  const sel = props.selection;
  const selectable = sel ? (rowData ?? []).filter((r) => sel.canSelect?.(r) ?? true).map(getRowId) : [];
  const allSelected = selectable.length > 0 && selectable.every((id) => sel?.selected.has(id));
  const someSelected = selectable.some((id) => sel?.selected.has(id));
  const toggle = (ids: string[], on: boolean) => {
    if (!sel) return;
    const next = new Set(sel.selected);
    for (const id of ids) on ? next.add(id) : next.delete(id);
    sel.onChange(next);
  };
  const columnCount = visibleColumns.length + (sel ? 1 : 0);

  return (
    <Stack gap="sm">
      {props.filters}
      {(showChoice || props.exportAction) && (
        <Group justify="flex-end" gap="sm">
          {showChoice && (
            <ColumnChooser
              columns={table.getAllLeafColumns().map((c) => ({
                id: c.id,
                label: c.columnDef.meta?.label ?? c.id,
                visible: c.getIsVisible(),
                canHide: c.getCanHide(),
              }))}
              onChange={(id, visible) => table.getColumn(id)?.toggleVisibility(visible)}
            />
          )}
          {props.exportAction && <ExportButton action={props.exportAction} />}
        </Group>
      )}
      {failed ? (
        <QueryError query={read} />
      ) : (
        <Table.ScrollContainer
          minWidth={props.minWidth ?? 720}
          scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': props.caption } }}
        >
          <Table
            striped={props.striped ?? true}
            highlightOnHover={props.highlightOnHover ?? false}
            withTableBorder
            layout={props.layout}
            verticalSpacing="sm"
            aria-busy={read.isFetching}
            data-testid={props.testId}
          >
            <caption className="visually-hidden">{props.caption}</caption>
            <Table.Thead>
              {table.getHeaderGroups().map((group) => (
                <Table.Tr key={group.id}>
                  {sel && (
                    <Table.Th scope="col" w={40}>
                      <Checkbox
                        aria-label={sel.allLabel}
                        checked={allSelected}
                        indeterminate={someSelected && !allSelected}
                        disabled={selectable.length === 0}
                        onChange={(e) => toggle(selectable, e.currentTarget.checked)}
                        data-testid="grid-select-all"
                      />
                    </Table.Th>
                  )}
                  {group.headers.map((header) => {
                    const canSort = header.column.getCanSort();
                    const sorted = header.column.getIsSorted();
                    return (
                      <Table.Th
                        key={header.id}
                        scope="col"
                        w={header.column.columnDef.meta?.width}
                        aria-sort={
                          sorted === 'asc'
                            ? 'ascending'
                            : sorted === 'desc'
                              ? 'descending'
                              : canSort
                                ? 'none'
                                : undefined
                        }
                      >
                        {canSort ? (
                          <UnstyledButton
                            type="button"
                            className="grid-sort"
                            onClick={header.column.getToggleSortingHandler()}
                            data-sorted={sorted || undefined}
                          >
                            <table.FlexRender header={header} />
                            <SortIcon direction={sorted} />
                          </UnstyledButton>
                        ) : (
                          <table.FlexRender header={header} />
                        )}
                      </Table.Th>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Thead>
            <Table.Tbody>
              {read.isPending && rowData === undefined ? (
                Array.from({ length: skeletonRows }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on
                  <Table.Tr key={i} aria-hidden="true" data-testid="grid-skeleton">
                    {sel && <Table.Td />}
                    {visibleColumns.map((c) => (
                      <Table.Td key={c.id}>
                        <Skeleton height={12} radius="sm" />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              ) : rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={columnCount}>
                    <Text ta="center" py="lg" c="dimmed" data-testid="grid-empty">
                      {props.emptyMessage ?? t('NoRecordsFound')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                rows.map((row) => (
                  <Table.Tr key={row.id} {...props.rowProps?.(row.original)}>
                    {sel && (
                      <Table.Td>
                        {(sel.canSelect?.(row.original) ?? true) && (
                          <Checkbox
                            aria-label={sel.rowLabel(row.original)}
                            checked={sel.selected.has(row.id)}
                            onChange={(e) => toggle([row.id], e.currentTarget.checked)}
                            data-testid="grid-select"
                          />
                        )}
                      </Table.Td>
                    )}
                    {row.getVisibleCells().map((cell) => (
                      <Table.Td key={cell.id}>
                        <table.FlexRender cell={cell} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {read.isPending && rowData === undefined && (
        <Text className="visually-hidden" role="status">
          {t('app.loading')}
        </Text>
      )}
      {paging && range && (
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="sm">
            <NativeSelect
              label={t('grid.pageSize')}
              size="xs"
              value={String(paging.pageSize)}
              onChange={(e) => table.setPageSize(Number(e.currentTarget.value))}
              data={(paging.pageSizes ?? PAGE_SIZES).map((n) => String(n))}
              styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 }, label: { marginBlockEnd: 0 } }}
              data-testid="grid-page-size"
            />
            <Text size="sm" aria-live="polite" data-testid="grid-range">
              {t('grid.range', { from: range.from, to: range.to, total: paging.total })}
            </Text>
            {read.isFetching && !read.isPending && <Loader size="xs" role="status" aria-label={t('app.loading')} />}
          </Group>
          <Pager total={range.pages} value={paging.page} onChange={(p) => table.setPageIndex(p - 1)} />
        </Group>
      )}
      {props.footer}
    </Stack>
  );
}

function ExportButton({ action }: { action: GridExport }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if ('start' in action)
    return (
      <>
        <Button variant="default" size="xs" onClick={() => setOpen(true)} data-testid="grid-export">
          {action.label ?? t('grid.export')}
        </Button>
        {open && <ExportDialog opened onClose={() => setOpen(false)} start={action.start} />}
      </>
    );
  if ('href' in action)
    return (
      <Button component="a" href={action.href} download variant="default" size="xs" data-testid="grid-export">
        {action.label ?? t('grid.export')}
      </Button>
    );
  return (
    <Button variant="default" size="xs" onClick={action.onExport} data-testid="grid-export">
      {action.label ?? t('grid.export')}
    </Button>
  );
}
