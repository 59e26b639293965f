import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegistrationForm as Form } from '../../../../domain/registration/form.ts';
import type { ClientConfig } from '../../../../domain/shared/clients.ts';
import { AnchorLink } from '../../app/layout/links.tsx';
import { useLanguageStore } from '../../app/stores/language.ts';
import { PasswordRules, PasswordStrengthMeter } from '../session/index.ts';
import { CheckboxField, PasswordField, TextField } from './fields.tsx';
import { binder, type Common } from './formActions.ts';
import { FormSection } from './sections.tsx';

/** The account (user name, e-mail, mobile, password) and the agreement. */
export const UserSection = memo(function UserSection({
  actions,
  user,
  editing,
  client,
  isEmployee,
}: Common & { user: Form['user']; editing: boolean; client: ClientConfig; isEmployee: boolean | undefined }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const ids = useId();
  const bind = binder(actions, 'user', user);
  const u = user ?? {};
  const strengthId = `${ids}-strength`;
  const rulesId = `${ids}-rules`;
  return (
    <FormSection anchor="userInfoSection" titleKey="reg.section.user">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField
          {...bind('userName')}
          required
          maxLength={50}
          dir="ltr"
          autoComplete="username"
          readOnly={editing}
          description={editing ? t('reg.userNameFixed') : t('reg.userNameHint')}
        />
        <TextField
          {...bind('email')}
          required
          maxLength={254}
          type="email"
          dir="ltr"
          autoComplete="email"
          description={
            client.companyEmailDomain && isEmployee
              ? t('reg.companyEmailHint', { domain: client.companyEmailDomain })
              : undefined
          }
        />
        <TextField
          {...bind('mobile')}
          required
          maxLength={10}
          inputMode="tel"
          dir="ltr"
          autoComplete="tel-national"
          description={t(`reg.mobileHint.${client.mobilePrefix}`)}
        />
      </SimpleGrid>
      {editing ? (
        <Text size="sm">
          {t('reg.passwordEditHint')}{' '}
          <AnchorLink to="/$lang/change-password" params={{ lang }} size="sm">
            {t('page.changePassword')}
          </AnchorLink>
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap="xs">
            <PasswordField
              {...bind('password')}
              required
              autoComplete="new-password"
              maxLength={200}
              describedBy={[strengthId, rulesId]}
            />
            <PasswordStrengthMeter password={u.password ?? ''} id={strengthId} />
            <PasswordRules password={u.password ?? ''} id={rulesId} />
          </Stack>
          <PasswordField {...bind('confirmPassword')} required autoComplete="new-password" maxLength={200} />
        </SimpleGrid>
      )}
    </FormSection>
  );
});

export const AgreementSection = memo(function AgreementSection({
  actions,
  agreement,
  onOpenTerms,
}: Common & { agreement: boolean | undefined; onOpenTerms(): void }) {
  const { t } = useTranslation();
  return (
    <FormSection anchor="agreementSection" titleKey="reg.section.agreement">
      <CheckboxField
        path="agreement"
        checked={agreement}
        onChange={(v) => actions.setTop('agreement', v)}
        label={
          <>
            {t('reg.f.agreement')}
            <Text span c="red.9" aria-hidden="true">
              {' *'}
            </Text>
          </>
        }
      />
      <div>
        <Button variant="subtle" size="compact-sm" onClick={onOpenTerms}>
          {t('reg.terms.open')}
        </Button>
      </div>
    </FormSection>
  );
});
