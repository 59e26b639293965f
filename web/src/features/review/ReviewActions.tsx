import { Button, Group, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as C from '../../../../api/contracts/registration.ts';
import { RegistrationStatus } from '../../../../domain/registration/status.ts';
import type { ErrorCode } from '../../../../domain/shared/errors.ts';
import { isRoleId, RoleNameKey } from '../../../../domain/shared/roles.ts';
import { ApiError, errorCode } from '../../app/api.ts';
import type { TranslationKey } from '../../app/i18n/index.ts';
import { useCan } from '../../app/permissions.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { AppModal } from '../../components/AppModal.tsx';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { FailureAlert } from '../../components/FailureAlert.tsx';
import { CancelAndSubmit } from '../../components/form/CancelAndSubmit.tsx';
import { TitledSection } from '../../components/TitledSection.tsx';
import { notifyDone } from '../../lib/notify.ts';
import { type ReviewAction, runReviewAction, staffMembersQuery } from './api.ts';
import { type AppointmentField, checkAppointment, localDay } from './rules.ts';
import { useRequiredText } from './useRequiredText.ts';

/** Spec 9: a success message hides after 5 s. */

/** Runs a review action; on success says so and moves focus to the status heading (the button may be gone). */
export function useReviewAction(id: string, { focusStatus = true }: { focusStatus?: boolean } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ReviewAction) => runReviewAction(queryClient, id, action),
    onSuccess: () => {
      notifyDone(t('review.done'));
      if (focusStatus) requestAnimationFrame(() => document.getElementById('review-title')?.focus());
    },
  });
}

/** The failure to show in a dialog: nothing when the shell already handled it (session ended, 403). */
export function failureOf(error: unknown): ErrorCode | null {
  if (!error) return null;
  if (error instanceof ApiError && error.handled) return null;
  return errorCode(error);
}

type Dialog = 'initial-accept' | 'approve' | 'reject' | 'return' | null;

/** The actions run behind a plain confirmation: the action and the dialog's texts. */
const CONFIRMED = {
  approve: {
    action: { type: 'approve' },
    title: 'review.approveTitle',
    text: 'review.approveText',
    confirm: 'review.approve',
  },
  return: {
    action: { type: 'return-to-submitted' },
    title: 'review.returnTitle',
    text: 'review.returnText',
    confirm: 'review.returnToSubmitted',
  },
} as const satisfies Record<
  string,
  { action: ReviewAction; title: TranslationKey; text: TranslationKey; confirm: TranslationKey }
>;

