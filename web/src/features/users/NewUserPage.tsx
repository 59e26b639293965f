import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffFormIssues } from '../../../../domain/account/staff.ts';
import { LookupSnapshot } from '../../../../domain/lookups/snapshot.ts';
import { errorCode } from '../../app/api.ts';
import { ButtonLink } from '../../app/layout/links.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { DomainFormProvider, useDomainForm } from '../../components/form/useDomainForm.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { notifyDone } from '../../lib/notify.ts';
import { useScreen } from '../../lib/useScreen.ts';
import { createUser, snapshotOf, userOptionsQuery } from './api.ts';
import { AreasFields, DepartmentField, emptyStaff, ProfileFields, type StaffValues } from './StaffFields.tsx';

const EMPTY = new LookupSnapshot({});

/** The staff form on the domain's rules: `creating` adds the user name and the first password. */
export function useStaffForm(initialValues: StaffValues, lookups: LookupSnapshot, creating: boolean, idPrefix: string) {
  const domain = useDomainForm<StaffValues, 'save'>({
    initialValues,
    rules: (v) => staffFormIssues(v, lookups, creating),
    defaultMode: 'save',
    idPrefix,
  });
  return { domain, set: domain.set };
}

/** A refusal as the form shows it: on its field when the server names one, else as an alert. */
export function useFailure() {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const alert = <ErrorAlert message={failure} testId="user-error" />;
  return { alert, fail: (e: unknown) => setFailure(t(errorCode(e))), clear: () => setFailure(null) };
}

/** /$lang/users/new: an administrator creates a staff account (screen `users`, Add). */
export function NewUserPage() {
  const { t, title, lang } = useScreen('page.newUser');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const options = useQuery(userOptionsQuery);
  const lookups = useMemo(() => (options.data ? snapshotOf(options.data) : EMPTY), [options.data]);
  const { domain, set } = useStaffForm(emptyStaff(), lookups, true, 'user');
  const v = domain.values;
  const { alert, fail, clear } = useFailure();
  const save = useMutation({
    mutationFn: () => createUser(queryClient, v),
    onSuccess: (r) => {
      clear();
      notifyDone(t('users.created'));
      void navigate({ to: '/$lang/users/$id', params: { lang, id: r.userId } });
    },
    onError: fail,
  });

  if (!options.data) return <QueryState query={options} />;
  return (
    <Stack mt="lg" gap="md">
      <Title order={1}>{title}</Title>
      <DomainFormProvider value={domain.fields}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (domain.check('save').length === 0) save.mutate();
          }}
        >
          <Paper withBorder p="lg" radius="md">
            <Stack>
              <ProfileFields v={v} set={set} creating />
              <DepartmentField v={v} set={set} options={options.data} />
              <AreasFields v={v} set={set} options={options.data} />
              {alert}
              <Group justify="flex-end">
                <ButtonLink variant="default" to="/$lang/users" params={{ lang }}>
                  {t('users.cancel')}
                </ButtonLink>
                <Button type="submit" loading={save.isPending} data-testid="save-user">
                  {t('users.save')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </form>
      </DomainFormProvider>
    </Stack>
  );
}
