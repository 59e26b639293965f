import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../../../api/contracts/session.ts';
import { Role } from '../../../../domain/shared/roles.ts';

/** Spec: a staff user (any role but Volunteer) without a department is told to contact a super admin. */
export function NoDepartmentNotice({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  if (user.roleId === Role.Volunteer || (user.departmentId ?? null) !== null) return null;
  return (
    <Alert color="yellow" role="status" data-testid="no-department">
      {t('users.noDepartment')}
    </Alert>
  );
}
