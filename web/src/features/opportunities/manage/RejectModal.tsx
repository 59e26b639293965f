import { Alert, Stack, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rejectOpportunity } from '../../../../../api/contracts/opportunity.ts';
import type { ErrorCode } from '../../../../../domain/shared/errors.ts';
import { errorCode } from '../../../app/api.ts';
import type { TranslationKey } from '../../../app/i18n/index.ts';
import { AppModal } from '../../../components/AppModal.tsx';
import { CancelAndSubmit } from '../../../components/form/CancelAndSubmit.tsx';
import { notifyDone } from '../../../lib/notify.ts';
import { eventsCommand } from '../api.ts';

interface ReasonModalProps<T> {
  title: TranslationKey;
  label: TranslationKey;
  confirm: TranslationKey;
  /** The catalogue code shown when the reason is left empty (nothing is sent). */
  required: ErrorCode;
  send(reason: string): Promise<T>;
  onSent(result: T): void;
  onClose(): void;
  testId?: string;
}

/** A destructive event command that needs a reason (reject, delete): the reason required, the server's code shown. */
export function ReasonModal<T>(p: ReasonModalProps<T>) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [issue, setIssue] = useState<ErrorCode | null>(null);
  const run = useMutation({
    mutationFn: () => p.send(reason.trim()),
    onSuccess: p.onSent,
    onError: (e) => setIssue(errorCode(e)),
  });
  return (
    <AppModal opened onClose={p.onClose} title={t(p.title)}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (reason.trim() === '') setIssue(p.required);
          else run.mutate();
        }}
      >
        <Stack>
          {issue && (
            <Alert color="red" role="alert">
              {t(issue)}
            </Alert>
          )}
          <Textarea
            label={t(p.label)}
            required
            value={reason}
            maxLength={1000}
            rows={3}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-autofocus
            {...(p.testId ? { 'data-testid': `${p.testId}-reason` } : {})}
          />
          <CancelAndSubmit
            cancel={t('manage.cancel')}
            onCancel={p.onClose}
            submit={t(p.confirm)}
            busy={run.isPending}
            danger
            testId={p.testId ? `confirm-${p.testId}` : undefined}
            gap="sm"
          />
        </Stack>
      </form>
    </AppModal>
  );
}

/** An approver rejects an event with a reason (required: RejectReasonRequired); the event's page shows it after. */
export function RejectModal({ id, onClose }: { id: string; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <ReasonModal
      title="reject.title"
      label="reject.reason"
      confirm="reject.confirm"
      required="RejectReasonRequired"
      send={(reason) => eventsCommand(queryClient, rejectOpportunity, { params: { id }, body: { reason } })}
      onSent={() => {
        notifyDone(t('reject.done'));
        onClose();
      }}
      onClose={onClose}
      testId="reject"
    />
  );
}
