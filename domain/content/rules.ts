/** The kinds of content item (spec: slides, news, galleries, the static pages, documents, excellent volunteers, video link). */
export const CONTENT_KINDS = ['slide', 'news', 'gallery', 'page', 'document', 'excellentVolunteer', 'video'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** The static pages each have a fixed key: one page per key. */
export const PAGE_KEYS = ['about', 'faq', 'terms', 'privacy'] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

/** Spec: gallery 150 items; the home shows 4 news; media centre 10. */
export const MAX_GALLERY_IMAGES = 150;
export const HOME_NEWS = 4;
export const TITLE_MAX = 200;
export const SUMMARY_MAX = 1000;
/** Rich text after cleaning (commands/content/sanitize.ts). */
export const BODY_MAX = 50_000;
export const LINK_MAX = 500;
export const CAPTION_MAX = 300;
export const ORDER_MAX = 100_000;

/** An uploaded image (files of kind contentImage): the resized image and its thumbnail. */
export interface ContentImage {
  fileId: string;
  thumbId: string;
}
export interface GalleryImage extends ContentImage {
  captionAr: string;
  captionEn: string;
}

/**
 * The fields every kind shares and those some kinds use (the others stay empty): an excellent volunteer's name is
 * the title, the photo the image and the citation the summary; a document's file is `fileId`; a video's link in
 * each language is `videoAr` / `videoEn`.
 */
export interface ContentFields {
  titleAr: string;
  titleEn: string;
  summaryAr: string;
  summaryEn: string;
  bodyAr: string;
  bodyEn: string;
  image: ContentImage | null;
  link: string;
  images: GalleryImage[];
  videoAr: string;
  videoEn: string;
  fileId: string | null;
}

export const emptyFields = (): ContentFields => ({
  titleAr: '',
  titleEn: '',
  summaryAr: '',
  summaryEn: '',
  bodyAr: '',
  bodyEn: '',
  image: null,
  link: '',
  images: [],
  videoAr: '',
  videoEn: '',
  fileId: null,
});

export type ContentIssue = {
  path: string;
  code: 'AllFieldsRequired' | 'TextTooLong' | 'InvalidLink' | 'TooManyImages';
};

/** An absolute http(s) link (mailto too where `mail`): never javascript:, data: or a relative path. */
export function isSafeLink(link: string, mail = false): boolean {
  let u: URL;
  try {
    u = new URL(link);
  } catch {
    return false;
  }
  return u.protocol === 'https:' || u.protocol === 'http:' || (mail && u.protocol === 'mailto:');
}

const stripTags = (html: string) => html.replace(/<[^>]*>/g, '').trim();

/** What each kind needs, in the form's order; the first issue is the refusal. */
export function contentIssues(kind: ContentKind, f: ContentFields): ContentIssue[] {
  const out: ContentIssue[] = [];
  const need = (path: keyof ContentFields, ok: boolean) => {
    if (!ok) out.push({ path, code: 'AllFieldsRequired' });
  };
  const max = (path: keyof ContentFields, value: string, n: number) => {
    if (value.length > n) out.push({ path, code: 'TextTooLong' });
  };
  need('titleAr', f.titleAr.trim() !== '');
  need('titleEn', f.titleEn.trim() !== '');
  max('titleAr', f.titleAr, TITLE_MAX);
  max('titleEn', f.titleEn, TITLE_MAX);
  max('summaryAr', f.summaryAr, SUMMARY_MAX);
  max('summaryEn', f.summaryEn, SUMMARY_MAX);
  max('bodyAr', f.bodyAr, BODY_MAX);
  max('bodyEn', f.bodyEn, BODY_MAX);
  max('link', f.link, LINK_MAX);
  if (f.link && !isSafeLink(f.link)) out.push({ path: 'link', code: 'InvalidLink' });
  switch (kind) {
    case 'slide':
      need('image', f.image !== null);
      break;
    case 'news':
    case 'page':
      need('bodyAr', stripTags(f.bodyAr) !== '' || /<img\b/.test(f.bodyAr));
      need('bodyEn', stripTags(f.bodyEn) !== '' || /<img\b/.test(f.bodyEn));
      break;
    case 'gallery':
      need('images', f.images.length > 0);
      if (f.images.length > MAX_GALLERY_IMAGES) out.push({ path: 'images', code: 'TooManyImages' });
      for (const img of f.images) {
        if (img.captionAr.length > CAPTION_MAX || img.captionEn.length > CAPTION_MAX) {
          out.push({ path: 'images', code: 'TextTooLong' });
          break;
        }
      }
      break;
    case 'document':
      need('fileId', f.fileId !== null);
      break;
    case 'excellentVolunteer':
      need('image', f.image !== null);
      need('summaryAr', f.summaryAr.trim() !== '');
      need('summaryEn', f.summaryEn.trim() !== '');
      break;
    case 'video':
      need('videoAr', f.videoAr.trim() !== '');
      need('videoEn', f.videoEn.trim() !== '');
      for (const path of ['videoAr', 'videoEn'] as const) {
        max(path, f[path], LINK_MAX);
        if (f[path].trim() && !isSafeLink(f[path].trim())) out.push({ path, code: 'InvalidLink' });
      }
      break;
  }
  return out;
}

/** The fields as stored: text trimmed, what the kind does not use emptied. */
export function normalise(kind: ContentKind, f: ContentFields): ContentFields {
  const rich = kind === 'news' || kind === 'page' || kind === 'slide' || kind === 'excellentVolunteer';
  return {
    titleAr: f.titleAr.trim(),
    titleEn: f.titleEn.trim(),
    summaryAr: f.summaryAr.trim(),
    summaryEn: f.summaryEn.trim(),
    bodyAr: rich ? f.bodyAr : '',
    bodyEn: rich ? f.bodyEn : '',
    image: f.image,
    link: f.link.trim(),
    images:
      kind === 'gallery'
        ? f.images.map((i) => ({ ...i, captionAr: i.captionAr.trim(), captionEn: i.captionEn.trim() }))
        : [],
    videoAr: kind === 'video' ? f.videoAr.trim() : '',
    videoEn: kind === 'video' ? f.videoEn.trim() : '',
    fileId: kind === 'document' ? f.fileId : null,
  };
}

/** Every file an item names (published, they become readable by anyone). */
export function filesOf(f: Pick<ContentFields, 'image' | 'images' | 'fileId'>): string[] {
  const out: string[] = [];
  if (f.image) out.push(f.image.fileId, f.image.thumbId);
  for (const i of f.images) out.push(i.fileId, i.thumbId);
  if (f.fileId) out.push(f.fileId);
  return out;
}
