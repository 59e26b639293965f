import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useCallback } from 'react';
import { stripLang } from '../../app/language.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { useSessionStore } from '../../app/stores/session.ts';
import { configQuery, logout } from './api.ts';

/** ended: the activity check found the session ended elsewhere (signed out, deactivated, expired). */
export type LoginReason = 'expired' | 'forbidden' | 'signedOut' | 'required' | 'ended';

export function useSession() {
  const user = useSessionStore((s) => s.user);
  const status = useSessionStore((s) => s.status);
  const permissions = useSessionStore((s) => s.permissions);
  return { user, status, permissions };
}

/** Public configuration (client name, views); cached for the life of the page. */
export function useConfig() {
  return useQuery(configQuery);
}

/** The path after the language prefix, with the query string: where to come back to after login. */
export function useCurrentPath(): string {
  const location = useRouterState({ select: (s) => s.location });
  return `${stripLang(location.pathname)}${location.searchStr}`;
}

/** Ends the session on the server and in the app, then opens the login page. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const currentPath = useCurrentPath();
  return useCallback(
    async (reason: LoginReason = 'signedOut') => {
      await logout(queryClient);
      const lang = useLanguageStore.getState().lang;
      await navigate({
        to: '/$lang/login',
        params: { lang },
        search: reason === 'expired' || reason === 'ended' ? { reason, redirect: currentPath } : { reason },
      });
    },
    [queryClient, navigate, currentPath],
  );
}
