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
import { endpoint } from './endpoint.ts';
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

const tags = ['content'];

// Managing content (spec: slides, news, excellent volunteers, galleries, documents management).
export const contentList = endpoint({
  permission: { screen: 'content', action: 'View' },
  method: 'GET',
  path: '/api/admin/content',
  query: ContentAdminQuery,
  response: ContentPage,
  tags,
});
export const contentItem = endpoint({
  permission: { screen: 'content', action: 'View' },
  method: 'GET',
  path: '/api/admin/content/:id',
  params: IdParams,
  query: AfterQuery,
  response: ContentItem,
  tags,
});
export const createContent = endpoint({
  permission: { screen: 'content', action: 'Add' },
  method: 'POST',
  path: '/api/admin/content',
  body: NewContent,
  status: 201,
  response: z.object({ position: PositionText, contentId: z.string() }).meta({ id: 'ContentCreated' }),
  tags,
});
export const editContent = endpoint({
  permission: { screen: 'content', action: 'Edit' },
  method: 'PUT',
  path: '/api/admin/content/:id',
  params: IdParams,
  body: ContentFieldsInput,
  response: CommandAccepted,
  tags,
});
export const publishContent = endpoint({
  permission: { screen: 'content', action: 'Edit' },
  method: 'POST',
  path: '/api/admin/content/:id/publish',
  params: IdParams,
  response: CommandAccepted,
  tags,
});
export const unpublishContent = endpoint({
  permission: { screen: 'content', action: 'Edit' },
  method: 'POST',
  path: '/api/admin/content/:id/unpublish',
  params: IdParams,
  response: CommandAccepted,
  tags,
});
/** A kind's items in their new order (move up or down): each takes its index as its place. */
export const reorderContent = endpoint({
  permission: { screen: 'content', action: 'Edit' },
  method: 'POST',
  path: '/api/admin/content/reorder',
  body: z.object({ kind: ContentKind, ids: z.array(P.uuid()).min(1).max(500) }).strict(),
  response: z.object({ position: PositionText.nullable() }),
  tags,
});
export const deleteContent = endpoint({
  permission: { screen: 'content', action: 'Delete' },
  method: 'DELETE',
  path: '/api/admin/content/:id',
  params: IdParams,
  response: CommandAccepted,
  tags,
});

// The public site (published items only; spec: home/news/some/{n}, home/news/{id}, home/imagegallery/all/{n},
// home/videoUrl/loadUrl, utils/home/AboutUs, Faq, PrivacyPolicy).
export const PublicContentQuery = AfterQuery.extend({
  kind: ContentKind.exclude(['page']),
  page: P.page,
  pageSize: P.queryOneOf([1, 4, 10, 12, 20, 50, 150]).default(12),
});
export type PublicContentQuery = z.input<typeof PublicContentQuery>;

export const publicContent = endpoint({
  method: 'GET',
  path: '/api/public/content',
  query: PublicContentQuery,
  response: ContentPage,
  tags,
});
export const publicContentItem = endpoint({
  method: 'GET',
  path: '/api/public/content/:id',
  params: IdParams,
  query: AfterQuery,
  response: ContentItem,
  tags,
});
export const publicPage = endpoint({
  method: 'GET',
  path: '/api/public/pages/:key',
  params: z.object({ key: PageKey }),
  query: AfterQuery,
  response: ContentItem,
  tags,
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
export const homeCounters = endpoint({
  method: 'GET',
  path: '/api/public/home-counters',
  response: HomeCounters,
  tags,
});
