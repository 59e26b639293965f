import { List, Stack, Text, Title } from '@mantine/core';
import { AnchorLink } from '../../app/layout/links.tsx';
import { useScreen } from '../../lib/useScreen.ts';
import { MASTER_DATA_KINDS } from './kinds.ts';

/** /$lang/master-data: the lists an administrator manages (screen `masterdata`). */
export function MasterDataPage() {
  const { t, title, lang } = useScreen('page.masterData');
  return (
    <Stack mt="lg" gap="md">
      <Title order={1}>{title}</Title>
      <Text>{t('masterData.intro')}</Text>
      <nav aria-label={title}>
        <List spacing="xs" listStyleType="none" data-testid="master-data-kinds">
          {MASTER_DATA_KINDS.map((kind) => (
            <List.Item key={kind}>
              <AnchorLink to="/$lang/master-data/$kind" params={{ lang, kind }} data-testid={`kind-${kind}`}>
                {t(`masterData.kind.${kind}`)}
              </AnchorLink>
            </List.Item>
          ))}
          <List.Item>
            <AnchorLink
              to="/$lang/master-data/mail-subscriptions"
              params={{ lang }}
              data-testid="kind-mail-subscriptions"
            >
              {t('page.mailSubscriptions')}
            </AnchorLink>
          </List.Item>
        </List>
      </nav>
    </Stack>
  );
}
