import { Alert, Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as S from '../../../../api/contracts/subscriptions.ts';
import type { ErrorCode } from '../../../../domain/shared/errors.ts';
import { BODY_MAX, HEADER_MAX, mailIssues } from '../../../../domain/subscription/rules.ts';
import { errorCode } from '../../app/api.ts';
import { useCan } from '../../app/permissions.ts';
import { AppModal } from '../../components/AppModal.tsx';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { columnTitle, DataGrid, gridColumnHelper, ltrCell } from '../../components/DataGrid.tsx';
import { FilterPanel } from '../../components/FilterPanel.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { DEFAULT_PAGE_SIZE, gridPaging } from '../../components/paging.ts';
import { notifyDone } from '../../lib/notify.ts';
import { useScreen } from '../../lib/useScreen.ts';
import { removeSubscriber, type SubscriberRow, sendMail, subscribersQuery } from './api.ts';

const helper = gridColumnHelper<SubscriberRow>();

/** Spec: SendsubscriptionMail: header and text required, at least one subscriber selected. */
function SendMailModal({
  ids,
  opened,
  onClose,
}: {
  ids: readonly string[];
  opened: boolean;
  onClose(sent: boolean): void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [header, setHeader] = useState('');
  const [body, setBody] = useState('');
  const [issue, setIssue] = useState<{ path: string; code: ErrorCode } | null>(null);
  const send = useMutation({
    mutationFn: () => sendMail({ header, body, subscriptionIds: [...ids] }),
    onSuccess: (r) => {
      notifyDone(t('mailList.sent', { count: r.recipients }));
      setHeader('');
      setBody('');
      void queryClient.invalidateQueries({ queryKey: ['subscriptions'] });
      onClose(true);
    },
    onError: (e) => setIssue({ path: 'form', code: errorCode(e) }),
  });
  const errorOf = (path: string) => (issue?.path === path ? t(issue.code) : undefined);
  return (
    <AppModal
      opened={opened}
      onClose={() => onClose(false)}
      title={t('mailList.sendTitle', { count: ids.length })}
      size="lg"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const first = mailIssues({ header, body, subscriptionIds: ids })[0] ?? null;
          setIssue(first);
          if (!first) send.mutate();
        }}
      >
        <Stack>
          <TextInput
            id="mail-header"
            label={t('mailList.header')}
            required
            maxLength={HEADER_MAX}
            value={header}
            onChange={(e) => setHeader(e.currentTarget.value)}
            error={errorOf('header')}
          />
          <Textarea
            id="mail-body"
            label={t('mailList.body')}
            required
            autosize
            minRows={6}
            maxLength={BODY_MAX}
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
            error={errorOf('body')}
          />
          {(issue?.path === 'form' || issue?.path === 'subscriptionIds') && (
            <Alert color="red" role="alert" data-testid="mail-error">
              {t(issue.code)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose(false)}>
              {t('mailList.cancel')}
            </Button>
            <Button type="submit" loading={send.isPending} data-testid="mail-send">
              {t('mailList.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}

/**
 * /$lang/master-data/mail-subscriptions (spec: MailSubscription_Read; SendsubscriptionMail): the confirmed
 * subscribers, and a mail to those selected.
 */
export function MailSubscriptionsPage() {
  const { t, title } = useScreen('page.mailSubscriptions');
  const canSend = useCan(S.sendSubscriptionMail);
  const canRemove = useCan(S.removeSubscription);
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<SubscriberRow | null>(null);
  const remove = useMutation({
    mutationFn: (r: SubscriberRow) => removeSubscriber(r.id),
    onSuccess: () => {
      notifyDone(t('mailList.removed'));
      setRemoving(null);
      void queryClient.invalidateQueries({ queryKey: ['subscriptions'] });
    },
  });
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [email, setEmail] = useState('');
  const [filter, setFilter] = useState<string | undefined>(undefined);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [writing, setWriting] = useState(false);
  const [noneSelected, setNoneSelected] = useState(false);
  const query = useQuery({ ...subscribersQuery({ ...paging, email: filter }), placeholderData: keepPreviousData });
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor('email', { enableHiding: false, ...columnTitle(t('mailList.email')), cell: ltrCell }),
        helper.accessor('language', {
          ...columnTitle(t('mailList.language')),
          cell: (c) => t(c.getValue() === 'en' ? 'mailList.english' : 'mailList.arabic'),
        }),
        helper.accessor('confirmedAt', {
          ...columnTitle(t('mailList.confirmedAt')),
          cell: (c) => {
            const v = c.getValue();
            return v ? new Date(v).toISOString().slice(0, 10) : '—';
          },
        }),
        ...(canRemove
          ? [
              helper.display({
                id: 'actions',
                ...columnTitle(t('mailList.actions')),
                cell: (c) => (
                  <Button size="xs" variant="default" onClick={() => setRemoving(c.row.original)}>
                    {t('mailList.remove')}
                  </Button>
                ),
              }),
            ]
          : []),
      ]),
    [t, canRemove],
  );
  const write = canSend && (
    <Button
      onClick={() => {
        setNoneSelected(selected.size === 0);
        if (selected.size > 0) setWriting(true);
      }}
      data-testid="write-mail"
    >
      {t('mailList.write', { count: selected.size })}
    </Button>
  );
  return (
    <PageFrame title={title} action={write}>
      {noneSelected && (
        <Alert color="red" role="alert" data-testid="mail-none-selected">
          {t('PleaseSelectSubscribers')}
        </Alert>
      )}
      <FilterPanel
        onSearch={() => {
          setFilter(email.trim() || undefined);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        onClear={() => {
          setEmail('');
          setFilter(undefined);
        }}
      >
        <TextInput
          label={t('mailList.email')}
          dir="ltr"
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
      </FilterPanel>
      <DataGrid
        id="mail-subscriptions"
        caption={t('mailList.caption')}
        columns={columns}
        query={query}
        emptyMessage={t('mailList.empty')}
        paging={gridPaging(paging, query, setPaging)}
        selection={
          canSend
            ? {
                selected,
                onChange: (next) => {
                  setSelected(next);
                  setNoneSelected(false);
                },
                rowLabel: (r) => t('mailList.select', { email: r.email }),
                allLabel: t('mailList.selectAll'),
              }
            : undefined
        }
        rowProps={(r) => ({ 'data-testid': `subscriber-${r.email}` })}
        testId="subscribers-grid"
      />
      <ConfirmModal
        opened={removing !== null}
        title={t('mailList.removeTitle')}
        message={t('mailList.removeMessage', { email: removing?.email ?? '' })}
        confirmLabel={t('mailList.remove')}
        danger
        busy={remove.isPending}
        error={remove.error ? <span role="alert">{t(errorCode(remove.error))}</span> : null}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
      />
      <SendMailModal
        ids={[...selected]}
        opened={writing}
        onClose={(sent) => {
          setWriting(false);
          if (sent) setSelected(new Set());
        }}
      />
    </PageFrame>
  );
}
