import { PasswordInput, Stack } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordProblems } from '../../../../domain/account/password.ts';
import type { ErrorCode } from '../../../../domain/shared/errors.ts';
import { isEmpty } from '../../app/validation.ts';
import { PasswordRules, PasswordStrengthMeter } from './PasswordStrengthMeter.tsx';

/** The new password (with strength meter and rules) and its confirmation: the change, forced and reset pages. */
export function NewPasswordFields(props: {
  newPassword: string;
  confirmPassword: string;
  onNew(value: string): void;
  onConfirm(value: string): void;
  error: ErrorCode | null;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const { newPassword, confirmPassword, error } = props;
  const missing = error === 'AllFieldsRequired';
  const strengthId = `${ids}-strength`;
  const rulesId = `${ids}-rules`;
  return (
    <>
      <Stack gap="xs">
        <PasswordInput
          label={t('password.new')}
          name="newPassword"
          autoComplete="new-password"
          value={newPassword}
          onChange={(e) => props.onNew(e.currentTarget.value)}
          withAsterisk
          aria-required
          aria-describedby={`${strengthId} ${rulesId}`}
          error={(missing && isEmpty(newPassword)) || error === 'WeakPassword'}
          readOnly={props.readOnly}
          visibilityToggleButtonProps={{ 'aria-label': t('password.toggleVisibility') }}
        />
        <PasswordStrengthMeter password={newPassword} id={strengthId} />
        <PasswordRules password={newPassword} id={rulesId} />
      </Stack>
      <PasswordInput
        label={t('password.confirm')}
        name="confirmPassword"
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(e) => props.onConfirm(e.currentTarget.value)}
        withAsterisk
        aria-required
        error={(missing && isEmpty(confirmPassword)) || error === 'PasswordsNotMatched'}
        readOnly={props.readOnly}
        visibilityToggleButtonProps={{ 'aria-label': t('password.toggleVisibility') }}
      />
    </>
  );
}

/** The client-side checks of a new password, in the order the spec lists them; null when it may be sent. */
export function newPasswordProblem(newPassword: string, confirmPassword: string): ErrorCode | null {
  if (isEmpty(newPassword) || isEmpty(confirmPassword)) return 'AllFieldsRequired';
  if (passwordProblems(newPassword).length > 0) return 'WeakPassword';
  if (newPassword !== confirmPassword) return 'PasswordsNotMatched';
  return null;
}
