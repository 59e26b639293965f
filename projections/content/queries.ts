import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { ContentFields, ContentImage, ContentKind, GalleryImage, PageKey } from '../../domain/content/rules.ts';
import { OpportunityStatus, Visibility } from '../../domain/opportunity/rules.ts';
import { RegistrationStatus } from '../../domain/registration/status.ts';
import type { OpportunityDB } from '../opportunity/queries.ts';
import type { RegistrationsDB } from '../registration/queries.ts';

export interface ContentDB {
  'rm.content': {
    content_id: string;
    kind: ContentKind;
    key: PageKey | null;
    title_ar: string;
    title_en: string;
    summary_ar: string;
    summary_en: string;
    body_ar: string;
    body_en: string;
    image: ContentImage | null;
    link: string;
    images: GalleryImage[];
    video_ar: string;
    video_en: string;
    file_id: string | null;
    ord: number;
    published: boolean;
    published_at: Date | null;
    created_at: Date;
    updated_at: Date;
  };
  'rm.content_files': { file_id: string; content_id: string };
  /** Read for the home counters (kept by the registrations and opportunities projections). */
  'rm.registration_counts': RegistrationsDB['rm.registration_counts'];
  'rm.opportunities': Pick<OpportunityDB['rm.opportunities'], 'approval' | 'status' | 'visibility' | 'approved_hours'>;
}

/** An item as the grids and the public pages read it: its editable fields (domain/content/rules.ts) and its place. */
export interface ContentItem extends ContentFields {
  id: string;
  kind: ContentKind;
  key: PageKey | null;
  order: number;
  published: boolean;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

type Row = ContentDB['rm.content'];
const item = (r: Row): ContentItem => ({
  id: r.content_id,
  kind: r.kind,
  key: r.key,
  titleAr: r.title_ar,
  titleEn: r.title_en,
  summaryAr: r.summary_ar,
  summaryEn: r.summary_en,
  bodyAr: r.body_ar,
  bodyEn: r.body_en,
  image: r.image,
  link: r.link,
  images: r.images,
  videoAr: r.video_ar,
  videoEn: r.video_en,
  fileId: r.file_id,
  order: r.ord,
  published: r.published,
  publishedAt: r.published_at?.toISOString() ?? null,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ContentFilters {
  kind?: ContentKind | undefined;
  state?: 'published' | 'draft' | undefined;
  text?: string | undefined;
}

/** The admin grid: every state, by kind, state and a text in either title; in each kind's order. */
/** One page of rows, each with the tie-breaker last, and how many rows the same filter finds in all. */
async function pageOf(
  ordered: SelectQueryBuilder<ContentDB, 'rm.content', Row>,
  filtered: SelectQueryBuilder<ContentDB, 'rm.content', object>,
  page: number,
  pageSize: number,
): Promise<{ rows: ContentItem[]; total: number }> {
  const [rows, total] = await Promise.all([
    ordered
      .orderBy('content_id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(item), total: Number(total.n) };
}

export async function contentAdminList(db: Kysely<ContentDB>, f: ContentFilters, page: number, pageSize: number) {
  let q = db.selectFrom('rm.content');
  if (f.kind) q = q.where('kind', '=', f.kind);
  if (f.state) q = q.where('published', '=', f.state === 'published');
  if (f.text)
    q = q.where((eb) => eb.or([eb('title_ar', 'ilike', like(f.text!)), eb('title_en', 'ilike', like(f.text!))]));
  const ordered = q.selectAll().orderBy('kind').orderBy('ord').orderBy('created_at', 'desc');
  return pageOf(ordered, q, page, pageSize);
}

/** One item in any state (the admin's form). */
export async function contentById(db: Kysely<ContentDB>, id: string): Promise<ContentItem | null> {
  const r = await db.selectFrom('rm.content').selectAll().where('content_id', '=', id).executeTakeFirst();
  return r ? item(r) : null;
}

/**
 * The published items of a kind, in the order the visitor sees them: news newest first, every other kind in the
 * admins' order.
 */
export async function publishedList(db: Kysely<ContentDB>, kind: ContentKind, page: number, pageSize: number) {
  const base = db.selectFrom('rm.content').where('kind', '=', kind).where('published', '=', true);
  const q = base.selectAll();
  const ordered = kind === 'news' ? q.orderBy('published_at', 'desc') : q.orderBy('ord').orderBy('created_at', 'desc');
  return pageOf(ordered, base, page, pageSize);
}

/** A published item (of the kind asked, when asked): null for a draft, a deleted or an unknown one. */
export async function publishedItem(
  db: Kysely<ContentDB>,
  id: string,
  kind?: ContentKind,
): Promise<ContentItem | null> {
  let q = db.selectFrom('rm.content').selectAll().where('content_id', '=', id).where('published', '=', true);
  if (kind) q = q.where('kind', '=', kind);
  const r = await q.executeTakeFirst();
  return r ? item(r) : null;
}

export async function publishedPage(db: Kysely<ContentDB>, key: PageKey): Promise<ContentItem | null> {
  const r = await db
    .selectFrom('rm.content')
    .selectAll()
    .where('kind', '=', 'page')
    .where('key', '=', key)
    .where('published', '=', true)
    .executeTakeFirst();
  return r ? item(r) : null;
}

/** Whether a published item names the file (its image, a gallery image, a thumbnail or its document). */
export async function contentShowsFile(db: Kysely<ContentDB>, fileId: string): Promise<boolean> {
  const r = await db
    .selectFrom('rm.content_files as f')
    .innerJoin('rm.content as c', 'c.content_id', 'f.content_id')
    .select('f.file_id')
    .where('f.file_id', '=', fileId)
    .where('c.published', '=', true)
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}

/**
 * The home counters (spec: utils/home/counters/getallcount, "entries at index 2 and 3 are summed as approved
 * volunteers"): [0] applications submitted (every status but draft), [1] awaiting review, [2] initially accepted,
 * [3] approved, [4] public events, [5] approved hours.
 */
export async function homeCounters(db: Kysely<ContentDB>): Promise<number[]> {
  const [counts, events] = await Promise.all([
    db.selectFrom('rm.registration_counts').select(['status', 'n']).execute(),
    db
      .selectFrom('rm.opportunities')
      .select([
        (eb) => eb.fn.countAll<string>().as('n'),
        sql<string>`coalesce(sum(approved_hours::numeric), 0)::text`.as('hours'),
      ])
      .where('approval', '=', 'approved')
      .where('status', '<>', OpportunityStatus.Deleted)
      .where('visibility', '=', Visibility.All)
      .executeTakeFirstOrThrow(),
  ]);
  const n = (status: number) => counts.find((c) => c.status === status)?.n ?? 0;
  const submitted = counts.filter((c) => c.status !== RegistrationStatus.Draft).reduce((s, c) => s + c.n, 0);
  return [
    submitted,
    n(RegistrationStatus.Submitted),
    n(RegistrationStatus.InitiallyAccepted),
    n(RegistrationStatus.Approved),
    Number(events.n),
    Math.round(Number(events.hours)),
  ];
}
