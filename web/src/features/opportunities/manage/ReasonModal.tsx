import { Alert, Stack, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../../../api/contracts/endpoint.ts';
import { deleteOpportunity, rejectOpportunity } from '../../../../../api/contracts/opportunity.ts';
import type { ErrorCode } from '../../../../../domain/shared/errors.ts';
import { errorCode } from '../../../app/api.ts';
import type { TranslationKey } from '../../../app/i18n/index.ts';
import { AppModal } from '../../../components/AppModal.tsx';
import { CancelAndSubmit } from '../../../components/form/CancelAndSubmit.tsx';
import { notifyDone } from '../../../lib/notify.ts';
import { eventsCommand } from '../api.ts';

type ReasonCommand = typeof rejectOpportunity | typeof deleteOpportunity;
interface Reasoned {
  command: ReasonCommand;
  required: ErrorCode;
  done(result: ResponseOf<ReasonCommand>): TranslationKey;
  testId?: string;
}

/**
 * The event commands that take a reason, each with its texts (`<action>.title`, `.reason`, `.confirm`), the catalogue
 * code shown when the reason is left empty (nothing is sent) and the notice once the server has taken it.
 */
const REASONED: Record<'reject' | 'delete', Reasoned> = {
  /** An approver rejects an event; the event's page shows the reason after. */
  reject: {
    command: rejectOpportunity,
    required: 'RejectReasonRequired',
    done: () => 'reject.done',
    testId: 'reject',
  },
  /** With accepted volunteers the deletion waits for an admin's approval. */
  delete: {
    command: deleteOpportunity,
    required: 'DeleteReasonRequired',
    done: (res) => ('pendingApproval' in res && res.pendingApproval ? 'delete.pending' : 'delete.done'),
  },
};

interface ReasonModalProps {
  action: keyof typeof REASONED;
  /** The event. */
  id: string;
  /** After the notice (the server has taken it). */
  onDone(): void;
  onClose(): void;
}

/** A destructive event command that needs a reason (reject, delete): the reason required, the server's code shown. */
export function ReasonModal(p: ReasonModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { command, required, done, testId } = REASONED[p.action];
  const [reason, setReason] = useState('');
  const [issue, setIssue] = useState<ErrorCode | null>(null);
  const run = useMutation({
    mutationFn: () => eventsCommand(queryClient, command, { params: { id: p.id }, body: { reason: reason.trim() } }),
    onSuccess: (res) => {
      notifyDone(t(done(res)));
      p.onDone();
    },
    onError: (e) => setIssue(errorCode(e)),
  });
  return (
    <AppModal opened onClose={p.onClose} title={t(`${p.action}.title`)}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (reason.trim() === '') setIssue(required);
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
            label={t(`${p.action}.reason`)}
            required
            value={reason}
            maxLength={1000}
            rows={3}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-autofocus
            {...(testId ? { 'data-testid': `${testId}-reason` } : {})}
          />
          <CancelAndSubmit
            cancel={t('manage.cancel')}
            onCancel={p.onClose}
            submit={t(`${p.action}.confirm`)}
            busy={run.isPending}
            danger
            testId={testId ? `confirm-${testId}` : undefined}
            gap="sm"
          />
        </Stack>
      </form>
    </AppModal>
  );
}
