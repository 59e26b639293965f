import { Badge, Button, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportEvents } from '../../../../../api/contracts/exports.ts';
import {
  createOpportunity,
  manageOpportunities,
  pendingOpportunities,
} from '../../../../../api/contracts/opportunity.ts';
import { useCan } from '../../../app/permissions.ts';
import { columnTitle, DataGrid, gridColumnHelper } from '../../../components/DataGrid.tsx';
import { useGridExport } from '../../../components/ExportDialog.tsx';
import { PageHead } from '../../../components/PageHead.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { notifyDone } from '../../../lib/notify.ts';
import { useScreen } from '../../../lib/useScreen.ts';
import { type ManagedEvent, manageEventsQuery, startEventsExport } from '../api.ts';
import { EventLinks } from '../EventLinks.tsx';
import { useActiveEventsLabel } from '../EventsNav.tsx';
import { statusKey } from '../format.ts';
import { EventForm } from './EventForm.tsx';
import { eventIdentityColumns, eventLinkColumn } from './eventColumns.tsx';
import { ManageFilters, type ManageFilterValues } from './ManageFilters.tsx';
import { PendingEvents } from './PendingEvents.tsx';

const col = gridColumnHelper<ManagedEvent>();

const CREATED_KEY = 'events.created';
interface Created {
  id: string;
  nameAr: string;
  nameEn: string;
}

/** Events created in this tab: drafts awaiting approval are not in the public list, so they are kept here. */
function readCreated(): Created[] {
  try {
    const list = JSON.parse(sessionStorage.getItem(CREATED_KEY) ?? '[]');
    return Array.isArray(list) ? (list as Created[]).slice(0, 20) : [];
  } catch {
    return [];
  }
}
function rememberCreated(c: Created): void {
  try {
    sessionStorage.setItem(CREATED_KEY, JSON.stringify([c, ...readCreated().filter((x) => x.id !== c.id)]));
  } catch {
    // storage full or off: the list is a convenience only
  }
}

/** /$lang/events/manage: every event in the staff's scope (any status, approval, visibility), filtered; "Create event". */
export function ManageEventsPage() {
  const { t, title, lang } = useScreen('page.manageEvents');
  const navigate = useNavigate();
  const canAdd = useCan(createOpportunity);
  const activeLabel = useActiveEventsLabel();
  // Only a role that may approve asks for the pending list: the server answers anyone else 403 (and ends the session).
  const canApprove = useCan(pendingOpportunities);
  const [creating, setCreating] = useState(false);
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<ManageFilterValues>({ pageSize: 10 });
  const exporting = useGridExport(exportEvents, startEventsExport(filters));
  // A role whose grants on the events screen leave out View is not sent to the list (403 would end its session).
  const canList = useCan(manageOpportunities);
  const query = useQuery({
    ...manageEventsQuery({ ...filters, page }),
    placeholderData: keepPreviousData,
    enabled: canList,
  });

  const columns = useMemo(
    () =>
      col.columns([
        ...eventIdentityColumns<ManagedEvent>(t, lang),
        col.accessor('status', {
          ...columnTitle(t('events.filter.status')),
          // Outline: the light variant with a shade colour paints its text the colour of its background.
          cell: (info) => (
            <Badge variant="outline" color="brand.9">
              {t(statusKey(info.getValue(), activeLabel))}
            </Badge>
          ),
        }),
        col.accessor('approval', {
          ...columnTitle(t('manage.filter.approval')),
          cell: (info) => t(`events.approval.${info.getValue()}`),
        }),
        col.accessor('visibility', {
          ...columnTitle(t('manage.filter.visibility')),
          cell: (info) => t(`events.visibility.${info.getValue() as 0 | 1 | 2 | 3}`),
        }),
        eventLinkColumn<ManagedEvent>(t, lang, 'manage.open'),
      ]),
    [t, lang, activeLabel],
  );

  return (
    <Stack mt="lg" gap="md">
      <PageHead title={creating ? t('page.createEvent') : title}>
        {canAdd && !creating && (
          <Button onClick={() => setCreating(true)} data-testid="create-event">
            {t('manage.create')}
          </Button>
        )}
      </PageHead>
      {canApprove && !creating && <PendingEvents />}
      {creating ? (
        <EventForm
          onCancel={() => setCreating(false)}
          onCreated={(id, names) => {
            rememberCreated({ id, ...names });
            notifyDone(t('manage.created'));
            void navigate({ to: '/$lang/events/manage/$id', params: { lang, id } });
          }}
        />
      ) : (
        <Stack gap="sm">
          <CreatedList />
          {canList && (
            <ManageFilters
              value={filters}
              onChange={(v) => {
                setFilters(v);
                setPage(1);
              }}
            />
          )}
          {canList && (
            <DataGrid
              id="manage-events"
              caption={title}
              columns={columns}
              query={query}
              {...exporting}
              emptyMessage={t('events.empty')}
              minWidth={640}
              testId="manage-events"
              footer={
                query.data && (
                  <Pager total={Math.ceil(query.data.total / filters.pageSize)} value={page} onChange={setPage} />
                )
              }
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}

function CreatedList() {
  const { t } = useTranslation();
  const created = readCreated();
  if (created.length === 0) return null;
  return (
    <EventLinks
      titleId="created-title"
      title={t('manage.createdList')}
      testId="created-events"
      events={created}
      manage
    />
  );
}
