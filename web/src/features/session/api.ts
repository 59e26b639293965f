import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ChangePasswordRequest, LoginRequest, LoginResponse } from '../../../../api/contracts/session.ts';
import * as C from '../../../../api/contracts/session.ts';
import { ApiError } from '../../app/api.ts';
import { useSessionStore } from '../../app/stores/session.ts';
import { call } from '../../lib/client.ts';
import { endpointQuery } from '../../lib/endpointQuery.ts';

export const sessionQuery = { ...endpointQuery(['session'], C.getSession, () => ({})), staleTime: 0, retry: false };

export const configQuery = {
  ...endpointQuery(['config'], C.getConfig, () => ({})),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
};

export function permissionsQuery(userId: string) {
  return {
    ...endpointQuery(['permissions', userId], C.myPermissions, () => ({})),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  };
}

/** Reads GET /api/session into the store once; a failure leaves the app anonymous with an error flag. */
export async function bootstrapSession(queryClient: QueryClient): Promise<void> {
  const store = useSessionStore.getState();
  if (store.status !== 'unknown') return;
  try {
    const info = await queryClient.fetchQuery(sessionQuery);
    useSessionStore.getState().setSessionInfo(info);
    if (info.user) await loadPermissions(queryClient);
  } catch {
    useSessionStore.getState().setLoadFailed();
  }
}

/** Fetches the signed-in user's screen permissions into the store; menus stay empty if this fails. */
export async function loadPermissions(queryClient: QueryClient): Promise<void> {
  const user = useSessionStore.getState().user;
  if (!user) return;
  try {
    const permissions = await queryClient.fetchQuery(permissionsQuery(user.id));
    useSessionStore.getState().setPermissions(permissions);
  } catch {
    // The header then shows no menus; the pages themselves are still guarded by the server.
  }
}

/**
 * Refreshes user and CSRF token from the server (after logout, a password change, or a rejected token).
 * `after` is a command's log position: the server answers once its read models include that command.
 */
export async function refreshSession(queryClient: QueryClient, after?: string): Promise<void> {
  const info = await queryClient.fetchQuery({
    ...endpointQuery(sessionQuery.queryKey, C.getSession, () => ({ query: { after } })),
    staleTime: 0,
    retry: false,
  });
  useSessionStore.getState().setSessionInfo(info);
}

/**
 * A visitor's POST (no session rules: a 403 must not "end" a session that does not exist): the double-submit CSRF
 * token first, and once more with a fresh one if it had gone stale.
 */
export async function asVisitor<T>(queryClient: QueryClient, post: () => Promise<T>): Promise<T> {
  if (!useSessionStore.getState().csrfToken) await refreshSession(queryClient);
  try {
    return await post();
  } catch (e) {
    if (!(e instanceof ApiError && e.code === 'CsrfRejected')) throw e;
    await refreshSession(queryClient);
    return post();
  }
}

/** POST /api/session/login; retries once with a fresh token if the CSRF token was stale. */
export async function login(queryClient: QueryClient, request: LoginRequest): Promise<LoginResponse> {
  const response = await asVisitor(queryClient, () => call(C.login, { body: request }, { sessionRules: false }));
  useSessionStore.getState().setLoggedIn(response.user, response.csrfToken);
  queryClient.removeQueries({ queryKey: ['session'] });
  await loadPermissions(queryClient);
  return response;
}

/** POST /api/session/logout (best effort), then forget everything user-specific and fetch a fresh anonymous token. */
export async function logout(queryClient: QueryClient): Promise<void> {
  try {
    await call(C.logout, {}, { sessionRules: false });
  } catch {
    // the session may already be gone; the client state is cleared either way
  }
  endClientSession(queryClient);
  try {
    await refreshSession(queryClient);
  } catch {
    // offline: the login form fetches a token before it posts
  }
}

/** Drops the user from the store and every cached server answer. */
export function endClientSession(queryClient: QueryClient): void {
  useSessionStore.getState().clear();
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'config' });
}

export function keepalive(): Promise<void> {
  return call(C.keepalive, {});
}

export async function changePassword(queryClient: QueryClient, request: ChangePasswordRequest): Promise<void> {
  const { position } = await call(C.changePassword, { body: request });
  try {
    await refreshSession(queryClient, position);
  } catch {
    // the server has the new password either way
  }
  // The server accepted the change, so the forced page must let the user out even if a read lags behind.
  const user = useSessionStore.getState().user;
  if (user?.mustChangePassword) useSessionStore.getState().setUser({ ...user, mustChangePassword: false });
}

export const LockedDetails = z.object({ lockedUntil: z.iso.datetime({ offset: true }) });
