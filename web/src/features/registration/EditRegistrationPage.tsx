import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { RegistrationDetail } from '../../../../api/contracts/registration.ts';
import type { RegistrationForm as Form } from '../../../../domain/registration/form.ts';
import { RegistrationStatus } from '../../../../domain/registration/status.ts';
import { CLIENTS } from '../../../../domain/shared/clients.ts';
import { ApiError } from '../../app/api.ts';
import { AnchorLink } from '../../app/layout/links.tsx';
import { useSessionStore } from '../../app/stores/session.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { notifyDone } from '../../lib/notify.ts';
import { allReads } from '../../lib/reads.ts';
import { useScreen } from '../../lib/useScreen.ts';
import { refreshSession, useConfig } from '../session/index.ts';
import { lookupsQuery, myRegistrationQuery, reloadMyRegistration } from './api.ts';
import { isEditable } from './MyRegistrationPage.tsx';
import { RegistrationForm } from './RegistrationForm.tsx';
import { thankYouSearchOf } from './thankYouSearch.ts';

/** The stored form as the edit form starts: no password (kept unless typed), agreement given once submitted. */
export function formForEditing(detail: RegistrationDetail): Form {
  const form = structuredClone(detail.form) as Form;
  if (form.user) {
    delete form.user.password;
    delete form.user.confirmPassword;
  }
  // Spec: the agreement counts as approved when the status is above 1.
  if (detail.status > RegistrationStatus.Draft) form.agreement = true;
  return form;
}

/** /$lang/registration/edit: the same form, prefilled, saved with PUT /api/registrations/me. */
/** A registration not yet saved: a draft with nothing but the account's user name. */
function emptyRegistration(volunteerId: string, userName: string): RegistrationDetail {
  return {
    volunteerId,
    status: RegistrationStatus.Draft,
    referenceNumber: null,
    form: { user: { userName } },
    appointment: null,
    rejectReason: null,
    notes: [],
    practitioner: null,
  };
}

export function EditRegistrationPage() {
  const { t, title, lang } = useScreen('page.editRegistration');
  const user = useSessionStore((s) => s.user);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = useConfig();
  const lookups = useQuery(lookupsQuery);
  const mine = useQuery({ ...myRegistrationQuery, refetchOnMount: 'always' });

  const back = (
    <AnchorLink to="/$lang/registration" params={{ lang }} size="sm">
      {t('myReg.back')}
    </AnchorLink>
  );

  // No registration yet (a seeded account): the same form starts an empty draft under the account's user name.
  const none = mine.error instanceof ApiError && mine.error.status === 404;
  const detail: RegistrationDetail | undefined =
    none && user ? emptyRegistration(user.id, user.userName) : mine.isFetchedAfterMount ? mine.data : undefined;
  // Wait for a fresh read: the form is filled once, from the registration as the server has it now.
  if (!detail || !config.data || !lookups.data) {
    return (
      <Stack mt="lg">
        <Title order={1}>{title}</Title>
        {/* No registration (404) is no failure here: the form starts an empty draft. */}
        <QueryState query={none ? allReads(config, lookups) : allReads(mine, config, lookups)} />
      </Stack>
    );
  }

  if (!isEditable(detail.status)) {
    return (
      <Stack mt="lg">
        <Title order={1}>{title}</Title>
        <Alert color="yellow" role="status">
          {t('RegistrationNotEditable')}
        </Alert>
        {back}
      </Stack>
    );
  }

  return (
    <Stack mt="lg" gap="lg">
      <div>
        <Title order={1}>{title}</Title>
        <Group gap="xs" mt="xs">
          <Text size="sm">{t('reg.intro')}</Text>
        </Group>
        {back}
      </div>
      <RegistrationForm
        key={detail.volunteerId}
        target="edit"
        status={detail.status}
        client={CLIENTS[config.data.clientCode]}
        lookups={lookups.data}
        initial={formForEditing(detail)}
        onSaved={async (response, submitted) => {
          // The session's isRegistrationComplete and the stored registration, once they include this save.
          await Promise.allSettled([
            refreshSession(queryClient, response.position),
            reloadMyRegistration(queryClient, response.position),
          ]);
          if (submitted && detail.status === RegistrationStatus.Draft) {
            await navigate({
              to: '/$lang/registration/thank-you',
              params: { lang },
              search: thankYouSearchOf(response),
            });
            return;
          }
          notifyDone(submitted ? t('reg.saved') : t('reg.draftSaved'));
          await navigate({ to: '/$lang/registration', params: { lang } });
        }}
      />
    </Stack>
  );
}
