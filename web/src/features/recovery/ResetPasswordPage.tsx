import { Alert, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '../../../../domain/shared/errors.ts';
import { errorCode } from '../../app/api.ts';
import { AnchorLink, ButtonLink } from '../../app/layout/links.tsx';
import { FormCard } from '../../components/FormCard.tsx';
import { NarrowPage } from '../../components/NarrowPage.tsx';
import { useScreen } from '../../lib/useScreen.ts';
import { NewPasswordFields, NO_NEW_PASSWORD, newPasswordProblem } from '../session/index.ts';
import { resetPassword } from './api.ts';

/** The page's end: the password reset, or the link refused; what to do next under it. */
function Outcome({ done, children }: { done: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert
        color={done ? 'brand' : 'red'}
        role={done ? 'status' : 'alert'}
        data-testid={done ? 'reset-done' : 'reset-refused'}
      >
        {t(done ? 'recovery.resetDone' : 'Error_WrongActivationLink')}
      </Alert>
      <div>{children}</div>
    </>
  );
}

/** /$lang/reset-password?token=…: the forgotten-password link (spec: change password, valid 6 days, used once). */
export function ResetPasswordPage() {
  const { t, title, lang } = useScreen('page.resetPassword');
  const { token } = useSearch({ from: '/$lang/reset-password' });
  const queryClient = useQueryClient();
  const [passwords, setPasswords] = useState(NO_NEW_PASSWORD);
  const [error, setError] = useState<ErrorCode | null>(token ? null : 'Error_WrongActivationLink');

  const mutation = useMutation({
    mutationFn: () => resetPassword(queryClient, { token: token ?? '', ...passwords }),
    onError: (e) => setError(errorCode(e)),
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (mutation.isPending || !token) return;
    const problem = newPasswordProblem(passwords.newPassword, passwords.confirmPassword);
    setError(problem);
    if (!problem) mutation.mutate();
  }

  const linkRefused = error === 'Error_WrongActivationLink';
  return (
    <NarrowPage width={520} title={title} titleId="reset-title">
      {mutation.isSuccess ? (
        <Outcome done>
          <ButtonLink to="/$lang/login" params={{ lang }}>
            {t('app.signIn')}
          </ButtonLink>
        </Outcome>
      ) : linkRefused ? (
        <Outcome done={false}>
          <AnchorLink to="/$lang/forgot-password" params={{ lang }}>
            {t('recovery.askAgain')}
          </AnchorLink>
        </Outcome>
      ) : (
        <FormCard
          onSubmit={onSubmit}
          labelledBy="reset-title"
          intro={<Text size="sm">{t('recovery.resetIntro')}</Text>}
          error={error && t(error)}
        >
          <NewPasswordFields values={passwords} onChange={setPasswords} error={error} pending={mutation.isPending} />
        </FormCard>
      )}
    </NarrowPage>
  );
}
