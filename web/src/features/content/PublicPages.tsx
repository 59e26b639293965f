import 'yet-another-react-lightbox/styles.css';
import { Anchor, Card, Image, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Lightbox from 'yet-another-react-lightbox';
import type { Lang } from '../../../../api/contracts/common.ts';
import { isSafeLink, type PageKey } from '../../../../domain/content/rules.ts';
import type { TranslationKey } from '../../app/i18n/index.ts';
import { AnchorLink } from '../../app/layout/links.tsx';
import { useLanguageStore } from '../../app/stores/language.ts';
import { fileUrl } from '../../app/upload.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { useScreen } from '../../lib/useScreen.ts';
import { type ContentItem, type PublicKind, publicContentQuery, publicItemQuery, publicPageQuery } from './api.ts';
import { localized } from './format.ts';
import { NotPublished, PublishedListPage, PublishedRows } from './NewsPages.tsx';
import { RichHtml } from './RichHtml.tsx';

const PAGE_TITLES: Record<PageKey, TranslationKey> = {
  about: 'page.about',
  faq: 'page.faq',
  terms: 'page.terms',
  privacy: 'page.privacy',
};

/** About us, FAQ, terms and conditions, privacy policy: main image, header and body in the page's language. */
export function StaticPage({ pageKey }: { pageKey: PageKey }) {
  const title = usePageTitle(PAGE_TITLES[pageKey]);
  const lang = useLanguageStore((s) => s.lang);
  const page = useQuery(publicPageQuery(pageKey));
  if (!page.data) return page.isError ? <NotPublished title={title} query={page} /> : <QueryState query={page} />;
  const text = localized(page.data, lang);
  return (
    <Stack mt="lg" gap="md" maw={900} component="article" data-testid={`page-${pageKey}`} lang={text.lang}>
      <Title order={1}>{text.title}</Title>
      {page.data.image && <Image src={fileUrl(page.data.image.fileId)} alt="" radius="md" mah={400} fit="cover" />}
      <RichHtml html={text.body} />
    </Stack>
  );
}
export const AboutPage = () => <StaticPage pageKey="about" />;
export const FaqPage = () => <StaticPage pageKey="faq" />;
export const TermsPage = () => <StaticPage pageKey="terms" />;
export const PrivacyPage = () => <StaticPage pageKey="privacy" />;

/**
 * The video link (spec: Id, English, Arabic) in the page's language, opened on the provider's site in a new tab: a
 * plain link, no embedded player (no third-party frame or cookies on the portal; docs/architecture.md).
 */
function VideoLink() {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const video = useQuery(publicContentQuery('video', 1, 1));
  const item = video.data?.rows[0];
  if (!item) return null;
  const text = localized(item, lang);
  // Checked when written (http(s) only); checked again here, as every link the page shows.
  if (!isSafeLink(text.video)) return null;
  const host = new URL(text.video).hostname.replace(/^www\./, '');
  return (
    <Stack component="section" aria-labelledby="media-video" gap="xs" data-testid="media-video">
      <Title order={2} id="media-video">
        {t('content.video')}
      </Title>
      {text.title && (
        <Text fw={600} lang={text.lang}>
          {text.title}
        </Text>
      )}
      <Anchor
        href={text.video}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="video-link"
        aria-describedby="media-video-note"
        w="fit-content"
      >
        {t('content.watchVideoOn', { host })}
      </Anchor>
      <Text size="xs" c="dimmed" id="media-video-note">
        {t('content.opensNewTab')}
      </Text>
    </Stack>
  );
}

/** /$lang/media-center: the galleries (spec: media centre 10) and the video link. */
export function MediaCenterPage() {
  const { t, title, lang } = useScreen('page.mediaCenter');
  const galleries = useQuery(publicContentQuery('gallery', 1, 10));
  return (
    <Stack mt="lg" gap="lg">
      <Title order={1}>{title}</Title>
      <Stack component="section" aria-labelledby="media-galleries" gap="sm">
        <Title order={2} id="media-galleries">
          {t('content.galleries')}
        </Title>
        <PublishedRows query={galleries} none={t('content.noItems')}>
          {(rows) => (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {rows.map((g) => {
                const text = localized(g, lang);
                const cover = g.image ?? g.images[0] ?? null;
                return (
                  <Card key={g.id} withBorder radius="md" component="article">
                    {cover && (
                      <Card.Section>
                        <Image src={fileUrl(cover.thumbId)} alt="" h={160} fit="cover" loading="lazy" />
                      </Card.Section>
                    )}
                    <Title order={3} size="h4" mt="sm" lang={text.lang}>
                      <AnchorLink
                        to="/$lang/gallery/$id"
                        params={{ lang, id: g.id }}
                        aria-label={t('content.openGallery', { title: text.title })}
                      >
                        {text.title}
                      </AnchorLink>
                    </Title>
                    <Text size="sm" c="dimmed">
                      {t('content.imagesCount', { count: g.images.length })}
                    </Text>
                  </Card>
                );
              })}
            </SimpleGrid>
          )}
        </PublishedRows>
      </Stack>
      <VideoLink />
    </Stack>
  );
}

const galleryRoute = getRouteApi('/$lang/gallery/$id');

/** /$lang/gallery/$id: a gallery's thumbnails; each opens the lightbox (arrow keys, swipe, Escape), up to 150 images. */
export function GalleryPage() {
  const { t } = useTranslation();
  const { id } = galleryRoute.useParams();
  const lang = useLanguageStore((s) => s.lang);
  const fallback = usePageTitle('page.gallery');
  const gallery = useQuery(publicItemQuery(id));
  const [open, setOpen] = useState(-1);
  if (gallery.data?.kind !== 'gallery')
    return gallery.isError || gallery.data ? (
      <NotPublished title={fallback} query={gallery} />
    ) : (
      <QueryState query={gallery} />
    );
  const text = localized(gallery.data, lang);
  const caption = (i: { captionAr: string; captionEn: string }) =>
    lang === 'ar' ? i.captionAr || i.captionEn : i.captionEn || i.captionAr;
  const images = gallery.data.images;
  return (
    <Stack mt="lg" gap="md">
      <Title order={1} lang={text.lang}>
        {text.title}
      </Title>
      {text.summary && <Text>{text.summary}</Text>}
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} data-testid="gallery-grid">
        {images.map((img, i) => (
          <UnstyledButton
            key={img.fileId}
            onClick={() => setOpen(i)}
            aria-label={t('content.openImage', { n: i + 1, caption: caption(img) })}
            data-testid={`gallery-thumb-${i}`}
          >
            <Image src={fileUrl(img.thumbId)} alt="" radius="sm" h={140} fit="cover" loading="lazy" />
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <Lightbox
        open={open >= 0}
        index={Math.max(open, 0)}
        close={() => setOpen(-1)}
        on={{ view: ({ index }) => setOpen(index) }}
        slides={images.map((img) => ({ src: fileUrl(img.fileId), alt: caption(img) }))}
        labels={{
          Previous: t('content.lightbox.prev'),
          Next: t('content.lightbox.next'),
          Close: t('content.lightbox.close'),
          Lightbox: text.title,
        }}
        controller={{ closeOnBackdropClick: true }}
      />
    </Stack>
  );
}

/** /$lang/documents: the published documents to download. */
export function DocumentsPage() {
  const { t } = useTranslation();
  return (
    <WholeKindPage titleKey="page.documents" kind="document" most={150}>
      {(rows, lang) => (
        <Stack component="ul" gap="sm" p={0} style={{ listStyle: 'none' }}>
          {rows.map((d) => {
            const text = localized(d, lang);
            return (
              <Card key={d.id} component="li" withBorder radius="md">
                <Stack gap={4} lang={text.lang}>
                  <Title order={2} size="h4">
                    {text.title}
                  </Title>
                  {text.summary && <Text size="sm">{text.summary}</Text>}
                  {d.fileId && (
                    <Anchor href={fileUrl(d.fileId)} download aria-label={t('content.download', { title: text.title })}>
                      {t('content.download', { title: '' }).trim()}
                    </Anchor>
                  )}
                </Stack>
              </Card>
            );
          })}
        </Stack>
      )}
    </WholeKindPage>
  );
}

/** /$lang/excellent-volunteers: name, photo and citation of each. */
export function ExcellentVolunteersPage() {
  return (
    <WholeKindPage titleKey="page.excellentVolunteers" kind="excellentVolunteer" most={50}>
      {(rows, lang) => (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          {rows.map((p) => {
            const text = localized(p, lang);
            return (
              <Card key={p.id} withBorder radius="md" component="article">
                {p.image && (
                  <Card.Section>
                    <Image src={fileUrl(p.image.thumbId)} alt="" h={220} fit="cover" loading="lazy" />
                  </Card.Section>
                )}
                <Stack gap={4} mt="sm" lang={text.lang}>
                  <Title order={2} size="h4">
                    {text.title}
                  </Title>
                  <Text size="sm">{text.summary}</Text>
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
    </WholeKindPage>
  );
}

/**
 * A public page of every published item of one kind on one page (`most` is more than there are): `children` draws the
 * rows for the page's language; "no items" while there are none.
 */
function WholeKindPage({
  titleKey,
  kind,
  most,
  children,
}: {
  titleKey: TranslationKey;
  kind: PublicKind;
  most: 50 | 150;
  children(rows: ContentItem[], lang: Lang): ReactNode;
}) {
  const { t, title, lang } = useScreen(titleKey);
  const query = useQuery(publicContentQuery(kind, 1, most));
  return (
    <PublishedListPage title={title} query={query} none={t('content.noItems')}>
      {(rows) => children(rows, lang)}
    </PublishedListPage>
  );
}
