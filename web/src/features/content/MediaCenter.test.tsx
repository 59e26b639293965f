// @vitest-environment happy-dom
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ContentItem } from '../../../../api/contracts/content.ts';
import { appPerTest } from '../../test/appPerTest.ts';
import { contentItem, servePublicContent } from '../../test/contentItems.ts';
import { installFakeApi } from '../../test/fakeApi.ts';

// The media centre's video link (spec: "Video link: Id, English, Arabic"): the link of the page's language, opened
// on the provider's site in a new tab; the whole app with a fake API behind fetch.

vi.setConfig({ testTimeout: 20_000 });

const app = appPerTest();

const video = (over: Partial<ContentItem> = {}) =>
  contentItem(1, {
    kind: 'video',
    image: null,
    titleAr: 'قصة متطوع',
    titleEn: 'A volunteer’s story',
    videoAr: 'https://www.youtube.com/watch?v=arabic1',
    videoEn: 'https://vimeo.com/english1',
    ...over,
  });

async function openMediaCenter(lang: 'ar' | 'en', videos: ContentItem[]) {
  installFakeApi();
  servePublicContent((kind) => (kind === 'video' ? videos : []));
  app.open(`/${lang}/media-center`);
  // The galleries' empty state, and the video read answered and rendered.
  await screen.findByText(
    lang === 'ar' ? 'لا يوجد محتوى حالياً.' : 'Nothing here at the moment.',
    {},
    { timeout: 10_000 },
  );
  await waitFor(() =>
    expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).includes('kind=video'))).toBe(true),
  );
  await act(() => new Promise((r) => setTimeout(r, 50)));
}

describe('the media centre video link', () => {
  it('links the Arabic video on an Arabic page, in a new tab, with its title', async () => {
    await openMediaCenter('ar', [video()]);
    const section = await screen.findByRole('region', { name: 'الفيديو' });
    const link = within(section).getByRole('link', { name: 'مشاهدة الفيديو على youtube.com' });
    expect(link.getAttribute('href')).toBe('https://www.youtube.com/watch?v=arabic1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('aria-describedby')).toBe('media-video-note');
    expect(within(section).getByText('قصة متطوع')).toBeTruthy();
  });

  it('links the English video on an English page', async () => {
    await openMediaCenter('en', [video()]);
    const section = await screen.findByRole('region', { name: 'Video' });
    const link = within(section).getByRole('link', { name: 'Watch the video on vimeo.com' });
    expect(link.getAttribute('href')).toBe('https://vimeo.com/english1');
    expect(within(section).getByText('A volunteer’s story')).toBeTruthy();
  });

  it('shows no video section without a published video, nor for a link that is not http(s)', async () => {
    await openMediaCenter('en', []);
    expect(screen.queryByTestId('media-video')).toBeNull();
    await openMediaCenter('en', [video({ videoEn: 'javascript:alert(1)' })]);
    expect(screen.queryByTestId('media-video')).toBeNull();
    expect(screen.queryByTestId('video-link')).toBeNull();
  });
});
