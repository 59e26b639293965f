import { Alert, Badge, Box, Button, Group, Loader, Popover, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { hashKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotificationType } from '../../../../domain/participation/notifications.ts';
import { Role } from '../../../../domain/shared/roles.ts';
import { errorCode } from '../../app/api.ts';
import { intlLocale, type TranslationKey } from '../../app/i18n/index.ts';
import { BellIcon } from '../../app/layout/icons.tsx';
import { AnchorLink } from '../../app/layout/links.tsx';
import { useLanguageStore } from '../../app/stores/language.ts';
import { useSessionStore } from '../../app/stores/session.ts';
import { QueryError } from '../../components/QueryError.tsx';
import { notifyDone } from '../../lib/notify.ts';
import { useInvitationsStream } from '../my-events/index.ts';
import { eventName, formatIsoDay, participationsQuery } from '../opportunities/index.ts';
import { configQuery } from '../session/index.ts';
import {
  answerExtension,
  type ExtensionAnswer,
  fetchNotifications,
  markNotificationsRead,
  type NotificationItem,
  notificationsQuery,
} from './api.ts';
import { NAME_MAX, TEXT_MAX, truncate } from './format.ts';

/** The header's notifications for a signed-in volunteer, where the client has them (HasNotificationsHeader). */
export function NotificationsBell() {
  const user = useSessionStore((s) => s.user);
  const config = useQuery(configQuery);
  if (!user || user.roleId !== Role.Volunteer || user.mustChangePassword || !config.data?.hasNotificationsHeader)
    return null;
  return <Bell />;
}

/** Fetch the notifications again (waiting for the newest event) whenever the live invitations stream pushes a list. */
function useRefreshOnInvitationChange() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const mine = hashKey(participationsQuery.queryKey);
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success' || !event.action.manual) return;
      if (event.query.queryHash !== mine) return;
      void queryClient
        .fetchQuery({
          queryKey: notificationsQuery.queryKey,
          queryFn: ({ signal }) => fetchNotifications({ fresh: true, signal }),
          staleTime: 0,
        })
        .catch(() => {});
    });
  }, [queryClient]);
}

