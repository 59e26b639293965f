import { Alert, Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CERTIFICATE_EXPIRY_MAX,
  EMPLOYEE_CODE_MAX,
  type FirstResponderInput,
  firstExpiryDay,
  firstResponderIssues,
} from '../../../../domain/firstresponder/rules.ts';
import { errorCode } from '../../app/api.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { FormField } from '../../components/form/FormField.tsx';
import { TextField } from '../../components/form/fields.tsx';
import { GregorianDateInput } from '../../components/form/GregorianDateInput.tsx';
import { RulesForm } from '../../components/form/RulesForm.tsx';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { notifyDone } from '../../lib/notify.ts';
import { type MyFirstResponder, myFirstResponderQuery, sendFirstResponder } from './api.ts';
import { CertificateField } from './CertificateField.tsx';
import { FirstResponderStatusBadge } from './FirstResponderStatusBadge.tsx';

interface Values {
  certificateExpiryDate?: string;
  hasBls?: boolean;
  fileId?: string;
  employeeCode?: string;
}

/** /$lang/first-responder: the volunteer's request (registration mode), then the same form in update mode. */
export function MyFirstResponderPage() {
  const title = usePageTitle('page.myFirstResponder');
  const query = useQuery(myFirstResponderQuery);
  return (
    <Stack mt="lg" gap="md" maw={640}>
      <Title order={1}>{title}</Title>
      {query.data ? (
        <RequestForm mine={query.data} key={query.data.request?.updatedAt ?? 'new'} />
      ) : (
        <QueryState query={query} />
      )}
    </Stack>
  );
}

function RequestForm({ mine }: { mine: MyFirstResponder }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const request = mine.request;
  const editable = request === null || request.status !== 'approved';
  const domain = useDomainForm<Values, 'submit'>({
    initialValues: {
      certificateExpiryDate: request?.certificateExpiryDate ?? undefined,
      hasBls: request?.hasBls ?? false,
      fileId: request?.fileId,
      employeeCode: request?.employeeCode ?? undefined,
    },
    rules: (v) =>
      firstResponderIssues(v as FirstResponderInput, new Date(), mine.employeeCodeRequired).map((i) => ({
        path: i.field,
        code: i.code,
      })),
    defaultMode: 'submit',
    idPrefix: 'fr',
  });
  const v = domain.values;
  const [failure, setFailure] = useState<string | null>(null);
  const { set } = domain;

  const save = useMutation({
    mutationFn: () =>
      sendFirstResponder(
        queryClient,
        {
          certificateExpiryDate: v.certificateExpiryDate ?? null,
          hasBls: v.hasBls ?? false,
          fileId: v.fileId ?? null,
          employeeCode: mine.employeeCodeRequired ? (v.employeeCode ?? null) : null,
        },
        request !== null,
      ),
    onSuccess: () => {
      notifyDone(t(request ? 'fr.updated' : 'fr.sent'));
      setFailure(null);
    },
    onError: (e) => setFailure(t(errorCode(e))),
  });

  return (
    <>
      <Text>{t('fr.intro')}</Text>
      {request && (
        <Group gap="xs" data-testid="fr-my-status">
          <Text fw={600}>{t('fr.currentStatus')}</Text>
          <FirstResponderStatusBadge status={request.status} />
        </Group>
      )}
      {request?.status === 'rejected' && request.rejectReason && (
        <Alert color="orange" title={t('fr.field.rejectReason')}>
          {request.rejectReason}
        </Alert>
      )}
      <RulesForm domain={domain} mode="submit" onValid={() => save.mutate()}>
        <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack>
            <FormField path="certificateExpiryDate" label={t('fr.field.certificateExpiryDate')} required>
              {({ wrapper }) => (
                <GregorianDateInput
                  {...wrapper}
                  value={v.certificateExpiryDate}
                  onChange={(d) => set('certificateExpiryDate', d)}
                  min={firstExpiryDay(new Date())}
                  max={CERTIFICATE_EXPIRY_MAX}
                />
              )}
            </FormField>
            <FormField path="hasBls" label={t('fr.field.bls')} required kind="control">
              {({ wrapper, control }) => (
                <Checkbox
                  id={wrapper.id}
                  mt={6}
                  label={t('fr.field.hasBls')}
                  checked={v.hasBls === true}
                  error={control.invalid}
                  aria-describedby={control['aria-describedby']}
                  aria-invalid={control['aria-invalid']}
                  onChange={(e) => set('hasBls', e.currentTarget.checked)}
                />
              )}
            </FormField>
            <CertificateField value={v.fileId} onChange={(id) => set('fileId', id)} />
            {mine.employeeCodeRequired && (
              <TextField
                path="employeeCode"
                label={t('fr.field.employeeCode')}
                required
                dir="ltr"
                maxLength={EMPLOYEE_CODE_MAX}
                value={v.employeeCode}
                onChange={(s) => set('employeeCode', s)}
              />
            )}
            <ErrorAlert message={failure} testId="fr-error" />
            {editable && (
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending} data-testid="fr-submit">
                  {t(request ? 'fr.update' : 'fr.send')}
                </Button>
              </Group>
            )}
          </Stack>
        </fieldset>
      </RulesForm>
    </>
  );
}
