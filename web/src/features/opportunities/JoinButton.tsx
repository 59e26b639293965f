import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorCode } from '../../app/api.ts';
import { ButtonLink } from '../../app/layout/links.tsx';
import { useLanguageStore } from '../../app/stores/language.ts';
import { AppModal } from '../../components/AppModal.tsx';
import { joinEvent } from './api.ts';
import { type JoinOutcome, joinMessageKey, joinOutcome } from './format.ts';

/** The element saying the volunteer already asked (EventDetailPage); focus lands there after a successful join. */
export const MY_PARTICIPATION_ID = 'my-participation';

/**
 * The Join button with the spec's dialogs: success, an information dialog, or a prompt then a redirect. The button
 * goes once the volunteer has asked (showButton), while the success dialog stays open.
 */
const REDIRECT_LABEL = {
  login: 'event.goLogin',
  edit: 'event.goRegistration',
  verify: 'event.goVerification',
} as const;

export function JoinButton({ id, name, showButton = true }: { id: string; name: string; showButton?: boolean }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<JoinOutcome | 'joined' | null>(null);
  const join = useMutation({
    mutationFn: () => joinEvent(queryClient, id),
    onSuccess: () => setOutcome('joined'),
    onError: (e) => setOutcome(joinOutcome(errorCode(e), e instanceof ApiError ? e.details : undefined)),
  });
  const close = () => {
    setOutcome(null);
    // The button that opened the dialog is gone once she has asked: keyboard focus goes to the page's answer instead.
    if (!showButton) setTimeout(() => document.getElementById(MY_PARTICIPATION_ID)?.focus());
  };
  const follow = (o: JoinOutcome & { kind: 'redirect' }) => {
    setOutcome(null);
    if (o.to === 'login')
      void navigate({
        to: '/$lang/login',
        params: { lang },
        search: { redirect: `/events/${id}`, reason: 'required' },
      });
    else if (o.to === 'verify') void navigate({ to: '/$lang/user-verification', params: { lang } });
    else void navigate({ to: '/$lang/registration/edit', params: { lang } });
  };
  return (
    <>
      {showButton && (
        <Button onClick={() => join.mutate()} loading={join.isPending} data-testid="join-event">
          {t('event.join')}
        </Button>
      )}
      {outcome === 'joined' && (
        <AppModal opened onClose={close} title={t('event.joined.title')}>
          <Stack>
            <Text data-testid="join-result">{t('event.joined.body')}</Text>
            <Text size="sm" c="dimmed">
              {name}
            </Text>
            <Group justify="flex-end">
              <Button onClick={close} data-autofocus>
                {t('app.close')}
              </Button>
            </Group>
          </Stack>
        </AppModal>
      )}
      {outcome && outcome !== 'joined' && (
        <AppModal opened onClose={close} title={t('event.refused')}>
          <Stack>
            <Text
              data-testid="join-result"
              data-code={outcome.code}
              data-reason={outcome.kind === 'info' ? outcome.reason : undefined}
            >
              {t(joinMessageKey(outcome))}
            </Text>
            <Group justify="flex-end" gap="sm">
              {outcome.kind === 'redirect' ? (
                <>
                  <Button variant="default" onClick={close}>
                    {t('app.close')}
                  </Button>
                  <Button onClick={() => follow(outcome)} data-autofocus data-testid="join-redirect">
                    {t(REDIRECT_LABEL[outcome.to])}
                  </Button>
                </>
              ) : (
                <>
                  {outcome.reason === 'alreadyAsked' && (
                    <ButtonLink to="/$lang/my-events" params={{ lang }} variant="default">
                      {t('join.openMyEvents')}
                    </ButtonLink>
                  )}
                  {outcome.reason === 'registrationNotApproved' && (
                    <ButtonLink to="/$lang/registration" params={{ lang }} variant="default">
                      {t('join.openRegistration')}
                    </ButtonLink>
                  )}
                  <Button onClick={close} data-autofocus>
                    {t('app.close')}
                  </Button>
                </>
              )}
            </Group>
          </Stack>
        </AppModal>
      )}
    </>
  );
}
