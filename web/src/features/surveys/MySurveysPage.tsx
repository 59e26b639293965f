import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ButtonLink } from '../../app/layout/links.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { useScreen } from '../../lib/useScreen.ts';
import { mySurveysQuery } from './api.ts';

/** The surveys published to the volunteer (from an event, or to all volunteers), answered or still to answer. */
export function MySurveysPage() {
  const { t, lang } = useScreen('surveys.mine');
  const query = useQuery(mySurveysQuery);
  return (
    <Stack>
      <Title order={1}>{t('surveys.mine')}</Title>
      {!query.data ? (
        <QueryState query={query} />
      ) : query.data.items.length === 0 ? (
        <Text>{t('surveys.mine.empty')}</Text>
      ) : (
        <Stack component="ul" p={0} style={{ listStyle: 'none' }}>
          {query.data.items.map((s) => (
            <Card component="li" key={s.id} withBorder data-testid="my-survey">
              <Group justify="space-between">
                <Stack gap={2}>
                  <Text fw={600}>{lang === 'ar' ? s.titleAr : s.titleEn}</Text>
                  {s.eventId && <Text size="sm">{lang === 'ar' ? s.eventNameAr : s.eventNameEn}</Text>}
                  <Text size="sm" c="dimmed">
                    {t('surveys.field.expiryDate')}: <span dir="ltr">{s.expiryDate}</span>
                  </Text>
                </Stack>
                {s.answered ? (
                  <Badge color="brand.9" variant="light">
                    {t('surveys.mine.answered')}
                  </Badge>
                ) : s.status === 3 ? (
                  <ButtonLink to="/$lang/my-surveys/$id" params={{ lang, id: s.id }}>
                    {t('surveys.mine.answer')}
                  </ButtonLink>
                ) : null}
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
