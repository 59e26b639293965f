import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { PostgresEventStore } from '../../commands/event-store/postgres.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts';
import { on, projectionSpec } from '../../tests/support/projection-spec.ts';
import { contentProjection } from './content.ts';

describe('the content projection (given events, then rows)', () => {
  let t: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    t = await createTestDatabase('content_spec');
    store = new PostgresEventStore(t.pool);
  });
  afterAll(async () => {
    await store.close();
    await t.drop();
  });

  const AT = '2026-11-24T08:00:00.000Z';
  const img = () => ({ fileId: randomUUID(), thumbId: randomUUID() });
  const fields = (over: object = {}) => ({
    titleAr: 'معرض',
    titleEn: 'Gallery',
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
    ...over,
  });

  it('a gallery names its images and thumbnails; an edit replaces them; publishing and order show in the row', async () => {
    const id = randomUUID();
    const [a, b] = [img(), img()];
    const s = `content-${id}`;
    await projectionSpec(t, store, contentProjection)
      .given(
        on(s, 'ContentCreated', {
          contentId: id,
          kind: 'gallery',
          key: null,
          order: 0,
          ...fields({ images: [{ ...a, captionAr: 'أ', captionEn: 'a' }] }),
          at: AT,
        }),
        on(s, 'ContentEdited', {
          contentId: id,
          ...fields({ titleEn: 'Gallery 2', images: [{ ...b, captionAr: 'ب', captionEn: 'b' }] }),
          at: AT,
        }),
        on(s, 'ContentPublished', { contentId: id, at: '2026-11-25T08:00:00.000Z' }),
        on(s, 'ContentReordered', { contentId: id, order: 7, previous: 0, at: AT }),
      )
      .thenRows(
        'content',
        {
          columns: ['kind', 'title_en', 'published', 'ord', "images->0->>'captionEn' as caption"],
          where: { content_id: id },
        },
        [{ kind: 'gallery', title_en: 'Gallery 2', published: true, ord: 7, caption: 'b' }],
      );
    await projectionSpec(t, store, contentProjection)
      .given()
      .thenRows(
        'content_files',
        { columns: ['file_id::text as file_id'], where: { content_id: id }, orderBy: 'file_id' },
        [b.fileId, b.thumbId].sort().map((file_id) => ({ file_id })),
      );
  });

  it('a deleted item leaves no row and names no file', async () => {
    const id = randomUUID();
    const s = `content-${id}`;
    await projectionSpec(t, store, contentProjection)
      .given(
        on(s, 'ContentCreated', {
          contentId: id,
          kind: 'slide',
          key: null,
          order: 0,
          ...fields({ image: img() }),
          at: AT,
        }),
        on(s, 'ContentDeleted', { contentId: id, at: AT }),
      )
      .thenRows('content', { columns: ['kind'], where: { content_id: id } }, []);
    await projectionSpec(t, store, contentProjection)
      .given()
      .thenRows('content_files', { columns: ['file_id'], where: { content_id: id } }, []);
  });

  it('a malformed gallery entry is left out rather than stopping the read model', async () => {
    const id = randomUUID();
    await projectionSpec(t, store, contentProjection)
      .given(
        on(`content-${id}`, 'ContentCreated', {
          contentId: id,
          kind: 'gallery',
          key: null,
          order: 0,
          ...fields({ images: [{ fileId: 'nope' }, null, 5] }),
          at: AT,
        }),
      )
      .thenRows('content', { columns: ['jsonb_array_length(images) as n'], where: { content_id: id } }, [{ n: 0 }]);
  });
});
