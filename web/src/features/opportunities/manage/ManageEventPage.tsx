import { Alert, Badge, Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import * as C from '../../../../../api/contracts/opportunity.ts';
import { inviteVolunteers } from '../../../../../api/contracts/participation.ts';
import type { ErrorCode } from '../../../../../domain/shared/errors.ts';
import { errorCode } from '../../../app/api.ts';
import { AnchorLink } from '../../../app/layout/links.tsx';
import { useCan } from '../../../app/permissions.ts';
import { EventStatusBadge } from '../../../components/badges.tsx';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { notifyDone } from '../../../lib/notify.ts';
import { useScreen } from '../../../lib/useScreen.ts';
import { HistoryTab } from '../../audit/index.ts';
import { eventQuery, eventsCommand } from '../api.ts';
import { EventDetailView } from '../EventDetailPage.tsx';
import { eventName } from '../format.ts';
import { InviteModal } from './dialogs.tsx';
import { EventForm } from './EventForm.tsx';
import { fromDetails } from './eventForm.ts';
import { ReasonModal } from './ReasonModal.tsx';
import { RosterGrid } from './RosterGrid.tsx';

const EVENT_COMMANDS = {
  approve: C.approveOpportunity,
  'stop-invitations': C.stopInvitations,
  'confirm-delete': C.confirmDeleteOpportunity,
} as const;

const route = getRouteApi('/$lang/events/manage/$id');

type Approval = 'pending' | 'approved' | 'rejected' | 'pendingDelete';

/** The commands run behind a plain confirmation, and that dialog's texts. */
const CONFIRMED = {
  'stop-invitations': { title: 'manage.stop.title', body: 'manage.stop.body', confirm: 'manage.stopInvitations' },
  'confirm-delete': { title: 'delete.title', body: 'delete.confirmBody', confirm: 'delete.confirmDelete' },
} as const;

/** /$lang/events/manage/$id: approve, invite, stop invitations, delete; the roster and the event's details. */
export function ManageEventPage() {
  const { t, lang } = useScreen('page.manageEvent');
  const { id } = route.useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery(eventQuery(id));
  const canApprove = useCan(C.approveOpportunity);
  const canReject = useCan(C.rejectOpportunity);
  const canConfirmDelete = useCan(C.confirmDeleteOpportunity);
  const canStopInvitations = useCan(C.stopInvitations);
  const canEdit = useCan(C.editOpportunity);
  const canDelete = useCan(C.deleteOpportunity);
  const canInvite = useCan(inviteVolunteers);
  const [dialog, setDialog] = useState<'delete' | 'invite' | 'reject' | 'stop-invitations' | 'confirm-delete' | null>(
    null,
  );
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<ErrorCode | null>(null);
  const command = useMutation({
    mutationFn: (path: 'approve' | 'stop-invitations' | 'confirm-delete') =>
      eventsCommand(queryClient, EVENT_COMMANDS[path], { params: { id } }),
    onSuccess: (_r, path) => {
      setFailure(null);
      setDialog(null);
      notifyDone(
        t(path === 'approve' ? 'manage.approved' : path === 'confirm-delete' ? 'delete.done' : 'manage.stop.done'),
      );
    },
    onError: (e) => {
      setDialog(null);
      setFailure(errorCode(e));
    },
  });
  if (!query.data) {
    return (
      <Stack mt="lg">
        <QueryState query={query} />
      </Stack>
    );
  }
  const event = query.data;
  const approval = event.approval as Approval;
  const live = event.status !== 3 && event.status !== 4;
  return (
    <Stack mt="lg" gap="md">
      <AnchorLink to="/$lang/events/manage" params={{ lang }} size="sm">
        {t('page.manageEvents')}
      </AnchorLink>
      <Group justify="space-between" align="flex-start">
        <Title order={1}>{eventName(event, lang)}</Title>
        <Group gap="xs">
          <Badge
            variant="filled"
            color={approval === 'approved' ? 'brand.7' : 'blue.9'}
            data-testid="event-approval"
            data-approval={approval}
          >
            {t(`events.approval.${approval}`)}
          </Badge>
          <EventStatusBadge status={event.status} variant="light" />
        </Group>
      </Group>
      {failure && (
        <Badge color="red.9" variant="light" size="lg" role="alert" style={{ textTransform: 'none' }}>
          {t(failure)}
        </Badge>
      )}
      {approval === 'rejected' && event.rejectReason && (
        <Alert color="red" variant="light" title={t('events.rejectReason')} data-testid="reject-reason-shown">
          {event.rejectReason}
        </Alert>
      )}
      <Group gap="sm">
        {canApprove && approval === 'pending' && (
          <Button
            onClick={() => command.mutate('approve')}
            loading={command.isPending && command.variables === 'approve'}
            data-testid="approve-event"
          >
            {t('manage.approve')}
          </Button>
        )}
        {canReject && approval === 'pending' && (
          <Button variant="default" color="red.9" onClick={() => setDialog('reject')} data-testid="reject-event">
            {t('reject.open')}
          </Button>
        )}
        {canConfirmDelete && approval === 'pendingDelete' && (
          <Button color="red.9" onClick={() => setDialog('confirm-delete')} data-testid="confirm-delete">
            {t('delete.confirmDelete')}
          </Button>
        )}
        {canInvite && approval === 'approved' && live && (
          <Button variant="light" onClick={() => setDialog('invite')}>
            {t('invite.open')}
          </Button>
        )}
        {canStopInvitations && approval === 'approved' && live && (
          <Button variant="default" onClick={() => setDialog('stop-invitations')} data-testid="stop-invitations">
            {t('manage.stopInvitations')}
          </Button>
        )}
        {canEdit && live && !editing && (
          <Button variant="default" onClick={() => setEditing(true)} data-testid="edit-event">
            {t('manage.edit')}
          </Button>
        )}
        {canDelete && live && approval !== 'pendingDelete' && (
          <Button variant="default" color="red.9" onClick={() => setDialog('delete')} data-testid="delete-event">
            {t('delete.open')}
          </Button>
        )}
      </Group>
      {editing ? (
        <EventForm
          editing={{ id, values: fromDetails(event) }}
          onCancel={() => setEditing(false)}
          onCreated={() => {
            setEditing(false);
            notifyDone(t('manage.saved'));
          }}
        />
      ) : (
        // Only the open tab is mounted: the history is read from the event's stream each time it is opened.
        <Tabs defaultValue="participants" keepMounted={false}>
          <Tabs.List aria-label={t('roster.tabs')}>
            <Tabs.Tab value="participants">{t('roster.tab.participants')}</Tabs.Tab>
            <Tabs.Tab value="details">{t('roster.tab.details')}</Tabs.Tab>
            <Tabs.Tab value="history" data-testid="event-history-tab">
              {t('audit.historyTitle')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="participants" pt="md">
            <RosterGrid id={id} />
          </Tabs.Panel>
          <Tabs.Panel value="details" pt="md">
            <EventDetailView event={event} embedded />
          </Tabs.Panel>
          <Tabs.Panel value="history" pt="md">
            <HistoryTab kind="opportunity" id={id} />
          </Tabs.Panel>
        </Tabs>
      )}
      {dialog === 'reject' && (
        <ReasonModal action="reject" id={id} onDone={() => setDialog(null)} onClose={() => setDialog(null)} />
      )}
      {dialog === 'invite' && <InviteModal id={id} onClose={() => setDialog(null)} />}
      {(dialog === 'stop-invitations' || dialog === 'confirm-delete') && (
        <ConfirmModal
          opened
          title={t(CONFIRMED[dialog].title)}
          message={t(CONFIRMED[dialog].body)}
          confirmLabel={t(CONFIRMED[dialog].confirm)}
          danger
          busy={command.isPending}
          onCancel={() => setDialog(null)}
          confirmTestId="confirm-dialog"
          onConfirm={() => command.mutate(dialog)}
        />
      )}
      {dialog === 'delete' && (
        <ReasonModal
          action="delete"
          id={id}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            void navigate({ to: '/$lang/events/manage', params: { lang } });
          }}
        />
      )}
    </Stack>
  );
}
