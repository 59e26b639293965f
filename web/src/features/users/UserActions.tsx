import { Button, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as R from '../../../../api/contracts/recovery.ts';
import * as C from '../../../../api/contracts/users.ts';
import { errorCode } from '../../app/api.ts';
import { useCan } from '../../app/permissions.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { ConfirmMutation } from '../../components/ConfirmMutation.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { PaperSection } from '../../components/PaperSection.tsx';
import { notifyDone } from '../../lib/notify.ts';
import {
  changeDepartment,
  deactivateUser,
  departmentImpactQuery,
  reactivateUser,
  sendPasswordReset,
  type UserDetail,
  type UserOptions,
} from './api.ts';
import { DepartmentField, type StaffValues } from './StaffFields.tsx';
import { nameIn, UserStatusBadge } from './UsersPage.tsx';

function Failure({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return <ErrorAlert message={error ? t(errorCode(error)) : null} testId="user-action-error" />;
}

/**
 * The department: choosing another one asks the server how many of the user's events move with her, and the
 * confirmation names that number; the change is sent with it (a different number by then is refused).
 */
export function DepartmentSection({
  user,
  v,
  set,
  options,
}: {
  user: UserDetail;
  v: StaffValues;
  set: <K extends keyof StaffValues>(k: K, value: StaffValues[K]) => void;
  options: UserOptions;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canEdit = useCan(C.changeDepartment);
  const [impact, setImpact] = useState<number | null>(null);
  const ask = useMutation({
    mutationFn: () => queryClient.fetchQuery(departmentImpactQuery(user.userId)),
    onSuccess: (r) => setImpact(r.events),
  });
  const change = useMutation({
    mutationFn: () => changeDepartment(queryClient, user.userId, v.departmentId!, impact ?? 0),
    onSuccess: () => {
      setImpact(null);
      notifyDone(t('users.departmentChanged'));
    },
  });
  const changed = v.departmentId !== null && v.departmentId !== user.departmentId;
  return (
    <PaperSection titleId="user-department-title" title={t('users.departmentSection')}>
      <DepartmentField v={v} set={set} options={options} />
      <Failure error={ask.error} />
      {canEdit && (
        <Group>
          <Button
            disabled={!changed}
            loading={ask.isPending}
            onClick={() => ask.mutate()}
            data-testid="change-department"
          >
            {t('users.changeDepartment')}
          </Button>
        </Group>
      )}
      <ConfirmMutation
        opened={impact !== null}
        title={t('users.departmentConfirmTitle')}
        message={t('users.departmentConfirm', { n: impact ?? 0 })}
        error={<Failure error={change.error} />}
        confirmTestId="confirm-department"
        mutation={change}
        onClose={() => setImpact(null)}
      />
    </PaperSection>
  );
}

/** Active or deactivated, and the way to the other state, confirmed first. */
export function StatusSection({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const queryClient = useQueryClient();
  const canDeactivate = useCan(C.deactivateUser);
  const canReactivate = useCan(C.reactivateUser);
  const [asking, setAsking] = useState(false);
  const act = useMutation({
    mutationFn: () =>
      user.active ? deactivateUser(queryClient, user.userId) : reactivateUser(queryClient, user.userId),
    onSuccess: () => {
      notifyDone(t(user.active ? 'users.deactivated' : 'users.reactivated'));
      setAsking(false);
    },
  });
  const allowed = user.active ? canDeactivate : canReactivate;
  const name = nameIn(user, lang);
  return (
    <PaperSection titleId="user-status-title" title={t('users.field.status')} align="flex-start">
      <UserStatusBadge active={user.active} />
      {allowed && (
        <Button
          color={user.active ? 'red.9' : undefined}
          variant={user.active ? 'outline' : 'filled'}
          onClick={() => setAsking(true)}
          data-testid={user.active ? 'deactivate-user' : 'reactivate-user'}
        >
          {t(user.active ? 'users.deactivate' : 'users.reactivate')}
        </Button>
      )}
      <ConfirmMutation
        opened={asking}
        title={t(user.active ? 'users.deactivate' : 'users.reactivate')}
        message={<Text>{t(user.active ? 'users.deactivateConfirm' : 'users.reactivateConfirm', { name })}</Text>}
        confirmLabel={t(user.active ? 'users.deactivate' : 'users.reactivate')}
        danger={user.active}
        error={<Failure error={act.error} />}
        confirmTestId="confirm-status"
        mutation={act}
        onClose={() => setAsking(false)}
      />
    </PaperSection>
  );
}

/** The forgotten-password mail, sent to the user by an administrator after a confirmation. */
export function PasswordResetSection({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const canEdit = useCan(R.sendPasswordReset);
  const [asking, setAsking] = useState(false);
  const send = useMutation({
    mutationFn: () => sendPasswordReset(user.userId),
    onSuccess: () => {
      notifyDone(t('users.passwordResetSent'));
      setAsking(false);
    },
  });
  if (!canEdit || !user.active) return null;
  return (
    <PaperSection titleId="user-reset-title" title={t('users.passwordResetSection')} align="flex-start">
      <Text>{t('users.passwordResetHint')}</Text>
      <Button variant="outline" onClick={() => setAsking(true)} data-testid="send-password-reset">
        {t('users.sendPasswordReset')}
      </Button>
      <ConfirmMutation
        opened={asking}
        title={t('users.sendPasswordReset')}
        message={<Text>{t('users.passwordResetConfirm', { name: nameIn(user, lang), email: user.email })}</Text>}
        confirmLabel={t('users.sendPasswordReset')}
        error={<Failure error={send.error} />}
        confirmTestId="confirm-password-reset"
        mutation={send}
        onClose={() => setAsking(false)}
      />
    </PaperSection>
  );
}
