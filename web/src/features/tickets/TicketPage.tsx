import { Alert, Button, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as C from '../../../../api/contracts/tickets.ts';
import { Role } from '../../../../domain/shared/roles.ts';
import {
  OTHER_REASON,
  REASON_MAX,
  REJECT_REASONS,
  RESPONSE_MAX,
  replyIssues,
  verdictIssues,
} from '../../../../domain/ticket/rules.ts';
import { errorCode } from '../../app/api.ts';
import { AnchorLink } from '../../app/layout/links.tsx';
import { useCan } from '../../app/permissions.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { useSessionStore } from '../../app/stores/session.ts';
import { AppModal } from '../../components/AppModal.tsx';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { CancelAndSubmit } from '../../components/form/CancelAndSubmit.tsx';
import { binder, optionalNumber, SelectField, TextAreaField } from '../../components/form/fields.tsx';
import { RulesForm } from '../../components/form/RulesForm.tsx';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { notifyDone } from '../../lib/notify.ts';
import { useScreen } from '../../lib/useScreen.ts';
import {
  assignTicketDepartment,
  markTicket,
  replyToTicket,
  type TicketDetail,
  ticketOptionsQuery,
  ticketQuery,
} from './api.ts';
import { formatDay, nameIn, TicketStatusBadge } from './TicketsGrid.tsx';

const route = getRouteApi('/$lang/tickets/$id');

/** /$lang/tickets/$id: a ticket and its conversation; the creator judges a reply, staff reply and assign. */
export function TicketPage() {
  const { t, title, lang } = useScreen('page.ticket');
  const { id } = route.useParams();
  const staff = useSessionStore((s) => s.user?.roleId !== Role.Volunteer);
  const canMark = useCan(C.markTicket);
  const query = useQuery(ticketQuery(id, staff));
  const d = query.data;
  return (
    <Stack mt="lg" gap="md" maw={900}>
      <AnchorLink to={staff ? '/$lang/tickets/manage' : '/$lang/tickets'} params={{ lang }}>
        {t('tickets.back')}
      </AnchorLink>
      <Title order={1}>{title}</Title>
      {!d ? (
        <QueryState query={query} />
      ) : (
        <>
          <Summary d={d} />
          <Conversation d={d} />
          {!staff && canMark && d.status === 'replied' && <Verdict d={d} />}
          {staff && d.status !== 'closed' && <StaffActions d={d} />}
        </>
      )}
    </Stack>
  );
}

function Summary({ d }: { d: TicketDetail }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const options = useQuery(ticketOptionsQuery);
  const department = options.data?.departments.find((x) => x.id === d.departmentId);
  const event = d.eventNameAr && d.eventNameEn ? nameIn({ nameAr: d.eventNameAr, nameEn: d.eventNameEn }, lang) : null;
  const row = (label: string, value: React.ReactNode) => (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text fw={600} size="sm">
        {label}:
      </Text>
      <Text size="sm" component="div">
        {value}
      </Text>
    </Group>
  );
  return (
    <Card withBorder data-testid="ticket-summary">
      <Stack gap={6}>
        <Group justify="space-between">
          <Title order={2} size="h3">
            {d.title}
          </Title>
          <TicketStatusBadge status={d.status} />
        </Group>
        {row(t('tickets.field.code'), <bdi dir="ltr">{d.code}</bdi>)}
        {row(t('tickets.field.requestType'), t(`tickets.type.${d.requestType as 1 | 2 | 4}`))}
        {row(t('tickets.field.priority'), t(`tickets.priority.${d.priority as 1 | 2 | 3 | 4}`))}
        {event && row(t('tickets.field.event'), event)}
        {row(t('tickets.field.department'), department ? nameIn(department, lang) : t('tickets.none'))}
        {row(t('tickets.field.createdAt'), formatDay(d.createdAt, lang))}
      </Stack>
    </Card>
  );
}

function Conversation({ d }: { d: TicketDetail }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('tickets.conversation')}
      </Title>
      <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {d.messages.map((m) => (
          <Card component="li" key={`${m.at}-${m.kind}`} withBorder data-testid="ticket-message" data-kind={m.kind}>
            <Text size="sm" fw={600}>
              {t(m.authorRole === Role.Volunteer ? 'tickets.by.volunteer' : 'tickets.by.staff')}{' '}
              {t(`tickets.msg.${m.kind as 'submitted' | 'reply' | 'closed' | 'resolved' | 'notResolved'}`)} —{' '}
              {formatDay(m.at, lang)}
            </Text>
            {m.reasonId !== null && (
              <Text size="sm">
                {t('tickets.field.reason')}: {t(`tickets.reason.${m.reasonId as 1 | 2 | 3 | 4}`)}
              </Text>
            )}
            {m.body && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {m.body}
              </Text>
            )}
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}

/** The creator's verdict on the reply: resolved (confirmed), or not resolved with a reason (4 needs its text). */
function Verdict({ d }: { d: TicketDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const domain = useDomainForm<{ status: number; reasonId?: number; reason?: string }, 'submit'>({
    initialValues: { status: 2 },
    rules: (v) => verdictIssues(v),
    defaultMode: 'submit',
    idPrefix: 'verdict',
  });
  const mark = useMutation({
    mutationFn: (body: { status: number; reasonId?: number | null; reason?: string | null }) =>
      markTicket(queryClient, d.id, body),
    onSuccess: () => {
      notifyDone(t('tickets.markedSuccess'));
      setConfirming(false);
      setRejecting(false);
    },
    onError: (e) => setFailure(t(errorCode(e))),
  });
  const v = domain.values;
  const bind = binder(v, domain.set);
  return (
    <>
      <Group>
        <Button onClick={() => setConfirming(true)} data-testid="mark-resolved">
          {t('tickets.markResolved')}
        </Button>
        <Button variant="default" onClick={() => setRejecting(true)} data-testid="mark-not-resolved">
          {t('tickets.markNotResolved')}
        </Button>
      </Group>
      <ConfirmModal
        opened={confirming}
        title={t('tickets.markResolved')}
        message={t('tickets.confirmResolved', { title: d.title })}
        confirmLabel={t('tickets.confirmYes')}
        cancelLabel={t('tickets.confirmNo')}
        busy={mark.isPending}
        error={failure}
        onConfirm={() => mark.mutate({ status: 1 })}
        onCancel={() => setConfirming(false)}
      />
      <AppModal opened={rejecting} onClose={() => setRejecting(false)} title={t('tickets.notResolvedTitle')}>
        <RulesForm
          domain={domain}
          mode="submit"
          onValid={() => mark.mutate({ status: 2, reasonId: v.reasonId ?? null, reason: v.reason ?? null })}
        >
          <SelectField
            {...bind('reasonId', optionalNumber)}
            label={t('tickets.field.reason')}
            required
            options={REJECT_REASONS.map((r) => ({ value: String(r), label: t(`tickets.reason.${r}`) }))}
          />
          <TextAreaField
            {...bind('reason')}
            label={t('tickets.field.reasonText')}
            required={v.reasonId === OTHER_REASON}
            autosize={false}
            maxLength={REASON_MAX}
          />
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <CancelAndSubmit
            cancel={t('tickets.cancel')}
            onCancel={() => setRejecting(false)}
            submit={t('tickets.notResolvedSave')}
            busy={mark.isPending}
            testId="save-not-resolved"
          />
        </RulesForm>
      </AppModal>
    </>
  );
}

/** Staff: reply (2) or reply and close (3, confirmed first), and assign the ticket to a department. */
function StaffActions({ d }: { d: TicketDetail }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const queryClient = useQueryClient();
  const options = useQuery(ticketOptionsQuery);
  const [closing, setClosing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [department, setDepartment] = useState(d.departmentId === null ? '' : String(d.departmentId));
  const domain = useDomainForm<{ action: number; response?: string }, 'submit'>({
    initialValues: { action: 2 },
    rules: (v) => replyIssues(v),
    defaultMode: 'submit',
    idPrefix: 'reply',
  });
  const v = domain.values;
  const bind = binder(v, domain.set);
  const canReply = useCan(C.replyToTicket);
  const canAssign = useCan(C.assignTicketDepartment);
  const reply = useMutation({
    mutationFn: () => replyToTicket(queryClient, d.id, { action: v.action, response: v.response ?? null }),
    onSuccess: () => {
      notifyDone(t('tickets.repliedSuccess'));
      setClosing(false);
      setFailure(null);
      domain.form.reset();
    },
    onError: (e) => setFailure(t(errorCode(e)) || t('tickets.updateError')),
  });
  const assign = useMutation({
    mutationFn: () => assignTicketDepartment(queryClient, d.id, Number(department)),
    onSuccess: () => notifyDone(t('tickets.assignedSuccess')),
    onError: (e) => setFailure(t(errorCode(e))),
  });
  return (
    <Stack>
      {canReply && (
        <Card withBorder>
          <RulesForm
            domain={domain}
            mode="submit"
            onValid={() => {
              if (v.action === 3) setClosing(true);
              else reply.mutate();
            }}
          >
            <Title order={2} size="h4">
              {t('tickets.reply')}
            </Title>
            <SelectField
              {...bind('action', Number)}
              label={t('tickets.field.action')}
              required
              blank={false}
              options={[2, 3].map((a) => ({ value: String(a), label: t(`tickets.action.${a as 2 | 3}`) }))}
            />
            <TextAreaField
              {...bind('response')}
              label={t('tickets.field.response')}
              required
              maxLength={RESPONSE_MAX}
            />
            {failure && (
              <Alert color="red" role="alert" data-testid="reply-error">
                {failure}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={reply.isPending && !closing} data-testid="send-reply">
                {t('tickets.sendReply')}
              </Button>
            </Group>
          </RulesForm>
        </Card>
      )}
      {canAssign && (
        <Card withBorder>
          <Group align="flex-end">
            <NativeSelect
              label={t('tickets.assign')}
              value={department}
              onChange={(e) => setDepartment(e.currentTarget.value)}
              data={[
                { value: '', label: t('tickets.none') },
                ...(options.data?.departments ?? []).map((x) => ({ value: String(x.id), label: nameIn(x, lang) })),
              ]}
            />
            <Button
              variant="default"
              disabled={department === '' || Number(department) === d.departmentId}
              loading={assign.isPending}
              onClick={() => assign.mutate()}
            >
              {t('tickets.assignSave')}
            </Button>
          </Group>
        </Card>
      )}
      <ConfirmModal
        opened={closing}
        title={t('tickets.action.3')}
        message={t('tickets.confirmClose')}
        confirmLabel={t('tickets.confirmYes')}
        cancelLabel={t('tickets.confirmNo')}
        danger
        busy={reply.isPending}
        onConfirm={() => reply.mutate()}
        onCancel={() => setClosing(false)}
      />
    </Stack>
  );
}
