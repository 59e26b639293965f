import { Button, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PublicConfig } from '../../../../api/contracts/session.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { ssoLoginHref } from '../identity/index.ts';

/** The login views of the client table (domain/shared/clients.ts `loginView`). */
export type LoginView = 'standard' | 'sso-first';

/**
 * The view this deployment shows: the client's, except that 'sso-first' without a single sign-on (HasSingleSignOn
 * false) is the standard view: there is nothing to lead with.
 */
export function loginViewOf(config: PublicConfig | undefined): LoginView {
  return config?.loginView === 'sso-first' && config.hasSingleSignOn ? 'sso-first' : 'standard';
}

/**
 * The national single sign-on as the first way in (the 'sso-first' view): a section of its own with the sign-on
 * button, then a divider that introduces the user-name form below it.
 */
export function SsoFirstPanel({ returnTo }: { returnTo?: string | undefined }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  return (
    <Stack gap="md">
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="login-sso-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="login-sso-title">
            {t('login.ssoFirst.title')}
          </Title>
          <Text size="sm">{t('login.ssoFirst.intro')}</Text>
          <Button component="a" href={ssoLoginHref(lang, returnTo)} fullWidth data-testid="sso-sign-in">
            {t('sso.signIn')}
          </Button>
        </Stack>
      </Paper>
      <Divider label={t('login.ssoFirst.or')} labelPosition="center" />
    </Stack>
  );
}

/** The page's heading with the client's name under it (each client's login carries its own name). */
export function LoginHeading({ title, clientName }: { title: string; clientName: string | undefined }) {
  const { t } = useTranslation();
  return (
    <div>
      <Title order={1} id="login-title">
        {title}
      </Title>
      {clientName && (
        <Text c="dimmed" data-testid="login-client">
          {t('login.clientPortal', { client: clientName })}
        </Text>
      )}
    </div>
  );
}
