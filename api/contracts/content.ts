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
import { AfterQuery, CommandOnId, GridPage, named, PagedQuery, PositionText, ReadById, strictBody } from './common.ts';
import { endpoints, staff } from './endpoint.ts';
import * as P from './primitives.ts';

export const ContentKind = z.enum(CONTENT_KINDS);
export const PageKey = z.enum(PAGE_KEYS);

const Image = z.object({ fileId: P.uuid(), thumbId: P.uuid() }).strict();
const GalleryImage = Image.extend(P.arEn('caption', P.text(CAPTION_MAX).default('')));

/** The editable fields (rich text is cleaned by the server before it is stored; a kind's unused fields are emptied). */
export const ContentFieldsInput = strictBody('ContentFieldsInput', {
  ...P.arEn('title', P.text(TITLE_MAX).default('')),
  ...P.arEn('summary', P.longText(SUMMARY_MAX).default('')),
  ...P.arEn('body', P.longText(BODY_MAX).default('')),
  image: Image.nullable().default(null),
  link: P.text(LINK_MAX).default(''),
  // One over the limit gets through to the domain, which answers TooManyImages.
  images: z
    .array(GalleryImage)
    .max(MAX_GALLERY_IMAGES + 1)
    .default([]),
  ...P.arEn('video', P.text(LINK_MAX).default('')),
  fileId: P.uuid().nullable().default(null),
});
export type ContentFieldsInput = z.input<typeof ContentFieldsInput>;

export const NewContent = ContentFieldsInput.extend({
  kind: ContentKind,
  key: PageKey.nullable().default(null),
  order: P.int(0, 100_000).default(0),
})
  .strict()
  .meta({ id: 'NewContent' });
export type NewContent = z.input<typeof NewContent>;

const StoredImage = z.object({ fileId: z.string(), thumbId: z.string() });

export const ContentItem = named('ContentItem', {
  id: z.string(),
  kind: ContentKind,
  key: PageKey.nullable(),
  ...P.arEn('title', z.string()),
  ...P.arEn('summary', z.string()),
  ...P.arEn('body', z.string()),
  image: StoredImage.nullable(),
  link: z.string(),
  images: z.array(StoredImage.extend(P.arEn('caption', z.string()))),
  ...P.arEn('video', z.string()),
  fileId: z.string().nullable(),
  order: z.number().int(),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
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
  ...ReadById,
  response: ContentItem,
  permission: staff('content', 'View'),
});
export const createContent = content.post('/api/admin/content', {
  permission: staff('content', 'Add'),
  body: NewContent,
  status: 201,
  response: named('ContentCreated', { position: PositionText, contentId: z.string() }),
});
const edit = staff('content', 'Edit');
export const editContent = content.put('/api/admin/content/:id', {
  ...CommandOnId,
  body: ContentFieldsInput,
  permission: edit,
});
export const publishContent = content.post('/api/admin/content/:id/publish', { ...CommandOnId, permission: edit });
export const unpublishContent = content.post('/api/admin/content/:id/unpublish', { ...CommandOnId, permission: edit });
/** A kind's items in their new order (move up or down): each takes its index as its place. */
export const reorderContent = content.post('/api/admin/content/reorder', {
  permission: edit,
  body: z.object({ kind: ContentKind, ids: z.array(P.uuid()).min(1).max(500) }).strict(),
  response: z.object({ position: PositionText.nullable() }),
});
export const deleteContent = content.delete('/api/admin/content/:id', {
  ...CommandOnId,
  permission: staff('content', 'Delete'),
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
export const publicContentItem = content.get('/api/public/content/:id', { ...ReadById, response: ContentItem });
export const publicPage = content.get('/api/public/pages/:key', {
  params: z.object({ key: PageKey }),
  query: AfterQuery,
  response: ContentItem,
});
/** Spec: utils/home/counters/getallcount (entries 2 and 3 summed are the approved volunteers). */
export const HomeCounters = named('HomeCounters', {
  counters: z.array(z.number().int()),
  volunteers: z.number().int(),
  events: z.number().int(),
  hours: z.number().int(),
});
export const homeCounters = content.get('/api/public/home-counters', { response: HomeCounters });
