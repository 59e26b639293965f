import { sql } from 'kysely';
import { decode } from '../../commands/event-store/decode.ts';
import { CONTENT_STREAM_PREFIX, ContentEventTypes, contentEvents } from '../../domain/content/events.ts';
import { CONTENT_KINDS, type ContentFields, filesOf, PAGE_KEYS } from '../../domain/content/rules.ts';
import { readModelTables } from '../runner/define.ts';
import type { Projection } from '../runner/projection.ts';
import { int4, timestamp } from '../runner/values.ts';

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuid = (v: unknown) => (typeof v === 'string' && UUID.test(v) ? v : null);
const oneOf = <T extends string>(list: readonly T[], v: unknown): T | null =>
  typeof v === 'string' && (list as readonly string[]).includes(v) ? (v as T) : null;

/** The image fields as a read model can hold them (a malformed entry is left out, never an error). */
function imageOf(v: unknown): { fileId: string; thumbId: string } | null {
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  const fileId = uuid(o.fileId);
  return fileId ? { fileId, thumbId: uuid(o.thumbId) ?? fileId } : null;
}
function fieldsOf(d: Record<string, unknown>): ContentFields {
  const images = Array.isArray(d.images) ? d.images : [];
  return {
    titleAr: text(d.titleAr),
    titleEn: text(d.titleEn),
    summaryAr: text(d.summaryAr),
    summaryEn: text(d.summaryEn),
    bodyAr: text(d.bodyAr),
    bodyEn: text(d.bodyEn),
    image: imageOf(d.image),
    link: text(d.link),
    images: images.flatMap((i) => {
      const img = imageOf(i);
      const o = (i ?? {}) as Record<string, unknown>;
      return img ? [{ ...img, captionAr: text(o.captionAr), captionEn: text(o.captionEn) }] : [];
    }),
    videoAr: text(d.videoAr),
    videoEn: text(d.videoEn),
    fileId: uuid(d.fileId),
  };
}

/**
 * rm.content: one row per content item that is not deleted (the admin grids and, published, the public pages);
 * rm.content_files: every file an item names, so a file is readable by anyone once a published item names it.
 */
export const contentProjection: Projection = {
  name: 'content',
  version: 1,
  types: ContentEventTypes,
  ...readModelTables(
    {
      content: `
        content_id uuid primary key,
        kind text not null,
        key text,
        title_ar text not null,
        title_en text not null,
        summary_ar text not null,
        summary_en text not null,
        body_ar text not null,
        body_en text not null,
        image jsonb,
        link text not null,
        images jsonb not null,
        video_ar text not null,
        video_en text not null,
        file_id uuid,
        ord int not null,
        published boolean not null default false,
        published_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null
      `,
      content_files: `
        file_id uuid not null,
        content_id uuid not null,
        primary key (file_id, content_id)
      `,
    },
    (table) => `
      create index on ${table('content')} (kind, ord, created_at desc);
      create index on ${table('content')} (kind, published_at desc) where published;
      create index on ${table('content_files')} (content_id)`,
  ),
  async apply({ tx, table }, events) {
    const t = sql.raw(table('content'));
    const files = sql.raw(table('content_files'));
    const nameFiles = async (id: string, f: ContentFields) => {
      await sql`delete from ${files} where content_id = ${id}`.execute(tx);
      const ids = [...new Set(filesOf(f))];
      if (ids.length)
        await sql`insert into ${files} (file_id, content_id)
                  select unnest(${ids}::uuid[]), ${id} on conflict do nothing`.execute(tx);
    };
    for (const stored of events) {
      if (!stored.streamId.startsWith(CONTENT_STREAM_PREFIX)) continue;
      const e = decode(contentEvents, stored);
      if (!e) continue;
      const id = uuid(stored.streamId.slice(CONTENT_STREAM_PREFIX.length));
      if (!id) continue;
      const at = timestamp(e.data.at) ?? stored.recordedAt.toISOString();
      switch (e.type) {
        case 'ContentCreated': {
          const kind = oneOf(CONTENT_KINDS, e.data.kind);
          if (!kind) break;
          const f = fieldsOf(e.data as unknown as Record<string, unknown>);
          await sql`insert into ${t} (content_id, kind, key, title_ar, title_en, summary_ar, summary_en, body_ar, body_en,
                      image, link, images, video_ar, video_en, file_id, ord, created_at, updated_at)
                    values (${id}, ${kind}, ${oneOf(PAGE_KEYS, e.data.key)}, ${f.titleAr}, ${f.titleEn}, ${f.summaryAr},
                      ${f.summaryEn}, ${f.bodyAr}, ${f.bodyEn}, ${f.image ? JSON.stringify(f.image) : null}::jsonb,
                      ${f.link}, ${JSON.stringify(f.images)}::jsonb, ${f.videoAr}, ${f.videoEn}, ${f.fileId},
                      ${int4(e.data.order) ?? 0}, ${at}, ${at})
                    on conflict (content_id) do nothing`.execute(tx);
          await nameFiles(id, f);
          break;
        }
        case 'ContentEdited': {
          const f = fieldsOf(e.data as unknown as Record<string, unknown>);
          await sql`update ${t} set title_ar = ${f.titleAr}, title_en = ${f.titleEn}, summary_ar = ${f.summaryAr},
                      summary_en = ${f.summaryEn}, body_ar = ${f.bodyAr}, body_en = ${f.bodyEn},
                      image = ${f.image ? JSON.stringify(f.image) : null}::jsonb, link = ${f.link},
                      images = ${JSON.stringify(f.images)}::jsonb, video_ar = ${f.videoAr}, video_en = ${f.videoEn},
                      file_id = ${f.fileId}, updated_at = ${at}
                    where content_id = ${id}`.execute(tx);
          await nameFiles(id, f);
          break;
        }
        case 'ContentPublished':
          await sql`update ${t} set published = true, published_at = ${at}, updated_at = ${at}
                    where content_id = ${id}`.execute(tx);
          break;
        case 'ContentUnpublished':
          await sql`update ${t} set published = false, updated_at = ${at} where content_id = ${id}`.execute(tx);
          break;
        case 'ContentReordered':
          await sql`update ${t} set ord = ${int4(e.data.order) ?? 0}, updated_at = ${at}
                    where content_id = ${id}`.execute(tx);
          break;
        case 'ContentDeleted':
          await sql`delete from ${t} where content_id = ${id}`.execute(tx);
          await sql`delete from ${files} where content_id = ${id}`.execute(tx);
          break;
      }
    }
  },
};
