import type { Lang } from '../../../../api/contracts/common.ts';
import type { ContentItem } from '../../../../api/contracts/content.ts';

/** An item's text in the page's language, the other language's where this one is empty. */
export function localized(item: ContentItem, lang: Lang) {
  const pick = (ar: string, en: string) => (lang === 'ar' ? ar || en : en || ar);
  return {
    title: pick(item.titleAr, item.titleEn),
    summary: pick(item.summaryAr, item.summaryEn),
    body: pick(item.bodyAr, item.bodyEn),
    video: pick(item.videoAr, item.videoEn),
    /** Which language the text shown is in (an English page may show the Arabic text of an item that has no English). */
    lang: (lang === 'ar' ? item.titleAr : item.titleEn) ? lang : lang === 'ar' ? 'en' : 'ar',
  };
}

/** Plain text of stored rich text, cut to `n` characters (spec: news header 80, body 250). */
export function excerpt(html: string, n: number): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > n ? `${text.slice(0, n - 1)}…` : text;
}

export function formatDay(iso: string | null, lang: Lang): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(lang === 'ar' ? 'ar-SA-u-ca-gregory-nu-latn' : 'en-GB', { dateStyle: 'long' }).format(
    new Date(iso),
  );
}
