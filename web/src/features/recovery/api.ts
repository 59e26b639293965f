import type { QueryClient } from '@tanstack/react-query';
import * as C from '../../../../api/contracts/recovery.ts';
import { call } from '../../lib/client.ts';
import { asVisitor } from '../session/index.ts';

export type ForgotKind = 'password' | 'userName';

export function forgot(queryClient: QueryClient, kind: ForgotKind, body: C.ForgotRequest) {
  const endpoint = kind === 'password' ? C.forgotPassword : C.forgotUserName;
  return asVisitor(queryClient, () => call(endpoint, { body }, { sessionRules: false }));
}

export function resetPassword(queryClient: QueryClient, body: C.ResetPasswordRequest) {
  return asVisitor(queryClient, () => call(C.resetPassword, { body }, { sessionRules: false }));
}

export function regenerateVerification(queryClient: QueryClient, token: string, lang: 'ar' | 'en') {
  return asVisitor(queryClient, () =>
    call(C.regenerateVerification, { body: { token, lang } }, { sessionRules: false }),
  );
}
