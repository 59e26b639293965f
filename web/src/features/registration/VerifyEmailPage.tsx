import { Alert, Button, Center, Loader, Stack, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { errorCode } from '../../app/api.ts';
import type { TranslationKey } from '../../app/i18n/index.ts';
import { ButtonLink } from '../../app/layout/links.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useScreen } from '../../lib/useScreen.ts';
import { regenerateVerification } from '../recovery/index.ts';
import { verifyEmail } from './api.ts';

/** Spec: "100" confirmed, "400" expired (a new link is mailed), "200" already verified (go to login). */
const OUTCOME: Record<'100' | '200' | '400', { key: TranslationKey; color: string }> = {
  '100': { key: 'verify.confirmed', color: 'brand' },
  '200': { key: 'verify.already', color: 'brand' },
  '400': { key: 'verify.expired', color: 'yellow' },
};

/** /$lang/verify-email?token=…: the link mailed at registration. */
export function VerifyEmailPage() {
  const { t, title, lang } = useScreen('page.verifyEmail');
  const { token } = useSearch({ from: '/$lang/verify-email' });
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn: (value: string) => verifyEmail(queryClient, value) });
  const sent = useRef(false);
  // Spec RegenerateEmailVerifyLink: a new link from the one held (an expired or replaced link).
  const again = useMutation({ mutationFn: (value: string) => regenerateVerification(queryClient, value, lang) });

  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    mutation.mutate(token);
  }, [token, mutation]);

  const outcome = mutation.data ? OUTCOME[mutation.data.result] : null;
  return (
    <Stack mt="lg" maw={640}>
      <Title order={1}>{title}</Title>
      {!token || mutation.isError ? (
        <ErrorAlert message={t(token ? errorCode(mutation.error) : 'Error_WrongActivationLink')} />
      ) : outcome ? (
        <Alert color={outcome.color} role="status">
          {t(outcome.key)}
        </Alert>
      ) : (
        <Center mih="20vh">
          <Loader aria-label={t('app.loading')} />
        </Center>
      )}
      {token && (mutation.isError || mutation.data?.result === '400') && !again.data && (
        <div>
          <Button variant="default" onClick={() => again.mutate(token)} loading={again.isPending}>
            {t('recovery.newVerificationLink')}
          </Button>
        </div>
      )}
      {again.data && (
        <Alert color="brand" role="status" data-testid="verification-regenerated">
          {t(again.data.result === '400' ? 'RegeneratedEmailMessage' : 'AlreadyVerifiedEmailMessage')}
        </Alert>
      )}
      <ErrorAlert message={again.isError && t(errorCode(again.error))} />
      {mutation.data && mutation.data.result !== '400' && (
        <div>
          <ButtonLink to="/$lang/login" params={{ lang }}>
            {t('app.signIn')}
          </ButtonLink>
        </div>
      )}
    </Stack>
  );
}
