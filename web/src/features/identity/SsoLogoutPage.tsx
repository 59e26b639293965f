import { Alert, Loader, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../app/layout/links.tsx';
import { useLanguageStore } from '../../app/stores/language.ts';
import { useSessionStore } from '../../app/stores/session.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { ssoLogout } from './api.ts';

/**
 * /$lang/sso/logout (spec: the SSO logout page): a signed-in user is signed out of the portal and sent to the national
 * provider's logout, which brings the browser back here, signed out of both.
 */
export function SsoLogoutPage() {
  const { t } = useTranslation();
  const title = usePageTitle('page.ssoLogout');
  const lang = useLanguageStore((s) => s.lang);
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
        <Alert color="red" role="alert">
          {t('GenericErrorMessage')}
        </Alert>
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
