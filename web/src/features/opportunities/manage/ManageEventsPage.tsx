import { Badge, Button, Group, Stack, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createOpportunity, pendingOpportunities } from '../../../../../api/contracts/opportunity.ts';
import { AnchorLink } from '../../../app/layout/links.tsx';
import { useCan } from '../../../app/permissions.ts';
import { useLanguageStore } from '../../../app/stores/language.ts';
import { usePageTitle } from '../../../app/usePageTitle.ts';
import { DataGrid, gridColumnHelper } from '../../../components/DataGrid.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { TitledSection } from '../../../components/TitledSection.tsx';
import { notifyDone } from '../../../lib/notify.ts';
import { type EventListItem, eventsQuery } from '../api.ts';
import { useActiveEventsLabel } from '../EventsNav.tsx';
import { eventName, statusKey } from '../format.ts';
import { EVENTS_PAGE_SIZE } from '../search.ts';
import { EventForm } from './EventForm.tsx';
import { eventIdentityColumns, eventLinkColumn } from './eventColumns.tsx';
import { PendingEvents } from './PendingEvents.tsx';

const col = gridColumnHelper<EventListItem>();

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

/** /$lang/events/manage: the events (as the public list has them) with a way into each, and "Create event". */
export function ManageEventsPage() {
  const { t } = useTranslation();
  const title = usePageTitle('page.manageEvents');
  const lang = useLanguageStore((s) => s.lang);
  const navigate = useNavigate();
  const canAdd = useCan(createOpportunity);
  const activeLabel = useActiveEventsLabel();
  // Only a role that may approve asks for the pending list: the server answers anyone else 403 (and ends the session).
  const canApprove = useCan(pendingOpportunities);
  const [creating, setCreating] = useState(false);
  const [page, setPage] = useState(1);
  const query = useQuery({ ...eventsQuery({ page }), placeholderData: keepPreviousData });

  const columns = useMemo(
    () =>
      col.columns([
        ...eventIdentityColumns<EventListItem>(t, lang),
        col.accessor('status', {
          header: () => t('events.filter.status'),
          meta: { label: t('events.filter.status') },
          // Outline: the light variant with a shade colour paints its text the colour of its background.
          cell: (info) => (
            <Badge variant="outline" color="brand.9">
              {t(statusKey(info.getValue(), activeLabel))}
            </Badge>
          ),
        }),
        eventLinkColumn<EventListItem>(t, lang, 'manage.open'),
      ]),
    [t, lang, activeLabel],
  );

  return (
    <Stack mt="lg" gap="md">
      <Group justify="space-between">
        <Title order={1}>{creating ? t('page.createEvent') : title}</Title>
        {canAdd && !creating && (
          <Button onClick={() => setCreating(true)} data-testid="create-event">
            {t('manage.create')}
          </Button>
        )}
      </Group>
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
          <DataGrid
            id="manage-events"
            caption={title}
            columns={columns}
            rows={query.data?.rows}
            getRowId={(r) => r.id}
            read={query}
            emptyMessage={t('events.empty')}
            minWidth={640}
            testId="manage-events"
            // The public list's fixed page size: page buttons only, no size choice.
            footer={
              query.data && (
                <Pager total={Math.ceil(query.data.total / EVENTS_PAGE_SIZE)} value={page} onChange={setPage} />
              )
            }
          />
        </Stack>
      )}
    </Stack>
  );
}

function CreatedList() {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const created = readCreated();
  if (created.length === 0) return null;
  return (
    <TitledSection titleId="created-title" title={t('manage.createdList')}>
      <ul className="plain-list" data-testid="created-events">
        {created.map((c) => (
          <li key={c.id}>
            <AnchorLink to="/$lang/events/manage/$id" params={{ lang, id: c.id }}>
              {eventName(c, lang)}
            </AnchorLink>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
