import { Button, Divider } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLanguageStore } from '../../app/stores/language.ts';
import { ssoLoginHref } from './api.ts';

/** Spec (login): a link to the single sign-on, shown when the client configuration has HasSingleSignOn. */
export function SsoSignInButton({ returnTo }: { returnTo?: string | undefined }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  return (
    <>
      <Divider label={t('sso.or')} labelPosition="center" />
      <Button component="a" href={ssoLoginHref(lang, returnTo)} variant="outline" fullWidth data-testid="sso-sign-in">
        {t('sso.signIn')}
      </Button>
    </>
  );
}
