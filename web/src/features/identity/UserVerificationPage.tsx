import { Alert, Button, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { hijriOf, verificationIssues } from '../../../../domain/identity/nic.ts';
import type { CalendarDate } from '../../../../domain/shared/calendar.ts';
import { ApiError } from '../../app/api.ts';
import { useSessionStore } from '../../app/stores/session.ts';
import { FormCard } from '../../components/FormCard.tsx';
import { FormField } from '../../components/form/FormField.tsx';
import { DomainFormProvider, useDomainForm } from '../../components/form/useDomainForm.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { notifyDone } from '../../lib/notify.ts';
import { useScreen } from '../../lib/useScreen.ts';
import { useConfig } from '../session/index.ts';
import { pendingIdentityQuery, verifyIdentity } from './api.ts';
import { SsoSignInButton } from './SsoSignInButton.tsx';

interface Values {
  nationalId: string;
  birthDate: CalendarDate;
}

const EXAMPLE = { gregorian: '1995-05-20', hijri: hijriOf('1995-05-20') } as const;

/**
 * /$lang/user-verification (spec: user verification; verifyNId): national id and birth date, Hijri or Gregorian,
 * checked with the national identity service. After a sign-on the id is the provider's and cannot be changed.
 */
export function UserVerificationPage() {
  const { t, title, lang } = useScreen('page.userVerification');
  const user = useSessionStore((s) => s.user);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pending = useQuery(pendingIdentityQuery);
  const config = useConfig();

  if (!pending.data) {
    return (
      <Stack maw={520} mx="auto" mt="xl">
        <Title order={1}>{title}</Title>
        <QueryState query={pending} />
      </Stack>
    );
  }
  const allowed = pending.data.pending || user !== null;
  return (
    <Stack maw={520} mx="auto" mt="xl">
      <Title order={1}>{title}</Title>
      {allowed ? (
        <VerificationForm
          lockedId={pending.data.nationalId}
          onVerified={async (next) => {
            await queryClient.invalidateQueries({ queryKey: ['identity'] });
            if (next === 'register') return navigate({ to: '/$lang/register', params: { lang } });
            notifyDone(t(next === 'login' ? 'nic.signInAgain' : 'nic.done'));
            if (next === 'login') return navigate({ to: '/$lang/login', params: { lang } });
            return navigate({ to: '/$lang/dashboard', params: { lang } });
          }}
        />
      ) : (
        <Alert color="yellow" role="status">
          {t('nic.nothingPending')}
        </Alert>
      )}
      {/* Spec: the invalid-NIC message leads to the identity login, which verifies the id at the national provider. */}
      {config.data?.hasSingleSignOn && !pending.data.viaSso && <SsoSignInButton />}
    </Stack>
  );
}

function VerificationForm({
  lockedId,
  onVerified,
}: {
  lockedId: string | null;
  onVerified(next: 'register' | 'login' | 'done'): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const f = useDomainForm<Values, 'submit'>({
    initialValues: { nationalId: lockedId ?? '', birthDate: { calendar: 'hijri', value: '' } },
    rules: (v) => verificationIssues(v),
    defaultMode: 'submit',
    idPrefix: 'verify',
  });
  const mutation = useMutation({
    mutationFn: (v: Values) => verifyIdentity({ nationalId: v.nationalId.trim(), birthDate: v.birthDate }),
    onSuccess: (r) => onVerified(r.next),
  });
  const { values } = f;
  const calendar = values.birthDate.calendar;
  const error =
    mutation.error instanceof ApiError ? mutation.error.code : mutation.error ? 'GenericErrorMessage' : null;

  return (
    <DomainFormProvider value={f.fields}>
      <FormCard
        onSubmit={(e) => {
          e.preventDefault();
          if (f.check('submit').length === 0 && !mutation.isPending) mutation.mutate(f.form.getValues());
        }}
        intro={<Text>{t('nic.intro')}</Text>}
        error={error && t(error)}
        errorTestId="verify-error"
      >
        <FormField path="nationalId" label={t('nic.nationalId')} required description={t('nic.nationalIdHint')}>
          {({ wrapper, control }) => (
            <TextInput
              {...wrapper}
              {...control}
              dir="ltr"
              inputMode="numeric"
              autoComplete="off"
              maxLength={12}
              readOnly={lockedId !== null}
              value={values.nationalId}
              onChange={(e) => {
                const nationalId = e.currentTarget.value;
                f.update((v) => ({ ...v, nationalId }), 'nationalId');
              }}
            />
          )}
        </FormField>
        <FormField path="birthDate.calendar" label={t('nic.calendar')} kind="radiogroup">
          {({ control }) => (
            <SegmentedControl
              aria-describedby={control['aria-describedby']}
              value={calendar}
              onChange={(c) =>
                f.update(
                  (v) => ({ ...v, birthDate: { calendar: c as Values['birthDate']['calendar'], value: '' } }),
                  'birthDate',
                )
              }
              data={[
                { value: 'hijri', label: t('nic.hijri') },
                { value: 'gregorian', label: t('nic.gregorian') },
              ]}
            />
          )}
        </FormField>
        <FormField
          path="birthDate"
          label={t('nic.birthDate')}
          required
          description={t('nic.birthDateHint', { example: EXAMPLE[calendar] })}
        >
          {({ wrapper, control }) => (
            <TextInput
              {...wrapper}
              {...control}
              dir="ltr"
              placeholder={EXAMPLE[calendar]}
              maxLength={10}
              value={values.birthDate.value}
              onChange={(e) => {
                const value = e.currentTarget.value;
                f.update((v) => ({ ...v, birthDate: { calendar: v.birthDate.calendar, value } }), 'birthDate');
              }}
            />
          )}
        </FormField>
        <Button type="submit" loading={mutation.isPending} data-testid="verify-submit">
          {t('nic.submit')}
        </Button>
      </FormCard>
    </DomainFormProvider>
  );
}
