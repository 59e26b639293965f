import type { Kysely } from 'kysely';
import { OpportunityStatus, Visibility } from '../../domain/opportunity/rules.ts';
import { type ContentDB, publishedItem } from '../../projections/content/queries.ts';
import { eventRow, type OpportunityDB } from '../../projections/opportunity/queries.ts';

/** What a shared link's card shows (Open Graph): every value is text, escaped when written into the page. */
export interface PageMeta {
  title: string;
  description: string;
  image: string | null;
  url: string;
}

const DESCRIPTION_MAX = 250; // spec: news body truncated at 250

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Plain text from stored (already clean) rich text: tags out, entities kept as they are, whitespace folded. */
function plain(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * The page's own title and card: replaces <title> and adds description, og:title, og:description, og:type,
 * og:url and og:image before </head>. Each value is escaped (a title holding `"><script>` stays text).
 */
export function injectMeta(html: string, meta: PageMeta): string {
  const tag = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    tag('name', 'description', meta.description),
    tag('property', 'og:type', 'article'),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:url', meta.url),
    ...(meta.image ? [tag('property', 'og:image', meta.image)] : []),
    tag('name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'),
  ];
  const titled = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`);
  return titled.replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`);
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const NEWS = new RegExp(`^/(ar|en)/news/(${UUID})/?$`, 'i');
const EVENT = new RegExp(`^/(ar|en)/events/(${UUID})/?$`, 'i');
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The card of a news page (a published news item) or of a public event's details (approved, open to all, not
 * deleted: the public list's conditions), in the path's language; null for every other path, a draft, a private
 * or an unknown item (the page then keeps the portal's own title).
 */
export async function metaForPath(
  db: Kysely<ContentDB & OpportunityDB>,
  path: string,
  origin: string,
): Promise<PageMeta | null> {
  const bare = path.split('?')[0] ?? '';
  const news = NEWS.exec(bare);
  const image = (fileId: string | null | undefined) => (fileId ? `${origin}/api/files/${fileId}` : null);
  if (news) {
    const [, lang, id] = news;
    const item = await publishedItem(db, id!.toLowerCase(), 'news');
    if (!item) return null;
    const en = lang === 'en';
    const summary = en ? item.summaryEn : item.summaryAr;
    return {
      title: en ? item.titleEn : item.titleAr,
      description: cut(summary || plain(en ? item.bodyEn : item.bodyAr), DESCRIPTION_MAX),
      image: image(item.image?.fileId),
      url: `${origin}${bare}`,
    };
  }
  const event = EVENT.exec(bare);
  if (event) {
    const [, lang, id] = event;
    const row = await eventRow(db, id!.toLowerCase());
    const open = row?.approval === 'approved' && row.status !== OpportunityStatus.Deleted;
    if (!row || !open || row.visibility !== Visibility.All) return null;
    const d = row.details;
    const en = lang === 'en';
    return {
      title: str(en ? d.nameEn : d.nameAr) || str(d.nameAr),
      description: cut(plain(str(en ? d.descriptionEn : d.descriptionAr) || str(d.descriptionAr)), DESCRIPTION_MAX),
      image: image(str(d.mainImageFileId) || null),
      url: `${origin}${bare}`,
    };
  }
  return null;
}
