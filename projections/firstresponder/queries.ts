import { type Kysely, sql } from 'kysely';
import type { FirstResponderStatus } from '../../domain/firstresponder/events.ts';
import type { AccountDB } from '../account/queries.ts';
import { containsPattern, type Paging, pageWithTotal } from '../shared/query.ts';

/** The read model's rows as the API reads them, and the volunteer names it joins (users projection). */
export interface FirstRespondersDB {
  'rm.first_responders': {
    volunteer_id: string;
    status: FirstResponderStatus;
    certificate_expiry: string | null;
    has_bls: boolean;
    file_id: string;
    employee_code: string | null;
    reject_reason: string | null;
    decided_by: string | null;
    decided_at: Date | null;
    requested_at: Date | null;
    updated_at: Date | null;
  };
  'rm.users': Pick<AccountDB['rm.users'], 'user_id' | 'name_ar' | 'name_en' | 'user_name'>;
}

export interface FirstResponderRow {
  volunteerId: string;
  volunteerNameAr: string | null;
  volunteerNameEn: string | null;
  status: FirstResponderStatus;
  certificateExpiryDate: string | null;
  hasBls: boolean;
  fileId: string;
  employeeCode: string | null;
  rejectReason: string | null;
  decidedAt: string | null;
  requestedAt: string | null;
  updatedAt: string | null;
}

/** The lists' filters: a name (Arabic or English, part of it), the employee code, certificates expiring by a day. */
export interface FirstResponderFilters {
  name?: string | undefined;
  employeeCode?: string | undefined;
  expiresBy?: string | undefined;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function base(db: Kysely<FirstRespondersDB>) {
  return db
    .selectFrom('rm.first_responders as f')
    .leftJoin('rm.users as u', (j) => j.onRef(sql`u.user_id`, '=', sql`f.volunteer_id`))
    .select([
      sql<string>`f.volunteer_id::text`.as('volunteerId'),
      'u.name_ar as volunteerNameAr',
      'u.name_en as volunteerNameEn',
      'f.status',
      sql<string | null>`to_char(f.certificate_expiry, 'YYYY-MM-DD')`.as('certificateExpiryDate'),
      'f.has_bls as hasBls',
      'f.file_id as fileId',
      'f.employee_code as employeeCode',
      'f.reject_reason as rejectReason',
      'f.decided_at',
      'f.requested_at',
      'f.updated_at',
    ]);
}

type Raw = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number];
/** A request as the API answers it: its times as ISO text. */
const rowOf = ({ decided_at, requested_at, updated_at, ...r }: Raw): FirstResponderRow => ({
  ...r,
  decidedAt: iso(decided_at),
  requestedAt: iso(requested_at),
  updatedAt: iso(updated_at),
});

/** One of the three lists (requests = pending, approved, rejected), most recently changed first, and its total. */
export async function firstRespondersPage(
  db: Kysely<FirstRespondersDB>,
  status: FirstResponderStatus,
  filters: FirstResponderFilters,
  paging: Paging,
): Promise<{ rows: FirstResponderRow[]; total: number }> {
  let q = base(db).where('f.status', '=', status);
  if (filters.name) {
    const n = containsPattern(filters.name);
    q = q.where((w) => w.or([w('u.name_ar', 'ilike', n), w('u.name_en', 'ilike', n)]));
  }
  if (filters.employeeCode) q = q.where('f.employee_code', 'ilike', containsPattern(filters.employeeCode));
  if (filters.expiresBy) q = q.where('f.certificate_expiry', '<=', filters.expiresBy);
  const { rows, total } = await pageWithTotal(q.orderBy('f.updated_at', 'desc').orderBy('f.volunteer_id'), paging);
  return { total, rows: rows.map(rowOf) };
}

/** One volunteer's request (the form's update mode), or null when there is none. */
export async function firstResponderOf(
  db: Kysely<FirstRespondersDB>,
  volunteerId: string,
): Promise<FirstResponderRow | null> {
  const r = await base(db).where('f.volunteer_id', '=', volunteerId).executeTakeFirst();
  return r ? rowOf(r) : null;
}

/** Whether a file is the certificate of a first-responder request (who may read it: the responder admins). */
export async function isFirstResponderFile(db: Kysely<FirstRespondersDB>, fileId: string): Promise<boolean> {
  const r = await db
    .selectFrom('rm.first_responders')
    .select('volunteer_id')
    .where('file_id', '=', fileId)
    .executeTakeFirst();
  return r !== undefined;
}
