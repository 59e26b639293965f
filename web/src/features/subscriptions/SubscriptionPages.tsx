import { Alert, Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect } from 'react';
import { errorCode } from '../../app/api.ts';
import { useScreen } from '../../lib/useScreen.ts';
import { followLink } from './api.ts';
import { SubscribeForm } from './SubscribeForm.tsx';

/** /$lang/subscribe: the subscribe form on a page of its own. */
export function SubscribePage() {
  const { t, title } = useScreen('page.subscribe');
  return (
    <Stack mt="lg" gap="md" maw={560}>
      <Title order={1}>{title}</Title>
      <Text>{t('subscribe.intro')}</Text>
      <Card withBorder>
        <SubscribeForm />
      </Card>
    </Stack>
  );
}

const confirmRoute = getRouteApi('/$lang/subscribe/confirm');
const unsubscribeRoute = getRouteApi('/$lang/unsubscribe');

/** A link from a mail, followed once on arrival (one click, no sign-in), and its outcome. */
function LinkPage({ purpose, token }: { purpose: 'confirm' | 'unsubscribe'; token: string | undefined }) {
  const { t, title } = useScreen(purpose === 'confirm' ? 'page.subscribeConfirm' : 'page.unsubscribe');
  const follow = useMutation({ mutationFn: (tk: string) => followLink(purpose, tk) });
  const { mutate } = follow;
  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);
  const done = purpose === 'confirm' ? t('subscribe.confirmed') : t('subscribe.unsubscribed');
  return (
    <Stack mt="lg" gap="md" maw={560}>
      <Title order={1}>{title}</Title>
      {!token || follow.isError ? (
        <Alert color="red" role="alert" data-testid="link-failed">
          {t(token ? errorCode(follow.error) : 'Error_WrongActivationLink')}
        </Alert>
      ) : follow.isSuccess ? (
        <Alert color="green" role="status" data-testid="link-done">
          {done}
        </Alert>
      ) : (
        <Center mih="20vh">
          <Loader role="status" aria-label={t('app.loading')} />
        </Center>
      )}
    </Stack>
  );
}

/** /$lang/subscribe/confirm?token=…: the confirmation link of the subscription mail. */
export function ConfirmSubscriptionPage() {
  return <LinkPage purpose="confirm" token={confirmRoute.useSearch().token} />;
}

/** /$lang/unsubscribe?token=…: the unsubscribe link every mail of the list carries. */
export function UnsubscribePage() {
  return <LinkPage purpose="unsubscribe" token={unsubscribeRoute.useSearch().token} />;
}
