import { Button, PasswordInput, Stack } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordProblems } from '../../../../domain/account/password.ts';
import type { ErrorCode } from '../../../../domain/shared/errors.ts';
import { isEmpty } from '../../app/validation.ts';
import { requiredInput } from '../../components/form/required.ts';
import { PasswordRules, PasswordStrengthMeter } from './PasswordStrengthMeter.tsx';

/** The two fields' values, sent as they are in the change and reset requests' bodies. */
export interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}
export const NO_NEW_PASSWORD: NewPasswordValues = { newPassword: '', confirmPassword: '' };

/**
 * The new password (with strength meter and rules), its confirmation and the form's submit button ("Change password"):
 * the change, forced and reset pages. `pending`: the form is being sent (fields read-only, the button busy).
 */
export function NewPasswordFields(props: {
  values: NewPasswordValues;
  onChange(next: NewPasswordValues): void;
  error: ErrorCode | null;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const { values, error } = props;
  const { newPassword, confirmPassword } = values;
  const missing = error === 'AllFieldsRequired';
  const strengthId = `${ids}-strength`;
  const rulesId = `${ids}-rules`;
  const required = { ...requiredInput(props.pending), autoComplete: 'new-password' };
  const toggle = { 'aria-label': t('password.toggleVisibility') };
  return (
    <>
      <Stack gap="xs">
        <PasswordInput
          label={t('password.new')}
          name="newPassword"
          {...required}
          value={newPassword}
          onChange={(e) => props.onChange({ ...values, newPassword: e.currentTarget.value })}
          aria-describedby={`${strengthId} ${rulesId}`}
          error={(missing && isEmpty(newPassword)) || error === 'WeakPassword'}
          visibilityToggleButtonProps={toggle}
        />
        <PasswordStrengthMeter password={newPassword} id={strengthId} />
        <PasswordRules password={newPassword} id={rulesId} />
      </Stack>
      <PasswordInput
        label={t('password.confirm')}
        name="confirmPassword"
        {...required}
        value={confirmPassword}
        onChange={(e) => props.onChange({ ...values, confirmPassword: e.currentTarget.value })}
        error={(missing && isEmpty(confirmPassword)) || error === 'PasswordsNotMatched'}
        visibilityToggleButtonProps={toggle}
      />
      <Button type="submit" loading={props.pending} disabled={props.pending}>
        {t('password.submit')}
      </Button>
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
