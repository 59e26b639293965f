import type { ColumnHelper, RowData } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { Lang } from '../../../../api/contracts/common.ts';
import { columnTitle, type GridFeatures } from '../../components/DataGrid.tsx';
import { bothCalendars, formatHours, nameIn } from './format.ts';

type Helper<R extends RowData> = ColumnHelper<GridFeatures, R>;
type NumberKey<R> = { [K in keyof R]: R[K] extends number ? K : never }[keyof R] & string;

/** The certificates' grids (the events to certify, past events, contributions) show an event's name the same way. */
export function eventNameColumn<R extends RowData & { nameAr: string; nameEn: string }>(
  col: Helper<R>,
  t: TFunction,
  lang: Lang,
) {
  return col.accessor((r) => nameIn(r, lang), { id: 'event', ...columnTitle(t('certs.col.event')) });
}

/** An event's first and last day, each in both calendars. */
export function eventDatesColumn<R extends RowData & { startDate: string; endDate: string }>(
  col: Helper<R>,
  t: TFunction,
  lang: Lang,
) {
  return col.accessor((r) => r.startDate, {
    id: 'startDate',
    ...columnTitle(t('certs.col.dates')),
    cell: ({ row: { original: r } }) => `${bothCalendars(r.startDate, lang)} – ${bothCalendars(r.endDate, lang)}`,
  });
}

/** A number of hours, written in the language's digits; `shown` wraps the text (a test id) where a grid needs it. */
export function hoursColumn<R extends RowData>(
  col: Helper<R>,
  key: NumberKey<R>,
  label: string,
  lang: Lang,
  shown: (text: string) => ReactNode = (text) => text,
) {
  return col.accessor((r) => r[key] as number, {
    id: key,
    ...columnTitle(label),
    cell: (i) => shown(formatHours(i.getValue(), lang)),
  });
}
