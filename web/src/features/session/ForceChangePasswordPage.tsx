import { useTranslation } from 'react-i18next';
import { PasswordChangeScreen } from './ChangePasswordPage.tsx';

/** Mandatory after a first or reset login: the router keeps the user here until the change succeeds. */
export function ForceChangePasswordPage() {
  const { t } = useTranslation();
  return <PasswordChangeScreen titleKey="page.forceChangePassword" intro={t('password.forcedIntro')} />;
}
