import { Button, PasswordInput, Stack } from '@mantine/core';
import { type ChangeEvent, useId } from 'react';
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
  const { newPassword } = values;
  const missing = error === 'AllFieldsRequired';
  const strengthId = `${ids}-strength`;
  const rulesId = `${ids}-rules`;
  /** One of the two inputs: required, read-only while sending, its value in `values`, red when it is the problem. */
  const input = (key: keyof NewPasswordValues, problem: ErrorCode) => ({
    name: key,
    ...requiredInput(props.pending),
    autoComplete: 'new-password',
    value: values[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => props.onChange({ ...values, [key]: e.currentTarget.value }),
    error: (missing && isEmpty(values[key])) || error === problem,
    visibilityToggleButtonProps: { 'aria-label': t('password.toggleVisibility') },
  });
  return (
    <>
      <Stack gap="xs">
        <PasswordInput
          label={t('password.new')}
          {...input('newPassword', 'WeakPassword')}
          aria-describedby={`${strengthId} ${rulesId}`}
        />
        <PasswordStrengthMeter password={newPassword} id={strengthId} />
        <PasswordRules password={newPassword} id={rulesId} />
      </Stack>
      <PasswordInput label={t('password.confirm')} {...input('confirmPassword', 'PasswordsNotMatched')} />
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
