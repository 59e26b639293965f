// The public surface of features/session: other features import only what this file exports (architecture.test.ts).

export { asVisitor, configQuery, loadPermissions, refreshSession } from './api.ts';
export { ChangePasswordForm } from './ChangePasswordForm.tsx';
export { NewPasswordFields, NO_NEW_PASSWORD, newPasswordProblem } from './NewPasswordFields.tsx';
export { PasswordRules, PasswordStrengthMeter } from './PasswordStrengthMeter.tsx';
export { useConfig } from './useSession.ts';