/** The review buttons the status allows (spec 4): 2 → initial accept or reject; 3 → approve, reject or back; 6 → back. */
export function ReviewActions({ id, status, name }: { id: string; status: RegistrationStatus; name: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Dialog>(null);
  const close = () => setOpen(null);
  const can = {
    initialAccept: useCan(C.initialAccept),
    approve: useCan(C.approve),
    reject: useCan(C.reject),
    back: useCan(C.returnToSubmitted),
  };
  const buttons: ReactNode[] = [];
  if (can.initialAccept && status === RegistrationStatus.Submitted) {
    buttons.push(
      <Button key="accept" onClick={() => setOpen('initial-accept')}>
        {t('review.initialAccept')}
      </Button>,
    );
  }
  if (can.approve && status === RegistrationStatus.InitiallyAccepted) {
    buttons.push(
      <Button key="approve" onClick={() => setOpen('approve')}>
        {t('review.approve')}
      </Button>,
    );
  }
  if (can.reject && (status === RegistrationStatus.Submitted || status === RegistrationStatus.InitiallyAccepted)) {
    buttons.push(
      <Button key="reject" color="red.9" variant="outline" onClick={() => setOpen('reject')}>
        {t('review.reject')}
      </Button>,
    );
  }
  if (can.back && (status === RegistrationStatus.InitiallyAccepted || status === RegistrationStatus.Rejected)) {
    buttons.push(
      <Button key="return" variant="default" onClick={() => setOpen('return')}>
        {t('review.returnToSubmitted')}
      </Button>,
    );
  }
  if (buttons.length === 0) return null;
  return (
    <TitledSection titleId="review-actions-title" title={t('review.actions')} order={3} size="h5">
      <Group gap="sm" data-testid="review-actions">
        {buttons}
      </Group>
      {open === 'initial-accept' && <InitialAcceptDialog id={id} onClose={close} />}
      {(open === 'approve' || open === 'return') && (
        <ConfirmDialog
          id={id}
          action={CONFIRMED[open].action}
          title={t(CONFIRMED[open].title)}
          text={t(CONFIRMED[open].text, { name })}
          confirm={t(CONFIRMED[open].confirm)}
          onClose={close}
        />
      )}
      {open === 'reject' && <RejectDialog id={id} onClose={close} />}
    </TitledSection>
  );
}

/** A review action behind a confirmation (approve, move back, remove a note): the shared ConfirmModal, run here. */
export function ConfirmDialog({
  id,
  action,
  title,
  text,
  confirm,
  danger,
  onClose,
}: {
  id: string;
  action: ReviewAction;
  title: string;
  text: string;
  confirm: string;
  danger?: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const run = useReviewAction(id);
  const failure = failureOf(run.error);
  return (
    <ConfirmModal
      opened
      title={title}
      message={text}
      confirmLabel={confirm}
      cancelLabel={t('review.cancel')}
      danger={danger}
      busy={run.isPending}
      error={failure && <FailureAlert code={failure} />}
      confirmTestId="confirm-action"
      onConfirm={() => run.mutate(action, { onSuccess: onClose })}
      onCancel={onClose}
    />
  );
}

function RejectDialog({ id, onClose }: { id: string; onClose(): void }) {
  const { t } = useTranslation();
  const run = useReviewAction(id);
  const reason = useRequiredText('reject-reason-input', 'RejectReasonRequired');
  const failure = failureOf(run.error);

  const fieldError = reason.problem ?? (failure === 'RejectReasonRequired' ? failure : null);
  return (
    <AppModal opened onClose={onClose} title={t('review.rejectTitle')}>
      <form
        onSubmit={(e) =>
          reason.submit(e, (text) => run.mutate({ type: 'reject', body: { reason: text } }, { onSuccess: onClose }))
        }
        noValidate
      >
        <Stack>
          <Textarea
            id="reject-reason-input"
            label={t('review.rejectReason')}
            required
            rows={4}
            maxLength={1000}
            value={reason.text}
            onChange={(e) => reason.setText(e.currentTarget.value)}
            error={fieldError ? t(fieldError) : undefined}
            data-autofocus
          />
          {failure && failure !== 'RejectReasonRequired' && <FailureAlert code={failure} />}
          <CancelAndSubmit
            cancel={t('review.cancel')}
            onCancel={onClose}
            submit={t('review.reject')}
            busy={run.isPending}
            danger
            gap="sm"
          />
        </Stack>
      </form>
    </AppModal>
  );
}

const SERVER_FIELD: Partial<Record<ErrorCode, AppointmentField>> = { AppointmentInPast: 'date' };

/** Initial accept: the interview's date and time (not in the past), location and reviewer, all required. */
export function InitialAcceptDialog({ id, onClose, now }: { id: string; onClose(): void; now?: () => Date }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const run = useReviewAction(id);
  const staff = useQuery(staffMembersQuery);
  const [values, setValues] = useState({ date: '', time: '', location: '', reviewerId: '' });
  const [problem, setProblem] = useState<{ code: ErrorCode; field: AppointmentField } | null>(null);
  const failure = failureOf(run.error);
  const clock = now ?? (() => new Date());
  const set = (field: AppointmentField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (problem?.field === field) setProblem(null);
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    const checked = checkAppointment(values, clock());
    if (!checked.ok) {
      setProblem({ code: checked.code, field: checked.field });
      document.getElementById(`appointment-${checked.field}`)?.focus();
      return;
    }
    setProblem(null);
    run.mutate(
      {
        type: 'initial-accept',
        body: { appointmentAt: checked.appointmentAt, location: values.location.trim(), reviewerId: values.reviewerId },
      },
      { onSuccess: onClose },
    );
  }

  const serverField = failure ? SERVER_FIELD[failure] : undefined;
  const anyEmpty = Object.values(values).some((v) => v.trim() === '');
  const attached = !!serverField || (failure === 'InitialAcceptIncomplete' && anyEmpty);
  const errorFor = (field: AppointmentField) => {
    if (problem?.field === field) return t(problem.code);
    if (serverField === field && failure) return t(failure);
    if (failure === 'InitialAcceptIncomplete' && values[field].trim() === '') return t(failure);
    return undefined;
  };
  const staffName = (m: { nameAr: string; nameEn: string; roleId: number }) => {
    const name = (lang === 'ar' ? m.nameAr : m.nameEn) || m.nameAr || m.nameEn;
    return isRoleId(m.roleId) ? `${name} – ${t(RoleNameKey[m.roleId] as TranslationKey)}` : name;
  };

  return (
    <AppModal opened onClose={onClose} title={t('review.initialAcceptTitle')} size="lg">
      <form onSubmit={submit} noValidate data-testid="initial-accept-form">
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              id="appointment-date"
              type="date"
              label={t('review.appointmentDate')}
              required
              min={localDay(clock())}
              value={values.date}
              onChange={(e) => set('date', e.currentTarget.value)}
              error={errorFor('date')}
              data-autofocus
            />
            <TextInput
              id="appointment-time"
              type="time"
              label={t('review.appointmentTime')}
              required
              value={values.time}
              onChange={(e) => set('time', e.currentTarget.value)}
              error={errorFor('time')}
            />
          </SimpleGrid>
          <TextInput
            id="appointment-location"
            label={t('review.location')}
            required
            maxLength={200}
            value={values.location}
            onChange={(e) => set('location', e.currentTarget.value)}
            error={errorFor('location')}
          />
          <NativeSelect
            id="appointment-reviewerId"
            label={t('review.reviewer')}
            required
            disabled={!staff.data}
            value={values.reviewerId}
            onChange={(e) => set('reviewerId', e.currentTarget.value)}
            error={errorFor('reviewerId') ?? (staff.error ? t(errorCode(staff.error)) : undefined)}
            data={[
              { value: '', label: staff.data ? t('reg.select') : t('app.loading') },
              ...(staff.data ?? []).map((m) => ({ value: m.id, label: staffName(m) })),
            ]}
          />
          {failure && !attached && <FailureAlert code={failure} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('review.cancel')}
            </Button>
            <Button type="submit" loading={run.isPending}>
              {t('review.initialAccept')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
