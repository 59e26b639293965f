import { vi } from 'vitest';
import type { ContentItem } from '../../../api/contracts/content.ts';

/** A published content item as the public reads answer it (a slide unless told), numbered `n`. */
export function contentItem(n: number, over: Partial<ContentItem> = {}): ContentItem {
  const id = (group: string) => `00000000-0000-4000-${group}-${String(n).padStart(12, '0')}`;
  return {
    id: id('a000'),
    kind: 'slide',
    key: null,
    titleAr: `شريحة ${n}`,
    titleEn: `Slide ${n}`,
    summaryAr: '',
    summaryEn: '',
    bodyAr: '',
    bodyEn: '',
    image: { fileId: id('b000'), thumbId: id('c000') },
    link: '',
    images: [],
    videoAr: '',
    videoEn: '',
    fileId: null,
    order: n,
    published: true,
    publishedAt: '2026-11-01T09:00:00Z',
    createdAt: '2026-11-01T09:00:00Z',
    updatedAt: '2026-11-01T09:00:00Z',
    ...over,
  };
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/**
 * Wraps the fake API (installFakeApi first): GET /api/public/content answers `rows(kind)` for each kind, the other
 * public reads of the home (counters, events) answer empty; everything else goes to the fake API.
 */
export function servePublicContent(rows: (kind: string | null) => ContentItem[]) {
  const base = vi.mocked(fetch).getMockImplementation()!;
  vi.mocked(fetch).mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://portal.test');
    if (url.pathname === '/api/public/content') {
      const found = rows(url.searchParams.get('kind'));
      return json({ rows: found, total: found.length });
    }
    if (url.pathname === '/api/public/home-counters')
      return json({ counters: [10, 2, 3, 4, 5, 60], volunteers: 7, events: 5, hours: 60 });
    if (url.pathname === '/api/opportunities') return json({ rows: [], total: 0 });
    return base(input, init);
  });
}
