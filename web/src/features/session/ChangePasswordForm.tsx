import { PasswordInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '../../../../domain/shared/errors.ts';
import { ApiError, errorCode } from '../../app/api.ts';
import { isEmpty } from '../../app/validation.ts';
import { FormCard } from '../../components/FormCard.tsx';
import { requiredText } from '../../components/form/required.ts';
import { notifyDone } from '../../lib/notify.ts';
import { changePassword } from './api.ts';
import { NewPasswordFields, NO_NEW_PASSWORD, newPasswordProblem } from './NewPasswordFields.tsx';

/** Spec: success messages hide after 5000 ms. */

/** Old, new (with strength meter and rules) and confirmation; used by the forced and the voluntary page. */
export function ChangePasswordForm({ onChanged }: { onChanged(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [oldPassword, setOldPassword] = useState('');
  const [passwords, setPasswords] = useState(NO_NEW_PASSWORD);
  const [error, setError] = useState<ErrorCode | null>(null);

  const mutation = useMutation({
    mutationFn: () => changePassword(queryClient, { oldPassword, ...passwords }),
    onSuccess: () => {
      notifyDone(t('password.changed'));
      onChanged();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.handled) return;
      setError(errorCode(e));
    },
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (mutation.isPending) return;
    const problem = validate(oldPassword, passwords.newPassword, passwords.confirmPassword);
    setError(problem);
    if (!problem) mutation.mutate();
  }

  const showMissing = error === 'AllFieldsRequired';

  return (
    <FormCard onSubmit={onSubmit} error={error && t(error)}>
      <PasswordInput
        label={t('password.old')}
        autoComplete="current-password"
        {...requiredText(oldPassword, setOldPassword, mutation.isPending)}
        error={(showMissing && isEmpty(oldPassword)) || error === 'WrongOldPassword'}
        visibilityToggleButtonProps={{ 'aria-label': t('password.toggleVisibility') }}
      />
      <NewPasswordFields values={passwords} onChange={setPasswords} error={error} pending={mutation.isPending} />
    </FormCard>
  );
}

/** The client-side checks, in the order the spec lists them; null when the form may be sent. */
export function validate(oldPassword: string, newPassword: string, confirmPassword: string): ErrorCode | null {
  if (isEmpty(oldPassword)) return 'AllFieldsRequired';
  return newPasswordProblem(newPassword, confirmPassword);
}
