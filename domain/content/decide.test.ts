import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/testing.ts';
import { contentDecider } from './decide.ts';
import type { ContentEvent } from './events.ts';
import { type ContentFields, type ContentKind, emptyFields, MAX_GALLERY_IMAGES } from './rules.ts';

const NOW = new Date('2026-11-24T08:00:00.000Z');
const AT = NOW.toISOString();
const given = specFor(contentDecider, () => NOW);
const C1 = '11111111-1111-4111-8111-111111111111';
const IMG = { fileId: '22222222-2222-4222-8222-222222222222', thumbId: '33333333-3333-4333-8333-333333333333' };

const news: ContentFields = {
  ...emptyFields(),
  titleAr: ' خبر ',
  titleEn: 'News',
  bodyAr: '<p>نص</p>',
  bodyEn: '<p>Text</p>',
  image: IMG,
  videoAr: 'https://example.org/ignored',
};
const created = (kind: 'news' | 'page' = 'news'): ContentEvent => ({
  type: 'ContentCreated',
  data: {
    contentId: C1,
    kind,
    key: kind === 'page' ? 'faq' : null,
    order: 0,
    ...news,
    titleAr: 'خبر',
    videoAr: '',
    at: AT,
  },
});
const published: ContentEvent = { type: 'ContentPublished', data: { contentId: C1, at: AT } };
const deleted: ContentEvent = { type: 'ContentDeleted', data: { contentId: C1, at: AT } };
const create = (kind: ContentKind, fields: ContentFields, key: 'faq' | null = null) =>
  ({ type: 'CreateContent', contentId: C1, kind, key, order: 0, fields }) as const;

describe('content items', () => {
  it('creates a news item with trimmed text and without the fields its kind does not use', () => {
    given().when(create('news', news)).thenEmits([created()]);
  });

  it('refuses a news item without an English body (AllFieldsRequired)', () => {
    given()
      .when(create('news', { ...news, bodyEn: '<p> </p>' }))
      .thenFails('AllFieldsRequired', (e) => expect(e.details?.field).toBe('bodyEn'));
  });

  it('refuses a slide without its image', () => {
    given()
      .when(create('slide', { ...news, image: null }))
      .thenFails('AllFieldsRequired', (e) => expect(e.details?.field).toBe('image'));
  });

  it('refuses a javascript: link (InvalidLink)', () => {
    given()
      .when(create('slide', { ...news, link: 'javascript:alert(1)' }))
      .thenFails('InvalidLink');
  });

  it('refuses a video whose Arabic link is not http(s)', () => {
    given()
      .when(create('video', { ...news, videoAr: 'data:text/html,x', videoEn: 'https://youtu.be/x' }))
      .thenFails('InvalidLink', (e) => expect(e.details?.field).toBe('videoAr'));
  });

  it.each([
    ['ftp://example.org/v', 'https://youtu.be/x', 'videoAr', 'InvalidLink'],
    ['https://youtu.be/x', 'youtu.be/x', 'videoEn', 'InvalidLink'],
    ['https://youtu.be/x', '  ', 'videoEn', 'AllFieldsRequired'],
  ] as const)('refuses a video link %s / %s (%s: %s)', (videoAr, videoEn, field, code) => {
    given()
      .when(create('video', { ...news, videoAr, videoEn }))
      .thenFails(code, (e) => expect(e.details?.field).toBe(field));
  });

  it('keeps a video link in each language, trimmed, and nothing its kind does not use', () => {
    given()
      .when(create('video', { ...news, videoAr: ' https://youtu.be/ar ', videoEn: 'http://vimeo.com/1' }))
      .thenEmits((events) => {
        const e = events[0];
        expect(e?.type === 'ContentCreated' && [e.data.videoAr, e.data.videoEn, e.data.bodyAr]).toEqual([
          'https://youtu.be/ar',
          'http://vimeo.com/1',
          '',
        ]);
      });
  });

  it('takes a gallery of 150 images and refuses 151 (TooManyImages)', () => {
    const images = (n: number) => Array.from({ length: n }, () => ({ ...IMG, captionAr: 'ص', captionEn: 'c' }));
    given()
      .when(create('gallery', { ...news, images: images(MAX_GALLERY_IMAGES) }))
      .thenEmits((events) => {
        expect(events[0]?.type).toBe('ContentCreated');
        expect(events[0]?.type === 'ContentCreated' && events[0].data.images).toHaveLength(150);
      });
    given()
      .when(create('gallery', { ...news, images: images(MAX_GALLERY_IMAGES + 1) }))
      .thenFails('TooManyImages');
  });

  it('a static page needs its fixed key, and another kind has none', () => {
    given()
      .when(create('page', news, null))
      .thenFails('ValidationFailed');
    given()
      .when(create('news', news, 'faq'))
      .thenFails('ValidationFailed');
  });

  it('refuses a second page for a key that has one (ContentAlreadyExists)', () => {
    given(created('page'))
      .when(create('page', news, 'faq'))
      .thenFails('ContentAlreadyExists');
  });

  it('edits an item with the whole of its fields', () => {
    given(created())
      .when({ type: 'EditContent', fields: { ...news, titleEn: 'Edited' } })
      .thenEmits((events) => {
        expect(events).toHaveLength(1);
        expect(events[0]?.type === 'ContentEdited' && events[0].data.titleEn).toBe('Edited');
      });
  });

  it('publishes once: publishing a published item writes nothing', () => {
    given(created()).when({ type: 'PublishContent' }).thenEmits([published]);
    given(created(), published).when({ type: 'PublishContent' }).thenEmits([]);
  });

  it('unpublishes a published item, and only one', () => {
    given(created(), published)
      .when({ type: 'UnpublishContent' })
      .thenEmits([{ type: 'ContentUnpublished', data: { contentId: C1, at: AT } }]);
    given(created()).when({ type: 'UnpublishContent' }).thenEmits([]);
  });

  it('reorders with the previous place kept, and refuses a place out of range', () => {
    given(created())
      .when({ type: 'ReorderContent', order: 3 })
      .thenEmits([{ type: 'ContentReordered', data: { contentId: C1, order: 3, previous: 0, at: AT } }]);
    given(created()).when({ type: 'ReorderContent', order: -1 }).thenFails('InvalidNumber');
  });

  it('a deleted item can be neither edited, published nor deleted again (NotFound)', () => {
    given(created(), deleted).when({ type: 'PublishContent' }).thenFails('NotFound');
    given(created(), deleted).when({ type: 'EditContent', fields: news }).thenFails('NotFound');
    given(created(), deleted).when({ type: 'DeleteContent' }).thenFails('NotFound');
  });

  it('an item that was never created is not found', () => {
    given().when({ type: 'PublishContent' }).thenFails('NotFound');
  });
});
