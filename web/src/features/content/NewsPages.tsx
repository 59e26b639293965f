import { Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../app/layout/links.tsx';
import { useLanguageStore } from '../../app/stores/language.ts';
import { fileUrl } from '../../app/upload.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { Pager } from '../../components/Pager.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { useScreen } from '../../lib/useScreen.ts';
import { type ContentItem, publicContentQuery, publicItemQuery } from './api.ts';
import { formatDay, localized } from './format.ts';
import { NewsCard } from './LatestNews.tsx';
import { RichHtml } from './RichHtml.tsx';

const listRoute = getRouteApi('/$lang/news');
const detailsRoute = getRouteApi('/$lang/news/$id');
const PAGE_SIZE = 12;

/** /$lang/news: the published news, newest first, 12 a page. */
export function NewsListPage() {
  const { t, title, lang } = useScreen('page.news');
  const { page = 1 } = listRoute.useSearch();
  const navigate = useNavigate();
  const news = useQuery({ ...publicContentQuery('news', page, PAGE_SIZE), placeholderData: keepPreviousData });
  return (
    <PublishedListPage title={title} query={news} none={t('content.noNews')}>
      {(rows, total) => (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {rows.map((n) => (
              <NewsCard key={n.id} item={n} />
            ))}
          </SimpleGrid>
          <Pager
            total={Math.ceil(total / PAGE_SIZE)}
            value={page}
            onChange={(p) => void navigate({ to: '/$lang/news', params: { lang }, search: p === 1 ? {} : { page: p } })}
          />
        </>
      )}
    </PublishedListPage>
  );
}

/** /$lang/news/$id: one published news item (the server sends its Open Graph card with the page). */
export function NewsDetailsPage() {
  const { t } = useTranslation();
  const { id } = detailsRoute.useParams();
  const lang = useLanguageStore((s) => s.lang);
  const item = useQuery(publicItemQuery(id));
  const fallback = usePageTitle('page.newsDetails');
  const text = item.data ? localized(item.data, lang) : null;
  useEffect(() => {
    if (text) document.title = `${text.title} – ${t('app.name')}`;
  }, [text, t]);
  if (!item.data || !text)
    return item.isError ? <NotPublished title={fallback} query={item} /> : <QueryState query={item} />;
  return (
    <Stack mt="lg" gap="md" component="article" maw={900} lang={text.lang}>
      <Title order={1}>{text.title}</Title>
      <Text c="dimmed">{t('content.publishedOn', { date: formatDay(item.data.publishedAt, lang) })}</Text>
      {item.data.image && <Image src={fileUrl(item.data.image.fileId)} alt="" radius="md" mah={480} fit="contain" />}
      {text.summary && <Text fw={500}>{text.summary}</Text>}
      <RichHtml html={text.body} />
      <AnchorLink to="/$lang/news" params={{ lang }}>
        {t('content.allNews')}
      </AnchorLink>
    </Stack>
  );
}

/** A draft, deleted or unknown item answers 404: the page says it is not available, other failures offer a retry. */
/** A public list's states: loading or failed (QueryState), nothing published (`none`), or its rows. */
/** A public page of published items: its heading, then the items as `children` draws them, or `none`. */
export function PublishedListPage({
  title,
  query,
  none,
  children,
}: {
  title: string;
  query: UseQueryResult<{ rows: ContentItem[]; total: number }>;
  none: string;
  children(rows: ContentItem[], total: number): ReactNode;
}) {
  return (
    <Stack mt="lg" gap="md">
      <Title order={1}>{title}</Title>
      <PublishedRows query={query} none={none}>
        {children}
      </PublishedRows>
    </Stack>
  );
}

export function PublishedRows({
  query,
  none,
  children,
}: {
  query: UseQueryResult<{ rows: ContentItem[]; total: number }>;
  none: string;
  children(rows: ContentItem[], total: number): ReactNode;
}) {
  if (!query.data) return <QueryState query={query} />;
  if (query.data.rows.length === 0) return <Text>{none}</Text>;
  return children(query.data.rows, query.data.total);
}

export function NotPublished({ title, query }: { title: string; query: Parameters<typeof QueryState>[0]['query'] }) {
  const { t } = useTranslation();
  const status = (query.error as { status?: number } | null)?.status;
  if (status !== 404) return <QueryState query={query} />;
  return (
    <Stack mt="lg">
      <Title order={1}>{title}</Title>
      <Text>{t('content.notPublished')}</Text>
    </Stack>
  );
}
