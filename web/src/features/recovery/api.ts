import type { QueryClient } from '@tanstack/react-query';
import * as C from '../../../../api/contracts/recovery.ts';
import { ApiError } from '../../app/api.ts';
import { useSessionStore } from '../../app/stores/session.ts';
import { call } from '../../lib/client.ts';
import { refreshSession } from '../session/index.ts';

/** A visitor's POST: the double-submit CSRF token first, and once more with a fresh one if it had gone stale. */
async function asVisitor<T>(queryClient: QueryClient, post: () => Promise<T>): Promise<T> {
  if (!useSessionStore.getState().csrfToken) await refreshSession(queryClient);
  try {
    return await post();
  } catch (e) {
    if (!(e instanceof ApiError && e.code === 'CsrfRejected')) throw e;
    await refreshSession(queryClient);
    return post();
  }
}

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
