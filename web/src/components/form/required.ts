/**
 * The props of a required text or password input of a form being sent: the asterisk, aria-required, and read-only
 * while `pending`. `<TextInput label={…} {...requiredInput(mutation.isPending)} />`.
 */
export const requiredInput = (pending: boolean) => ({ withAsterisk: true, 'aria-required': true, readOnly: pending });
