import { Alert, Button, Group, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { ErrorCode } from '../../../../domain/shared/errors.ts';
import { errorCode } from '../../app/api.ts';
import { AnchorLink } from '../../app/layout/links.tsx';
import { isEmpty } from '../../app/validation.ts';
import { useCaptcha } from '../../components/captcha/Captcha.tsx';
import { FormCard } from '../../components/FormCard.tsx';
import { requiredText } from '../../components/form/required.ts';
import { NarrowPage } from '../../components/NarrowPage.tsx';
import { useScreen } from '../../lib/useScreen.ts';
import { useConfig } from '../session/index.ts';
import { type ForgotKind, forgot } from './api.ts';

const TEXT = {
  password: { title: 'page.forgotPassword', intro: 'recovery.forgotPasswordIntro', sent: 'recovery.passwordSent' },
  userName: { title: 'page.forgotUserName', intro: 'recovery.forgotUserNameIntro', sent: 'recovery.userNameSent' },
} as const;

/**
 * Forgot password / forgot user name (spec: by e-mail): the answer is the same whether or not an account has the
 * address, so the page says only that a mail was sent if one exists.
 */
export function ForgotPage({ kind }: { kind: ForgotKind }) {
  const text = TEXT[kind];
  const { t, title, lang } = useScreen(text.title);
  const queryClient = useQueryClient();
  const config = useConfig();
  const captcha = useCaptcha(config.data?.captcha ?? false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<ErrorCode | null>(null);

  const mutation = useMutation({
    mutationFn: () => forgot(queryClient, kind, { email: email.trim(), captcha: captcha.payload, lang }),
    onError: (e) => setError(errorCode(e)),
    // A solved challenge serves one request.
    onSettled: () => captcha.renew(),
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (mutation.isPending) return;
    if (isEmpty(email)) return setError('AllFieldsRequired');
    if (captcha.enabled && !captcha.payload) return setError('WrongCaptcha');
    setError(null);
    mutation.mutate();
  }

  return (
    <NarrowPage width={440} title={title} titleId="forgot-title">
      {mutation.isSuccess ? (
        <Alert color="brand" role="status" data-testid="forgot-sent">
          {t(text.sent)}
        </Alert>
      ) : (
        <FormCard
          onSubmit={onSubmit}
          labelledBy="forgot-title"
          intro={<Text size="sm">{t(text.intro)}</Text>}
          error={error && t(error)}
        >
          <TextInput
            label={t('recovery.email')}
            name="email"
            type="email"
            autoComplete="email"
            dir="ltr"
            {...requiredText(email, setEmail, mutation.isPending)}
            error={error === 'AllFieldsRequired'}
          />
          {captcha.field}
          <Button type="submit" loading={mutation.isPending} disabled={mutation.isPending} fullWidth>
            {t('recovery.send')}
          </Button>
        </FormCard>
      )}
      <Group justify="center">
        <AnchorLink to="/$lang/login" params={{ lang }} size="sm">
          {t('recovery.backToLogin')}
        </AnchorLink>
      </Group>
    </NarrowPage>
  );
}
