import type { ChangeEvent } from 'react';

/**
 * The props of a required text or password input of a form being sent: the asterisk, aria-required, and read-only
 * while `pending`. `<TextInput label={…} {...requiredInput(mutation.isPending)} />`.
 */
export const requiredInput = (pending: boolean) => ({ withAsterisk: true, 'aria-required': true, readOnly: pending });

/**
 * `requiredInput` with the input bound to a text held in state:
 * `<TextInput label={…} {...requiredText(email, setEmail, mutation.isPending)} />`.
 */
export const requiredText = (value: string, set: (value: string) => void, pending: boolean) => ({
  ...requiredInput(pending),
  value,
  onChange: (e: ChangeEvent<HTMLInputElement>) => set(e.currentTarget.value),
});
