import { z } from 'zod';
import {
  BODY_MAX,
  CAPTION_MAX,
  CONTENT_KINDS,
  LINK_MAX,
  MAX_GALLERY_IMAGES,
  PAGE_KEYS,
  SUMMARY_MAX,
  TITLE_MAX,
} from '../../domain/content/rules.ts';
import { AfterQuery, CommandAccepted, GridPage, IdParams, PagedQuery, PositionText } from './common.ts';
import { endpoints, staff } from './endpoint.ts';
import * as P from './primitives.ts';

export const ContentKind = z.enum(CONTENT_KINDS);
export const PageKey = z.enum(PAGE_KEYS);

const Image = z.object({ fileId: P.uuid(), thumbId: P.uuid() }).strict();
const GalleryImage = Image.extend({
  captionAr: P.text(CAPTION_MAX).default(''),
  captionEn: P.text(CAPTION_MAX).default(''),
});

/** The editable fields (rich text is cleaned by the server before it is stored; a kind's unused fields are emptied). */
export const ContentFieldsInput = z
  .object({
    titleAr: P.text(TITLE_MAX).default(''),
    titleEn: P.text(TITLE_MAX).default(''),
    summaryAr: P.longText(SUMMARY_MAX).default(''),
    summaryEn: P.longText(SUMMARY_MAX).default(''),
    bodyAr: P.longText(BODY_MAX).default(''),
    bodyEn: P.longText(BODY_MAX).default(''),
    image: Image.nullable().default(null),
    link: P.text(LINK_MAX).default(''),
    // One over the limit gets through to the domain, which answers TooManyImages.
    images: z
      .array(GalleryImage)
      .max(MAX_GALLERY_IMAGES + 1)
      .default([]),
    videoAr: P.text(LINK_MAX).default(''),
    videoEn: P.text(LINK_MAX).default(''),
    fileId: P.uuid().nullable().default(null),
  })
  .strict()
  .meta({ id: 'ContentFieldsInput' });
export type ContentFieldsInput = z.input<typeof ContentFieldsInput>;

export const NewContent = ContentFieldsInput.extend({
  kind: ContentKind,
  key: PageKey.nullable().default(null),
  order: P.int(0, 100_000).default(0),
})
  .strict()
  .meta({ id: 'NewContent' });
export type NewContent = z.input<typeof NewContent>;

export const ContentItem = z
  .object({
    id: z.string(),
    kind: ContentKind,
    key: PageKey.nullable(),
    titleAr: z.string(),
    titleEn: z.string(),
    summaryAr: z.string(),
    summaryEn: z.string(),
    bodyAr: z.string(),
    bodyEn: z.string(),
    image: z.object({ fileId: z.string(), thumbId: z.string() }).nullable(),
    link: z.string(),
    images: z.array(
      z.object({ fileId: z.string(), thumbId: z.string(), captionAr: z.string(), captionEn: z.string() }),
    ),
    videoAr: z.string(),
    videoEn: z.string(),
    fileId: z.string().nullable(),
    order: z.number().int(),
    published: z.boolean(),
    publishedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ContentItem' });
export type ContentItem = z.infer<typeof ContentItem>;

export const ContentPage = GridPage(ContentItem).meta({ id: 'ContentPage' });

export const ContentAdminQuery = PagedQuery.extend({
  kind: ContentKind.optional(),
  state: z.enum(['published', 'draft']).optional(),
  text: P.text(TITLE_MAX).optional(),
});
export type ContentAdminQuery = z.input<typeof ContentAdminQuery>;

const content = endpoints('content');

// Managing content (spec: slides, news, excellent volunteers, galleries, documents management).
export const contentList = content.get('/api/admin/content', {
  permission: staff('content', 'View'),
  query: ContentAdminQuery,
  response: ContentPage,
});
export const contentItem = content.get('/api/admin/content/:id', {
  permission: staff('content', 'View'),
  params: IdParams,
  query: AfterQuery,
  response: ContentItem,
});
export const createContent = content.post('/api/admin/content', {
  permission: staff('content', 'Add'),
  body: NewContent,
  status: 201,
  response: z.object({ position: PositionText, contentId: z.string() }).meta({ id: 'ContentCreated' }),
});
export const editContent = content.put('/api/admin/content/:id', {
  permission: staff('content', 'Edit'),
  params: IdParams,
  body: ContentFieldsInput,
  response: CommandAccepted,
});
export const publishContent = content.post('/api/admin/content/:id/publish', {
  permission: staff('content', 'Edit'),
  params: IdParams,
  response: CommandAccepted,
});
export const unpublishContent = content.post('/api/admin/content/:id/unpublish', {
  permission: staff('content', 'Edit'),
  params: IdParams,
  response: CommandAccepted,
});
/** A kind's items in their new order (move up or down): each takes its index as its place. */
export const reorderContent = content.post('/api/admin/content/reorder', {
  permission: staff('content', 'Edit'),
  body: z.object({ kind: ContentKind, ids: z.array(P.uuid()).min(1).max(500) }).strict(),
  response: z.object({ position: PositionText.nullable() }),
});
export const deleteContent = content.delete('/api/admin/content/:id', {
  permission: staff('content', 'Delete'),
  params: IdParams,
  response: CommandAccepted,
});

// The public site (published items only; spec: home/news/some/{n}, home/news/{id}, home/imagegallery/all/{n},
// home/videoUrl/loadUrl, utils/home/AboutUs, Faq, PrivacyPolicy).
export const PublicContentQuery = AfterQuery.extend({
  kind: ContentKind.exclude(['page']),
  page: P.page,
  pageSize: P.queryOneOf([1, 4, 10, 12, 20, 50, 150]).default(12),
});
export type PublicContentQuery = z.input<typeof PublicContentQuery>;

export const publicContent = content.get('/api/public/content', {
  query: PublicContentQuery,
  response: ContentPage,
});
export const publicContentItem = content.get('/api/public/content/:id', {
  params: IdParams,
  query: AfterQuery,
  response: ContentItem,
});
export const publicPage = content.get('/api/public/pages/:key', {
  params: z.object({ key: PageKey }),
  query: AfterQuery,
  response: ContentItem,
});
/** Spec: utils/home/counters/getallcount (entries 2 and 3 summed are the approved volunteers). */
export const HomeCounters = z
  .object({
    counters: z.array(z.number().int()),
    volunteers: z.number().int(),
    events: z.number().int(),
    hours: z.number().int(),
  })
  .meta({ id: 'HomeCounters' });
export const homeCounters = content.get('/api/public/home-counters', {
  response: HomeCounters,
});
