import { Card, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ContentItem } from '../../../../api/contracts/content.ts';
import { AnchorLink, ButtonLink } from '../../app/layout/links.tsx';
import { useLanguageStore } from '../../app/stores/language.ts';
import { fileUrl } from '../../app/upload.ts';
import { QueryError } from '../../components/QueryError.tsx';
import { publicContentQuery } from './api.ts';
import { excerpt, formatDay, localized } from './format.ts';

/** One news card: thumbnail, title (spec: header cut at 80), date and the start of the text (body cut at 250). */
export function NewsCard({ item }: { item: ContentItem }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const text = localized(item, lang);
  return (
    <Card withBorder radius="md" padding="md" component="article" data-testid={`news-card-${item.id}`}>
      {item.image && (
        <Card.Section>
          <Image src={fileUrl(item.image.thumbId)} alt="" h={160} fit="cover" loading="lazy" />
        </Card.Section>
      )}
      <Stack gap={6} mt={item.image ? 'sm' : 0} lang={text.lang}>
        <Title order={3} size="h4">
          <AnchorLink to="/$lang/news/$id" params={{ lang, id: item.id }}>
            {excerpt(text.title, 80)}
          </AnchorLink>
        </Title>
        <Text size="sm" c="dimmed">
          {t('content.publishedOn', { date: formatDay(item.publishedAt, lang) })}
        </Text>
        <Text size="sm">{excerpt(text.summary || text.body, 250)}</Text>
      </Stack>
    </Card>
  );
}

/** Spec: the home shows the latest 4 news. */
export function LatestNews() {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const news = useQuery(publicContentQuery('news', 1, 4));
  if (news.isError) return <QueryError query={news} />;
  const rows = news.data?.rows ?? [];
  return (
    <Stack component="section" aria-labelledby="latest-news" gap="sm" data-testid="latest-news">
      <Title order={2} id="latest-news">
        {t('content.latestNews')}
      </Title>
      {news.isSuccess && rows.length === 0 && <Text c="dimmed">{t('content.noNews')}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        {rows.map((n) => (
          <NewsCard key={n.id} item={n} />
        ))}
      </SimpleGrid>
      {rows.length > 0 && (
        <ButtonLink to="/$lang/news" params={{ lang }} variant="default" w="fit-content">
          {t('content.allNews')}
        </ButtonLink>
      )}
    </Stack>
  );
}
