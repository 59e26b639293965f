import { Alert, Group } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_PRIORITY,
  DESCRIPTION_MAX,
  PRIORITIES,
  REQUEST_TYPES,
  RequestType,
  SUBMIT_COOLDOWN_MS,
  TITLE_MAX,
  type TicketDraft,
  ticketIssues,
} from '../../../../domain/ticket/rules.ts';
import { errorCode } from '../../app/api.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { AppModal } from '../../components/AppModal.tsx';
import { CancelAndSubmit } from '../../components/form/CancelAndSubmit.tsx';
import { binder, optionalNumber, SelectField, TextAreaField, TextField } from '../../components/form/fields.tsx';
import { RulesForm } from '../../components/form/RulesForm.tsx';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { notifyDone } from '../../lib/notify.ts';
import { submitTicket, ticketOptionsQuery } from './api.ts';
import { nameIn } from './TicketsGrid.tsx';

interface Values {
  requestType?: number;
  title?: string;
  description?: string;
  eventId?: string;
  priority?: number;
  departmentId?: number;
}

/** Spec: a ticket (1), suggestion (2) or contact request (4); title, type, description required, an event for type 1. */
export function NewTicketModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const queryClient = useQueryClient();
  const options = useQuery({ ...ticketOptionsQuery, enabled: opened });
  const domain = useDomainForm<Values, 'submit'>({
    initialValues: { priority: DEFAULT_PRIORITY },
    rules: (v) => ticketIssues(v as TicketDraft),
    defaultMode: 'submit',
    idPrefix: 'ticket',
  });
  const v = domain.values;
  const [failure, setFailure] = useState<string | null>(null);
  // Spec: the submit button is enabled again 5 s after a submission.
  const [cooling, setCooling] = useState(false);
  useEffect(() => {
    if (!cooling) return;
    const timer = setTimeout(() => setCooling(false), SUBMIT_COOLDOWN_MS);
    return () => clearTimeout(timer);
  }, [cooling]);

  const save = useMutation({
    mutationFn: () =>
      submitTicket(queryClient, {
        requestType: v.requestType ?? null,
        title: v.title ?? null,
        description: v.description ?? null,
        priority: v.priority ?? null,
        eventId: v.requestType === RequestType.Ticket ? (v.eventId ?? null) : null,
        departmentId: v.departmentId ?? null,
      }),
    onSuccess: (r) => {
      notifyDone(t('tickets.savedSuccess', { code: r.code }));
      domain.form.reset();
      setFailure(null);
      onClose();
    },
    onError: (e) => {
      const code = errorCode(e);
      setFailure(code === 'ValidationFailed' || code === 'ErrorSavingData' ? t('tickets.savedError') : t(code));
    },
  });

  const bind = binder(v, domain.set);

  return (
    <AppModal opened={opened} onClose={onClose} title={t('tickets.newTitle')} size="lg">
      <RulesForm domain={domain} mode="submit" onSubmit={() => setCooling(true)} onValid={() => save.mutate()}>
        <SelectField
          {...bind('requestType', optionalNumber)}
          label={t('tickets.field.requestType')}
          required
          options={REQUEST_TYPES.map((r) => ({ value: String(r), label: t(`tickets.type.${r}`) }))}
        />
        {v.requestType === RequestType.Ticket && (
          <SelectField
            {...bind('eventId', (value) => value || undefined)}
            label={t('tickets.field.event')}
            required
            options={(options.data?.events ?? []).map((o) => ({ value: o.id, label: nameIn(o, lang) }))}
          />
        )}
        <TextField {...bind('title')} label={t('tickets.field.title')} required maxLength={TITLE_MAX} />
        <TextAreaField
          {...bind('description')}
          label={t('tickets.field.description')}
          required
          minRows={4}
          maxLength={DESCRIPTION_MAX}
        />
        <Group grow>
          <SelectField
            {...bind('priority', optionalNumber)}
            value={v.priority ?? DEFAULT_PRIORITY}
            label={t('tickets.field.priority')}
            blank={false}
            options={PRIORITIES.map((p) => ({ value: String(p), label: t(`tickets.priority.${p}`) }))}
          />
          <SelectField
            {...bind('departmentId', optionalNumber)}
            label={t('tickets.field.department')}
            blank={t('tickets.none')}
            options={(options.data?.departments ?? []).map((d) => ({
              value: String(d.id),
              label: nameIn(d, lang),
            }))}
          />
        </Group>
        {failure && (
          <Alert color="red" role="alert" data-testid="ticket-error">
            {failure}
          </Alert>
        )}
        <CancelAndSubmit
          cancel={t('tickets.cancel')}
          onCancel={onClose}
          submit={t('tickets.submit')}
          busy={save.isPending}
          disabled={cooling && !save.isPending}
          testId="submit-ticket"
        />
      </RulesForm>
    </AppModal>
  );
}
