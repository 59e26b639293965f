import { Alert, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useSearch } from '@tanstack/react-router';
import { CLIENTS, DEFAULT_CLIENT } from '../../../../domain/shared/clients.ts';
import { ButtonLink } from '../../app/layout/links.tsx';
import { useSessionStore } from '../../app/stores/session.ts';
import { useScreen } from '../../lib/useScreen.ts';
import { useConfig } from '../session/index.ts';

/** /$lang/registration/thank-you: the reference number and the client's message (a different one for NEOM). */
export function ThankYouPage() {
  const { t, title, lang } = useScreen('page.thankYou');
  const user = useSessionStore((s) => s.user);
  const search = useSearch({ from: '/$lang/registration/thank-you' });
  const config = useConfig();
  const client = CLIENTS[config.data?.clientCode ?? DEFAULT_CLIENT];
  return (
    <Stack mt="lg" maw={680}>
      <Title order={1}>{title}</Title>
      <Paper withBorder p="lg" radius="md">
        <Stack>
          {config.data && (
            <Text size="lg" data-testid="thank-you-text">
              {t(client.thankYouTextKey)}
            </Text>
          )}
          {search.ref && (
            <div>
              <Text size="sm" c="dimmed">
                {t('thankYou.reference')}
              </Text>
              <Text fz={28} fw={700} data-testid="reference-number" style={{ letterSpacing: '0.04em' }}>
                <bdi dir="ltr">{search.ref}</bdi>
              </Text>
              <Text size="sm">{t('thankYou.keepReference')}</Text>
            </div>
          )}
          {search.course && config.data?.courseUrl && (
            <Alert color="brand" variant="light" role="status" data-testid="course-link">
              <Text size="sm">{t('thankYou.course')}</Text>
              <Anchor href={config.data.courseUrl} target="_blank" rel="noopener">
                {t('thankYou.courseLink')}
              </Anchor>
            </Alert>
          )}
          {search.verify && (
            <Alert color="brand" variant="light" role="status">
              {t('thankYou.verifyEmail')}
            </Alert>
          )}
          <Group gap="sm">
            {user ? (
              <ButtonLink to="/$lang/registration" params={{ lang }}>
                {t('page.myRegistration')}
              </ButtonLink>
            ) : (
              <ButtonLink to="/$lang/login" params={{ lang }}>
                {t('app.signIn')}
              </ButtonLink>
            )}
            <ButtonLink to="/$lang" params={{ lang }} variant="default">
              {t('app.backHome')}
            </ButtonLink>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
