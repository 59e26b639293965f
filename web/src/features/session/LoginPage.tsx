import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import type { LoginResponse } from '../../../../api/contracts/session.ts';
import type { ErrorCode } from '../../../../domain/shared/errors.ts';
import { ApiError } from '../../app/api.ts';
import { intlLocale } from '../../app/i18n/index.ts';
import { isLoginPath, languageId, safeRedirect } from '../../app/language.ts';
import { AnchorLink } from '../../app/layout/links.tsx';
import { useSessionStore } from '../../app/stores/session.ts';
import { isEmpty } from '../../app/validation.ts';
import { useCaptcha } from '../../components/captcha/Captcha.tsx';
import { FormCard } from '../../components/FormCard.tsx';
import { requiredText } from '../../components/form/required.ts';
import { useScreen } from '../../lib/useScreen.ts';
import { SsoSignInButton } from '../identity/index.ts';
import { LockedDetails, login, refreshSession } from './api.ts';
import { LoginHeading, loginViewOf, SsoFirstPanel } from './LoginViews.tsx';
import { useConfig } from './useSession.ts';

interface LoginError {
  code: ErrorCode;
  lockedUntil?: string;
}

export function LoginPage() {
  const { t, title, lang } = useScreen('page.login');
  const search = useSearch({ from: '/$lang/login' });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = useConfig();
  const sessionLoadFailed = useSessionStore((s) => s.loadFailed);

  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<LoginError | null>(search.ssoError ? { code: search.ssoError } : null);
  // Spec: captcha unless the environment is local.
  const captcha = useCaptcha(config.data?.captcha ?? false);

  const mutation = useMutation({
    mutationFn: () =>
      login(queryClient, {
        userName: userName.trim(),
        password,
        language: languageId(lang),
        captcha: captcha.payload,
      }),
    onSuccess: (response) => afterLogin(response),
    onError: (e) => {
      const failure = toLoginError(e);
      captcha.renew(); // a solved challenge serves one attempt
      // Spec: InvalidNIC goes to user verification (the server keeps the account for that page).
      if (failure.code === 'InvalidNIC') void navigate({ to: '/$lang/user-verification', params: { lang } });
      else setError(failure);
    },
  });

  async function afterLogin({ user }: LoginResponse) {
    // Spec: without an updated password the change-password screen comes first.
    if (user.mustChangePassword) {
      await navigate({ to: '/$lang/force-change-password', params: { lang } });
      return;
    }
    // Spec: success with an incomplete registration shows an update-registration message and opens the registration.
    const back = safeRedirect(search.redirect);
    if (!user.isRegistrationComplete) {
      notifications.show({
        message: t('login.completeRegistration'),
        color: 'yellow',
        autoClose: 5000,
        closeButtonProps: { 'aria-label': t('app.close') },
      });
      // Back to the registration page that asked for login (its edit form), else the registration.
      if (back?.startsWith('/registration')) await navigate({ href: `/${lang}${back}` });
      else await navigate({ to: '/$lang/registration', params: { lang } });
      return;
    }
    if (back && !isLoginPath(back)) await navigate({ href: `/${lang}${back}` });
    else await navigate({ to: '/$lang/dashboard', params: { lang } });
  }

  function retry() {
    void config.refetch();
    if (sessionLoadFailed) refreshSession(queryClient).catch(() => {});
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (mutation.isPending) return;
    if (isEmpty(userName) || isEmpty(password)) {
      setError({ code: 'Error_ReqCredentials' });
      return;
    }
    if (captcha.enabled && !captcha.payload) {
      setError({ code: 'WrongCaptcha' });
      return;
    }
    setError(null);
    mutation.mutate();
  }

  const missing = error?.code === 'Error_ReqCredentials';
  const reasonKey = search.reason ? (`login.reason.${search.reason}` as const) : null;
  // Each client's login view (the client table's loginView): 'sso-first' leads with the national single sign-on.
  const view = loginViewOf(config.data);
  const returnTo = search.redirect ? `/${lang}${search.redirect}` : undefined;

  return (
    <Stack maw={440} mx="auto" mt="xl" data-testid={`login-${view}`}>
      <LoginHeading title={title} clientName={config.data?.clientName[lang]} />

      {reasonKey && !error && (
        <Alert color={search.reason === 'signedOut' ? 'brand' : 'yellow'} role="status">
          {t(reasonKey)}
        </Alert>
      )}

      {(config.isError || sessionLoadFailed) && (
        <Alert color="red" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('ErrorLoadingData')}</Text>
            <Button size="xs" variant="default" onClick={retry} loading={config.isFetching}>
              {t('app.retry')}
            </Button>
          </Stack>
        </Alert>
      )}

      {view === 'sso-first' && <SsoFirstPanel returnTo={returnTo} />}

      <FormCard
        onSubmit={onSubmit}
        labelledBy="login-title"
        errorTestId="login-error"
        error={
          error && (
            <>
              {t(error.code)}
              {error.lockedUntil && <> {t('login.lockedUntil', { time: formatTime(error.lockedUntil, lang) })}</>}
            </>
          )
        }
      >
        <TextInput
          label={t('login.userName')}
          name="userName"
          autoComplete="username"
          dir="ltr"
          {...requiredText(userName, setUserName, mutation.isPending)}
          error={missing && isEmpty(userName)}
        />
        <PasswordInput
          label={t('login.password')}
          name="password"
          autoComplete="current-password"
          {...requiredText(password, setPassword, mutation.isPending)}
          error={missing && isEmpty(password)}
          visibilityToggleButtonProps={{ 'aria-label': t('password.toggleVisibility') }}
        />
        {captcha.field}
        <Button type="submit" loading={mutation.isPending} disabled={mutation.isPending} fullWidth>
          {t('login.submit')}
        </Button>
        {view === 'standard' && config.data?.hasSingleSignOn && <SsoSignInButton returnTo={returnTo} />}
      </FormCard>

      <Group gap="md" justify="center">
        <AnchorLink to="/$lang/forgot-password" params={{ lang }} size="sm">
          {t('recovery.forgotPasswordLink')}
        </AnchorLink>
        <AnchorLink to="/$lang/forgot-username" params={{ lang }} size="sm">
          {t('recovery.forgotUserNameLink')}
        </AnchorLink>
      </Group>
      <Group gap={6} justify="center">
        <Text size="sm">{t('login.noAccount')}</Text>
        <AnchorLink to="/$lang/register" params={{ lang }} size="sm" fw={600}>
          {t('home.register')}
        </AnchorLink>
      </Group>
    </Stack>
  );
}

function toLoginError(e: unknown): LoginError {
  if (!(e instanceof ApiError)) return { code: 'GenericErrorMessage' };
  if (e.code === 'Locked') {
    const details = LockedDetails.safeParse(e.details);
    return details.success ? { code: 'Locked', lockedUntil: details.data.lockedUntil } : { code: 'Locked' };
  }
  return { code: e.code };
}

function formatTime(iso: string, lang: 'ar' | 'en'): string {
  return new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
