import { Alert, Loader, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ButtonLink } from '../../app/layout/links.tsx';
import { useSessionStore } from '../../app/stores/session.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useScreen } from '../../lib/useScreen.ts';
import { ssoLogout } from './api.ts';

/**
 * /$lang/sso/logout (spec: the SSO logout page): a signed-in user is signed out of the portal and sent to the national
 * provider's logout, which brings the browser back here, signed out of both.
 */
export function SsoLogoutPage() {
  const { t, title, lang } = useScreen('page.ssoLogout');
  const signedIn = useSessionStore((s) => s.user !== null);
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!signedIn) return;
    ssoLogout()
      .then(({ url }) => {
        useSessionStore.getState().clear();
        queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'config' });
        window.location.assign(url);
      })
      .catch(() => setFailed(true));
  }, [signedIn, queryClient]);

  return (
    <Stack maw={520} mx="auto" mt="xl">
      <Title order={1}>{title}</Title>
      {signedIn && !failed ? (
        <Stack align="center" role="status">
          <Loader aria-hidden />
          {t('sso.logout.working')}
        </Stack>
      ) : failed ? (
        <ErrorAlert message={t('GenericErrorMessage')} />
      ) : (
        <Alert color="brand" role="status">
          {t('sso.logout.done')}
        </Alert>
      )}
      <ButtonLink to="/$lang" params={{ lang }} variant="default">
        {t('sso.backHome')}
      </ButtonLink>
    </Stack>
  );
}
