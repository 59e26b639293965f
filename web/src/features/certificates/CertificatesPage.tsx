import { Container, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CertificatesPanel } from './CertificatesPanel.tsx';
import { ContributionsPanel, PastEventsPanel } from './HistoryPanels.tsx';

/** The volunteer's certificates, cards and badge, past events with hours by year, and past contributions. */
export function CertificatesPage() {
  const { t } = useTranslation();
  return (
    <Container size="xl" py="md">
      <Title order={1} size="h2" mb="md">
        {t('certs.title')}
      </Title>
      <Tabs defaultValue="certificates" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="certificates">{t('certs.tab.certificates')}</Tabs.Tab>
          <Tabs.Tab value="past" data-testid="tab-past">
            {t('certs.tab.past')}
          </Tabs.Tab>
          <Tabs.Tab value="contributions" data-testid="tab-contributions">
            {t('certs.tab.contributions')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="certificates" pt="md">
          <CertificatesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="past" pt="md">
          <PastEventsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="contributions" pt="md">
          <ContributionsPanel />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
