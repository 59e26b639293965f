import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import type { Lang } from '../../../../api/contracts/common.ts';
import type { SessionUser } from '../../../../api/contracts/session.ts';
import { isRoleId, Role, RoleNameKey } from '../../../../domain/shared/roles.ts';
import type { TranslationKey } from '../../app/i18n/index.ts';
import { AnchorLink } from '../../app/layout/links.tsx';
import { useSessionStore } from '../../app/stores/session.ts';
import { useScreen } from '../../lib/useScreen.ts';
import { StartRegistration } from '../registration/index.ts';
import { VolunteerDashboard } from '../reports/index.ts';
import { NoDepartmentNotice } from '../users/index.ts';

/** The landing page after login: greets the user by name and role in the current language. */
export function DashboardPage() {
  const { t, lang } = useScreen('page.dashboard');
  const user = useSessionStore((s) => s.user);
  if (!user) return null; // the route guard sends anonymous users to login first
  return (
    <Stack mt="lg">
      <Title order={1}>{t('dashboard.welcome', { name: displayName(user, lang) })}</Title>
      <Text fw={600}>{t('dashboard.role', { role: t(roleNameKey(user.roleId)) })}</Text>
      <NoDepartmentNotice user={user} />
      {!user.isRegistrationComplete && (
        <Alert color="yellow" role="status">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('login.completeRegistration')}</Text>
            <AnchorLink to="/$lang/registration" params={{ lang }} size="sm" fw={600}>
              {t('dashboard.completeRegistrationLink')}
            </AnchorLink>
          </Stack>
        </Alert>
      )}
      {user.roleId === Role.Volunteer && user.registrationStatus === null && <StartRegistration />}
      <Paper withBorder p="lg" radius="md">
        <Text>{t('dashboard.intro')}</Text>
      </Paper>
      {user.roleId === Role.Volunteer && <VolunteerDashboard />}
    </Stack>
  );
}

/** The name in the page's language, else the other one, else the user name. */
export function displayName(user: SessionUser, lang: Lang): string {
  const other: Lang = lang === 'ar' ? 'en' : 'ar';
  return user.name[lang].trim() || user.name[other].trim() || user.userName;
}

export function roleNameKey(roleId: number): TranslationKey {
  // Every RoleNameKey value is a resource key (checked by i18n.test.ts).
  return (isRoleId(roleId) ? RoleNameKey[roleId] : RoleNameKey[1]) as TranslationKey;
}