function Bell() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const titleId = useId();
  const query = useQuery(notificationsQuery);
  const [opened, setOpened] = useState(false);
  // What was unread when the list was shown: it keeps its "new" mark while the list stays open.
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  // The my-events page opens the same stream itself.
  const onMyEvents = useRouterState({ select: (s) => /\/my-events\/?$/.test(s.location.pathname) });
  useInvitationsStream(!onMyEvents);
  useRefreshOnInvitationChange();

  const marking = useRef(false);
  const { mutate: markRead } = useMutation({
    mutationFn: (ids: string[]) => markNotificationsRead(queryClient, ids),
    onSettled: () => {
      marking.current = false;
    },
  });
  // Opening the list marks what it shows as read.
  const items = query.data?.items;
  useEffect(() => {
    if (!opened || !items || marking.current) return;
    const unread = items.filter((i) => !i.read).map((i) => i.id);
    if (unread.length === 0) return;
    marking.current = true;
    setFresh((prev) => new Set([...prev, ...unread]));
    markRead(unread);
  }, [opened, items, markRead]);

  const unread = query.data?.unread ?? 0;
  return (
    <Popover
      opened={opened}
      onChange={(next) => {
        setOpened(next);
        if (!next) setFresh(new Set());
      }}
      position="bottom-end"
      width={380}
      withinPortal={false}
      trapFocus
      returnFocus
      shadow="md"
    >
      <Popover.Target>
        <Button
          variant="default"
          onClick={() => setOpened((o) => !o)}
          aria-label={t('notifications.bell', { count: unread })}
          data-testid="notifications-bell"
          data-unread={unread}
          px="sm"
        >
          <Group gap={6} wrap="nowrap">
            <BellIcon />
            {unread > 0 && (
              <Badge color="red.9" size="sm" circle={unread < 10} aria-hidden="true" data-testid="notifications-count">
                {unread > 99 ? '99+' : unread}
              </Badge>
            )}
          </Group>
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-labelledby={titleId} p="sm" data-testid="notifications-panel">
        <Title order={2} size="h5" id={titleId} mb="xs">
          {t('notifications.title')}
        </Title>
        {!query.data ? (
          query.error ? (
            <QueryError query={query} />
          ) : (
            <Group justify="center" p="sm">
              <Loader size="sm" role="status" aria-label={t('notifications.loading')} />
            </Group>
          )
        ) : query.data.items.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="notifications-empty">
            {t('notifications.empty')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={420} type="auto" offsetScrollbars>
            <Stack component="ul" gap={0} className="plain-list" data-testid="notifications-list">
              {query.data.items.map((n) => (
                <NotificationRow key={n.id} n={n} isNew={fresh.has(n.id) || !n.read} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

const MESSAGE: Partial<Record<number, TranslationKey>> = {
  [NotificationType.InvitedByStaff]: 'notifications.type.1',
  [NotificationType.AcceptedByStaff]: 'notifications.type.2',
  [NotificationType.RejectedByStaff]: 'notifications.type.3',
  [NotificationType.Released]: 'notifications.type.4',
  [NotificationType.MarkedAbsent]: 'notifications.type.5',
  [NotificationType.HoursApproved]: 'notifications.type.6',
  [NotificationType.HoursRejected]: 'notifications.type.7',
  [NotificationType.EventDeleted]: 'notifications.type.8',
  [NotificationType.TicketReplied]: 'notifications.type.20',
  [NotificationType.SurveyPublished]: 'notifications.type.17',
};

function NotificationRow({ n, isNew }: { n: NotificationItem; isNew: boolean }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const declineRef = useRef<HTMLButtonElement>(null);
  const answer = useMutation({
    mutationFn: (a: ExtensionAnswer) => answerExtension(queryClient, n.eventId ?? '', a),
    onSuccess: (_r, a) => {
      setFailure(null);
      setConfirming(false);
      notifyDone(t(a === 'continue' ? 'notifications.done.continued' : 'notifications.done.declined'));
    },
    onError: (e) => {
      setConfirming(false);
      setFailure(t(errorCode(e)));
    },
  });
  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
  }, [confirming]);

  const name = eventName(n, lang);
  const shortName = truncate(name, NAME_MAX);
  const target = linkOf(n);
  const nameProps = {
    fw: 600,
    size: 'sm',
    title: name !== shortName ? name : undefined,
    'data-testid': 'notification-name',
  } as const;
  const extension = n.type === NotificationType.OpportunityExtended;
  const message = extension
    ? t('notifications.type.16', {
        previous: formatIsoDay(n.previousEndDate ?? n.endDate ?? '', lang),
        end: formatIsoDay(n.endDate ?? '', lang),
      })
    : t(MESSAGE[n.type] ?? 'notifications.type.other');
  const shortMessage = truncate(message, TEXT_MAX);
  const created = new Intl.DateTimeFormat(intlLocale(lang), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(n.createdAt));

  return (
    <Box
      component="li"
      py="xs"
      style={{ borderBlockEnd: '1px solid var(--mantine-color-gray-3)' }}
      data-testid="notification"
      data-type={n.type}
      data-new={isNew}
    >
      <Stack gap={4}>
        <Group gap={6} wrap="nowrap" align="baseline">
          {isNew && (
            <Badge size="xs" color="brand.7" variant="filled">
              {t('notifications.new')}
            </Badge>
          )}
          {target ? (
            <AnchorLink to={target.to} params={{ lang, id: target.id }} {...nameProps}>
              {shortName}
            </AnchorLink>
          ) : (
            <Text {...nameProps}>{shortName}</Text>
          )}
        </Group>
        <Text size="sm" title={message !== shortMessage ? message : undefined} data-testid="notification-text">
          {shortMessage}
        </Text>
        <Text size="xs" c="dimmed">
          {created}
        </Text>
        {extension && n.extensionState && n.extensionState !== 'open' && (
          <Text size="xs" c="dimmed" data-testid="notification-state">
            {t(`notifications.state.${n.extensionState}`)}
          </Text>
        )}
        {failure && (
          <Alert color="red" role="alert" p="xs" data-testid="notification-error">
            <Text size="sm">{failure}</Text>
          </Alert>
        )}
        {extension && n.extensionState === 'open' && !confirming && (
          <Group gap="xs">
            <Button
              size="xs"
              onClick={() => answer.mutate('continue')}
              loading={answer.isPending && answer.variables === 'continue'}
              disabled={answer.isPending}
            >
              {t('notifications.continue')}
            </Button>
            <Button
              size="xs"
              variant="default"
              ref={declineRef}
              onClick={() => setConfirming(true)}
              disabled={answer.isPending}
            >
              {t('notifications.decline')}
            </Button>
          </Group>
        )}
        {extension && n.extensionState === 'open' && confirming && (
          <Stack gap={6} role="group" aria-label={t('notifications.decline')} data-testid="notification-confirm">
            <Text size="sm">{t('notifications.confirmDecline', { name })}</Text>
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                ref={cancelRef}
                onClick={() => {
                  setConfirming(false);
                  requestAnimationFrame(() => declineRef.current?.focus());
                }}
              >
                {t('notifications.confirmDecline.no')}
              </Button>
              <Button
                size="xs"
                color="red.9"
                onClick={() => answer.mutate('decline')}
                loading={answer.isPending}
                data-testid="notification-confirm-yes"
              >
                {t('notifications.confirmDecline.yes')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Box>
  );
}

/** Where a notification's name leads: the ticket, the survey to answer, or the event (none for a deleted event). */
function linkOf(
  n: NotificationItem,
): { to: '/$lang/tickets/$id' | '/$lang/my-surveys/$id' | '/$lang/events/$id'; id: string } | null {
  if (n.ticketId) return { to: '/$lang/tickets/$id', id: n.ticketId };
  if (n.type === NotificationType.SurveyPublished && n.surveyId) return { to: '/$lang/my-surveys/$id', id: n.surveyId };
  if (n.type === NotificationType.EventDeleted || !n.eventId) return null;
  return { to: '/$lang/events/$id', id: n.eventId };
}
