import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { DomainError } from '../../domain/shared/errors.ts';
import type { AnyDB } from '../db/kysely.ts';
import { registerSchema } from '../db/migrate.ts';
import type { FileStorage } from './storage.ts';

// Who an upload belongs to. A signed-in upload is its user's; an anonymous one (the registration form before the
// account exists) belongs to the browser that made it — the hash of its CSRF cookie — until a registration names it
// and it becomes the volunteer's. Unattached anonymous uploads expire and are deleted.
registerSchema(
  'files',
  `
      create table if not exists files.uploads (
        file_id uuid primary key,
        kind text not null,
        owner text not null,
        source text not null,
        size int not null,
        volunteer_id uuid,
        created_at timestamptz not null default now()
      );
      create index if not exists uploads_unattached_idx on files.uploads (source, created_at) where volunteer_id is null;
      create index if not exists uploads_volunteer_idx on files.uploads (volunteer_id);`,
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An anonymous upload not named by a registration within this time is deleted. */
export const UNATTACHED_UPLOAD_HOURS = 24;
/** Unattached anonymous uploads one source may hold at a time (the registration form has fewer slots). */
export const ANONYMOUS_UPLOADS_PER_SOURCE = 60;
export const ANONYMOUS_BYTES_PER_SOURCE = 60 * 1024 * 1024;

/** The owner key of a request: its user, else its browser (the anonymous CSRF cookie, hashed). */
export function ownerKey(userId: string | null, anonymousToken: string | undefined): string | null {
  if (userId) return `user:${userId}`;
  if (!anonymousToken) return null;
  return `anon:${createHash('sha256').update(anonymousToken).digest('base64url')}`;
}

export interface UploadRecord {
  fileId: string;
  kind: string;
  owner: string;
  volunteerId: string | null;
}

/** Every file id a registration form names (any field called fileId, letterFileId, photoFileId, …). */
export function fileIdsIn(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) for (const v of value) fileIdsIn(v, found);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (/fileid$/i.test(k) && typeof v === 'string' && v) found.add(v);
      else fileIdsIn(v, found);
    }
  }
  return found;
}

export class Uploads {
  private readonly db: Kysely<AnyDB>;
  private lastSweep = 0;
  constructor(db: Kysely<AnyDB>) {
    this.db = db;
  }

  /** Refuses an anonymous upload beyond its source's quota of unattached files. */
  async assertQuota(source: string, size: number): Promise<void> {
    const { rows } = await sql<{ n: number; bytes: string }>`
      select count(*)::int as n, coalesce(sum(size), 0)::text as bytes from files.uploads
       where source = ${source} and volunteer_id is null and owner like 'anon:%'
         and created_at > now() - make_interval(hours => ${UNATTACHED_UPLOAD_HOURS})`.execute(this.db);
    const r = rows[0]!;
    if (r.n >= ANONYMOUS_UPLOADS_PER_SOURCE || Number(r.bytes) + size > ANONYMOUS_BYTES_PER_SOURCE)
      throw new DomainError('UploadQuotaExceeded', { maxFiles: ANONYMOUS_UPLOADS_PER_SOURCE });
  }

  async record(u: { fileId: string; kind: string; owner: string; source: string; size: number }): Promise<void> {
    // A volunteer's own upload is hers from the start.
    const volunteer = u.owner.startsWith('user:') ? u.owner.slice(5) : null;
    await sql`insert into files.uploads (file_id, kind, owner, source, size, volunteer_id)
              values (${u.fileId}, ${u.kind}, ${u.owner}, ${u.source}, ${u.size}, ${volunteer})`.execute(this.db);
  }

  async get(fileId: string): Promise<UploadRecord | null> {
    const { rows } = await sql<{ file_id: string; kind: string; owner: string; volunteer_id: string | null }>`
      select file_id::text, kind, owner, volunteer_id::text from files.uploads where file_id = ${fileId}`.execute(
      this.db,
    );
    const r = rows[0];
    return r ? { fileId: r.file_id, kind: r.kind, owner: r.owner, volunteerId: r.volunteer_id } : null;
  }

  /**
   * A form may name only files its sender uploaded (or the volunteer's own): UnknownFile for anyone else's upload, so
   * nobody attaches — and so gets to read — another person's file. An id that names no upload gives no access and is
   * left to the form's own rules. Checked before the command writes anything.
   */
  async assertAttachable(fileIds: Iterable<string>, owner: string | null, volunteerId: string | null): Promise<void> {
    const ids = [...fileIds].filter((id) => UUID.test(id));
    if (ids.length === 0) return;
    const { rows } = await sql<{ file_id: string }>`
      select file_id::text from files.uploads
       where file_id = any(${ids}::uuid[])
         and not coalesce(volunteer_id = ${volunteerId}::uuid or (volunteer_id is null and owner = ${owner}), false)`.execute(
      this.db,
    );
    if (rows.length) throw new DomainError('UnknownFile', { fileIds: rows.map((r) => r.file_id) });
  }

  /** The named anonymous uploads become the volunteer's (they no longer expire). */
  async attach(fileIds: Iterable<string>, volunteerId: string): Promise<void> {
    const ids = [...fileIds].filter((id) => UUID.test(id));
    if (ids.length === 0) return;
    await sql`update files.uploads set volunteer_id = ${volunteerId}::uuid
               where file_id = any(${ids}::uuid[]) and volunteer_id is null`.execute(this.db);
  }

  /** Deletes unattached anonymous uploads past their time (at most every ten minutes, from the upload route). */
  async sweep(storage: FileStorage, now = Date.now()): Promise<number> {
    if (now - this.lastSweep < 10 * 60_000) return 0;
    this.lastSweep = now;
    const { rows } = await sql<{ file_id: string }>`
      delete from files.uploads where volunteer_id is null and owner like 'anon:%'
         and created_at < now() - make_interval(hours => ${UNATTACHED_UPLOAD_HOURS}) returning file_id::text`.execute(
      this.db,
    );
    for (const r of rows) await storage.delete(r.file_id);
    return rows.length;
  }
}
