import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { parsePosition } from '../../commands/event-store/port.ts';
import { type RecordLink, recordLink } from '../../domain/record-kinds.ts';
import type { AccountDB } from '../account/queries.ts';
import { rowCount } from '../shared/query.ts';

/** The audit log read model as the API reads it, with the users' names (projections/account). */
export interface AuditDB {
  'rm.audit_log': {
    commit_pos: string;
    prepare_pos: string;
    at: Date;
    actor_id: string | null;
    actor_role: number | null;
    record_type: string;
    record_id: string;
    action: string;
    changes: { field: string; from: unknown; to: unknown }[];
    correlation_id: string | null;
  };
  'rm.users': Pick<AccountDB['rm.users'], 'user_id' | 'name_ar' | 'name_en' | 'user_name' | 'role_id'>;
}

export interface AuditFilter {
  /** A log position: only rows before it. */
  before?: string | undefined;
  limit: number;
  actorId?: string | undefined;
  recordType?: string | undefined;
  recordId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface AuditRow {
  position: string;
  at: string;
  actor: { id: string | null; nameAr: string | null; nameEn: string | null; roleId: number | null };
  recordType: string;
  recordId: string;
  action: string;
  changes: { field: string; from: unknown; to: unknown }[];
  correlationId: string | null;
  link: RecordLink;
}

export type AuditExportFilter = Omit<AuditFilter, 'before' | 'limit'>;

/** The audit log's filters: its pages, its count and its export select the same rows. */
function auditWhere(q: AuditExportFilter): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [sql<SqlBool>`true`];
  if (q.actorId) where.push(sql<SqlBool>`a.actor_id = ${q.actorId}`);
  if (q.recordType) where.push(sql<SqlBool>`a.record_type = ${q.recordType}`);
  if (q.recordId) where.push(sql<SqlBool>`a.record_id = ${q.recordId}`);
  if (q.from) where.push(sql<SqlBool>`a.at >= ${q.from}::date`);
  if (q.to) where.push(sql<SqlBool>`a.at < ${q.to}::date + 1`);
  return where;
}

/** How many rows of the audit log the filters select (an export's total). */
export async function auditCount(db: Kysely<AuditDB>, q: AuditExportFilter): Promise<number> {
  return rowCount(db.selectFrom('rm.audit_log as a').where(sql<SqlBool>`${sql.join(auditWhere(q), sql` and `)}`));
}

/**
 * Every row of the audit log the filters select, newest first, read in batches keyed by the log position (the pages'
 * own key, compared as numerics): an export of any size holds one batch.
 */
export async function* auditRows(db: Kysely<AuditDB>, q: AuditExportFilter, batch = 1000): AsyncGenerator<AuditRow> {
  let before: string | undefined;
  for (;;) {
    const page = await auditPage(db, { ...q, before, limit: batch });
    yield* page.rows;
    if (!page.next) return;
    before = page.next;
  }
}

/** One page of the audit log, newest first, and the position to continue before (null on the last page). */
export async function auditPage(
  db: Kysely<AuditDB>,
  q: AuditFilter,
): Promise<{ rows: AuditRow[]; next: string | null }> {
  const where = auditWhere(q);
  if (q.before) {
    const p = parsePosition(q.before);
    where.push(
      sql<SqlBool>`(a.commit_pos, a.prepare_pos) < (${p.commit.toString()}::numeric, ${p.prepare.toString()}::numeric)`,
    );
  }
  const rows = await db
    .selectFrom('rm.audit_log as a')
    .leftJoin('rm.users as u', (j) => j.on(sql<SqlBool>`u.user_id::text = a.actor_id`))
    .select([
      sql<string>`a.commit_pos::text`.as('c'),
      sql<string>`a.prepare_pos::text`.as('p'),
      'a.at',
      'a.actor_id',
      'a.actor_role',
      'u.name_ar',
      'u.name_en',
      'a.record_type',
      'a.record_id',
      'a.action',
      'a.changes',
      'a.correlation_id',
    ])
    .where(sql<SqlBool>`${sql.join(where, sql` and `)}`)
    .orderBy('a.commit_pos', 'desc')
    .orderBy('a.prepare_pos', 'desc')
    .limit(q.limit)
    .execute();
  const out = rows.map((x) => ({
    position: `${x.c}.${x.p}`,
    at: x.at.toISOString(),
    actor: { id: x.actor_id, nameAr: x.name_ar, nameEn: x.name_en, roleId: x.actor_role },
    recordType: x.record_type,
    recordId: x.record_id,
    action: x.action,
    changes: x.changes,
    correlationId: x.correlation_id,
    link: recordLink(x.record_type, x.record_id),
  }));
  return { rows: out, next: out.length === q.limit ? out[out.length - 1]!.position : null };
}

export interface ActorSuggestion {
  id: string;
  nameAr: string;
  nameEn: string;
  userName: string;
  roleId: number;
}

/**
 * Users whose name (Arabic or English) or user name contains the text, for the audit log's actor filter: a person
 * is searched by name, the log is filtered by the id chosen.
 */
export async function actorSuggestions(db: Kysely<AuditDB>, text: string, limit: number): Promise<ActorSuggestion[]> {
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .selectFrom('rm.users as u')
    .select([sql<string>`u.user_id::text`.as('id'), 'u.name_ar', 'u.name_en', 'u.user_name', 'u.role_id'])
    .where(sql<SqlBool>`(u.name_ar ilike ${like} or u.name_en ilike ${like} or u.user_name ilike ${like})`)
    .orderBy('u.name_ar')
    .orderBy('u.user_id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    nameAr: r.name_ar,
    nameEn: r.name_en,
    userName: r.user_name,
    roleId: r.role_id,
  }));
}
