import { Button, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as I from '../../../../api/contracts/incidents.ts';
import type { ParticipationStatus } from '../../../../domain/participation/status.ts';
import { ApiError, errorCode } from '../../app/api.ts';
import type { TranslationKey } from '../../app/i18n/index.ts';
import { AnchorLink } from '../../app/layout/links.tsx';
import { useLanguageStore } from '../../app/stores/language.ts';
import { ParticipationBadge } from '../../components/badges.tsx';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { TabList } from '../../components/TabList.tsx';
import { notifyDone } from '../../lib/notify.ts';
import { useScreen } from '../../lib/useScreen.ts';
import {
  eventName,
  eventsCommand,
  formatIsoDay,
  type InvitationAction,
  invitationAction,
  type MyTab,
  type Participation,
  participationsQuery,
  tabOf,
  todayIso,
} from '../opportunities/index.ts';
import { IncidentForm } from './IncidentForm.tsx';
import { useInvitationsStream } from './useInvitationsStream.ts';

const TABS: MyTab[] = ['invitations', 'current', 'past'];
const TAB_LABEL: Record<MyTab, TranslationKey> = {
  invitations: 'my.invitations',
  current: 'my.current',
  past: 'my.past',
};

/** /$lang/my-events: invitations (live over server-sent events), current events and past events with their hours. */
export function MyEventsPage() {
  const { t, title } = useScreen('page.myEvents');
  const stream = useInvitationsStream();
  const query = useQuery(participationsQuery);
  const [tab, setTab] = useState<MyTab>('invitations');
  const today = todayIso();
  return (
    <Stack mt="lg" gap="md">
      <Title order={1}>{title}</Title>
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="stream-state" data-state={stream}>
        {stream === 'reconnecting' ? t('my.reconnecting') : stream === 'live' ? t('my.live') : ''}
      </Text>
      {!query.data ? (
        <QueryState query={query} />
      ) : (
        <Tabs value={tab} onChange={(v) => v && setTab(v as MyTab)}>
          <TabList
            tabs={TABS}
            name={(k) => `${t(TAB_LABEL[k])} (${query.data.filter((p) => tabOf(p, today) === k).length})`}
            testId="my-tab"
          />
          {TABS.map((k) => {
            const items = query.data.filter((p) => tabOf(p, today) === k);
            return (
              <Tabs.Panel key={k} value={k} pt="md">
                {items.length === 0 ? (
                  <Text c="dimmed" data-testid="my-empty">
                    {t('my.empty')}
                  </Text>
                ) : (
                  <Stack component="ul" className="plain-list" gap="sm" data-testid={`my-list-${k}`}>
                    {items.map((p) => (
                      <li key={p.opportunityId}>
                        <ParticipationCard p={p} tab={k} today={today} />
                      </li>
                    ))}
                  </Stack>
                )}
              </Tabs.Panel>
            );
          })}
        </Tabs>
      )}
    </Stack>
  );
}

/** The actions a volunteer has on an invitation by its status (spec section 4). */
export function actionsFor(status: number): InvitationAction[] {
  switch (status) {
    case 1:
      return ['accept', 'reject'];
    case 2:
    case 7:
      return ['cancel'];
    case 4:
      return ['cancel', 'RequestToRelease'];
    default:
      return [];
  }
}

const ACTION_LABEL: Record<InvitationAction, TranslationKey> = {
  accept: 'my.accept',
  reject: 'my.reject',
  cancel: 'my.cancel',
  RequestToRelease: 'my.release',
};
const CONFIRM: Partial<Record<InvitationAction, TranslationKey>> = {
  reject: 'my.confirm.reject',
  cancel: 'my.confirm.cancel',
  RequestToRelease: 'my.confirm.release',
};

function ParticipationCard({ p, tab, today }: { p: Participation; tab: MyTab; today: string }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const queryClient = useQueryClient();
  const name = eventName(p, lang);
  const [confirm, setConfirm] = useState<InvitationAction | null>(null);
  const [incident, setIncident] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = useMutation({
    mutationFn: (action: InvitationAction) => invitationAction(queryClient, p.opportunityId, action),
    onSuccess: () => {
      setFailure(null);
      setConfirm(null);
      notifyDone(t('my.done'));
    },
    onError: (e) => {
      setConfirm(null);
      setFailure(failureText(e, t));
    },
  });
  const checkIn = useMutation({
    mutationFn: () => eventsCommand(queryClient, I.checkIn, { params: { id: p.opportunityId } }),
    onSuccess: () => {
      setFailure(null);
      notifyDone(t('my.checkedIn'));
    },
    onError: (e) => setFailure(failureText(e, t)),
  });
  const active = p.startDate <= today && today <= p.endDate;
  const actions = tab === 'past' ? [] : actionsFor(p.status);
  const headingId = `my-${p.opportunityId}`;
  return (
    <Card withBorder radius="md" component="article" aria-labelledby={headingId} data-testid="my-event">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <Title order={2} size="h4" id={headingId}>
            <AnchorLink to="/$lang/events/$id" params={{ lang, id: p.opportunityId }}>
              {name}
            </AnchorLink>
          </Title>
          <ParticipationBadge status={p.status as ParticipationStatus} data-testid="my-status" />
        </Group>
        <Text size="sm">
          {t('events.dates', { start: formatIsoDay(p.startDate, lang), end: formatIsoDay(p.endDate, lang) })}
        </Text>
        <Text size="sm" data-testid="my-hours">
          {t('my.hours', { approved: p.approvedHours, pending: p.pendingHours })}
        </Text>
        <ErrorAlert message={failure} testId="my-error" />
        {(actions.length > 0 || (p.status === 4 && active && tab === 'current')) && (
          <Group gap="sm">
            {actions.map((a) => (
              <Button
                key={a}
                size="xs"
                variant={a === 'accept' ? 'filled' : 'default'}
                loading={run.isPending && run.variables === a}
                onClick={() => (CONFIRM[a] ? setConfirm(a) : run.mutate(a))}
              >
                {t(ACTION_LABEL[a])}
              </Button>
            ))}
            {p.status === 4 && active && (
              <>
                <Button size="xs" variant="light" onClick={() => checkIn.mutate()} loading={checkIn.isPending}>
                  {t('my.checkIn')}
                </Button>
                <Button size="xs" variant="light" onClick={() => setIncident(true)}>
                  {t('my.contribution')}
                </Button>
              </>
            )}
          </Group>
        )}
      </Stack>
      {confirm && CONFIRM[confirm] && (
        <ConfirmModal
          opened
          title={t('my.confirm.title')}
          message={t(CONFIRM[confirm], { name })}
          confirmLabel={t('my.yes')}
          cancelLabel={t('my.no')}
          danger
          busy={run.isPending}
          confirmTestId="confirm-yes"
          onConfirm={() => run.mutate(confirm)}
          onCancel={() => setConfirm(null)}
        />
      )}
      {incident && <IncidentForm opportunityId={p.opportunityId} onClose={() => setIncident(false)} />}
    </Card>
  );
}

/** The translated refusal; an approved invitation's refusal names the event lead to contact. */
function failureText(e: unknown, t: TFunction): string {
  const code = errorCode(e);
  const text = t(code);
  if (e instanceof ApiError && code === 'ApprovedInvitationCannotCancel') {
    const name = e.details?.leadName;
    const email = e.details?.leadEmail;
    if (typeof name === 'string' || typeof email === 'string')
      return `${text} ${t('my.leadContact', { name: String(name ?? ''), email: String(email ?? '') })}`;
  }
  return text;
}
