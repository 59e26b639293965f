import type { TFunction } from 'i18next';
import type { Lang } from '../../../../../api/contracts/common.ts';
import type { TranslationKey } from '../../../app/i18n/index.ts';
import { AnchorLink } from '../../../app/layout/links.tsx';
import { columnTitle, type GridColumn, gridColumnHelper, ltrCell } from '../../../components/DataGrid.tsx';
import { eventName, formatIsoDay } from '../format.ts';

/** What every staff list of events shows first: its name, code and dates. */
export interface EventIdentity {
  nameAr: string;
  nameEn: string;
  code: string;
  startDate: string;
  endDate: string;
}

/** The name, code and dates columns, the same in the manage list and the approvers' pending list. */
export function eventIdentityColumns<Row extends EventIdentity>(t: TFunction, lang: Lang): GridColumn<Row>[] {
  const col = gridColumnHelper<Row>();
  return [
    col.accessor((r) => eventName(r, lang), {
      id: 'name',
      ...columnTitle(t('roster.col.name')),
      enableHiding: false,
    }),
    col.accessor((r) => r.code, {
      id: 'code',
      ...columnTitle(t('events.code')),
      cell: ltrCell,
    }),
    col.display({
      id: 'dates',
      ...columnTitle(t('event.dates')),
      cell: ({ row: { original: r } }) =>
        t('events.dates', { start: formatIsoDay(r.startDate, lang), end: formatIsoDay(r.endDate, lang) }),
    }),
  ] as GridColumn<Row>[];
}

/** The last column: a link into the event's manage page, named by `linkKey` and the event's name. */
export function eventLinkColumn<Row extends EventIdentity & { id: string }>(
  t: TFunction,
  lang: Lang,
  linkKey: TranslationKey,
): GridColumn<Row> {
  const col = gridColumnHelper<Row>();
  return col.display({
    id: 'actions',
    ...columnTitle(t('roster.col.actions')),
    enableHiding: false,
    cell: ({ row: { original: r } }) => (
      <AnchorLink
        to="/$lang/events/manage/$id"
        params={{ lang, id: r.id }}
        aria-label={`${t(linkKey)}: ${eventName(r, lang)}`}
      >
        {t(linkKey)}
      </AnchorLink>
    ),
  }) as GridColumn<Row>;
}
