import { Group, Stack, Text, Title } from '@mantine/core';
import { ArrowBackIcon } from '../../app/layout/icons.tsx';
import { ButtonLink } from '../../app/layout/links.tsx';
import { useSessionStore } from '../../app/stores/session.ts';
import { useScreen } from '../../lib/useScreen.ts';

export type StatusKind = 'notFound' | 'forbidden' | 'unauthorized';

/** The not-found, forbidden and unauthorized pages: a heading, one sentence and the way back. */
export function StatusPage({ kind }: { kind: StatusKind }) {
  const { t, title, lang } = useScreen(`page.${kind}`);
  const signedIn = useSessionStore((s) => !!s.user);
  return (
    <Stack mt="xl" align="flex-start" data-status={kind}>
      <Title order={1}>{title}</Title>
      <Text size="lg">{t(`status.${kind}`)}</Text>
      <Group>
        <ButtonLink
          to="/$lang"
          params={{ lang }}
          variant={kind === 'unauthorized' && !signedIn ? 'default' : 'filled'}
          leftSection={<ArrowBackIcon />}
        >
          {t('app.backHome')}
        </ButtonLink>
        {kind === 'unauthorized' && !signedIn && (
          <ButtonLink to="/$lang/login" params={{ lang }}>
            {t('app.signIn')}
          </ButtonLink>
        )}
      </Group>
    </Stack>
  );
}
