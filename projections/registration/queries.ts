import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { keysetRows } from '../shared/keyset.ts';
import type { AreaScope } from '../shared/query.ts';

/** The registrations read model as the API reads it (the live generation's views). */
export interface RegistrationsDB {
  'rm.registrations': {
    volunteer_id: string;
    reference_number: string | null;
    status: number;
    name_ar: string;
    name_en: string;
    id_number: string | null;
    mobile: string | null;
    region_id: number | null;
    city_id: number | null;
    gender: number | null;
    submitted_at: Date | null;
    updated_at: Date;
    appointment_at: Date | null;
  };
  'rm.registration_counts': { status: number; n: number };
}

export type RegistrationSort = 'submittedAt' | 'updatedAt' | 'nameAr' | 'nameEn' | 'referenceNumber';

export interface RegistrationGridFilter {
  status: number;
  page: number;
  pageSize: number;
  sort: RegistrationSort;
  dir: 'asc' | 'desc';
  name?: string | undefined;
  idNumber?: string | undefined;
  mobile?: string | undefined;
  regionId?: number | undefined;
  cityId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface RegistrationGridRow {
  volunteerId: string;
  referenceNumber: string | null;
  status: number;
  nameAr: string;
  nameEn: string;
  idNumber: string | null;
  mobile: string | null;
  regionId: number | null;
  cityId: number | null;
  submittedAt: string | null;
  appointmentAt: string | null;
}

/** The sort columns' types: a batch's last key comes back as text (a timestamp's microseconds kept) and is cast back. */
const SORT_TYPE: Record<RegistrationSort, string> = {
  submittedAt: 'timestamptz',
  updatedAt: 'timestamptz',
  nameAr: 'text',
  nameEn: 'text',
  referenceNumber: 'text',
};

const SORT_COLUMN: Record<RegistrationSort, string> = {
  submittedAt: 'submitted_at',
  updatedAt: 'updated_at',
  nameAr: 'lower(name_ar)',
  nameEn: 'lower(name_en)',
  referenceNumber: 'reference_number',
};

/** The grid's conditions (status, scope, filters): the page, its count and the export select the same rows. */
function gridConditions(q: Omit<RegistrationGridFilter, 'page' | 'pageSize'>, scope: AreaScope): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [sql<SqlBool>`status = ${q.status}`];
  if (scope)
    where.push(
      sql<SqlBool>`(region_id = any(${[...scope.regionIds]}::int[]) or city_id = any(${[...scope.cityIds]}::int[]))`,
    );
  if (q.name) {
    // A name typed in Arabic script can only match the Arabic name, and Latin only the English one: one prefix
    // range on one index instead of an OR over both.
    const prefix = `${q.name.trim().toLowerCase()}%`;
    where.push(
      /[\u0600-\u06FF]/.test(q.name)
        ? sql<SqlBool>`lower(name_ar) like ${prefix}`
        : sql<SqlBool>`lower(name_en) like ${prefix}`,
    );
  }
  if (q.idNumber) where.push(sql<SqlBool>`id_number = ${q.idNumber}`);
  if (q.mobile) where.push(sql<SqlBool>`mobile = ${q.mobile}`);
  if (q.regionId) where.push(sql<SqlBool>`region_id = ${q.regionId}`);
  if (q.cityId) where.push(sql<SqlBool>`city_id = ${q.cityId}`);
  if (q.from) where.push(sql<SqlBool>`submitted_at >= ${q.from}::date`);
  if (q.to) where.push(sql<SqlBool>`submitted_at < ${q.to}::date + 1`);
  return where;
}

/** The columns a grid row (and an export's row) reads, and the row they make. */
const GRID_COLUMNS = [
  'volunteer_id',
  'reference_number',
  'status',
  'name_ar',
  'name_en',
  'id_number',
  'mobile',
  'region_id',
  'city_id',
  'submitted_at',
  'appointment_at',
] as const;
type GridRecord = Pick<RegistrationsDB['rm.registrations'], (typeof GRID_COLUMNS)[number]>;
const gridRow = (x: GridRecord): RegistrationGridRow => ({
  volunteerId: x.volunteer_id,
  referenceNumber: x.reference_number,
  status: x.status,
  nameAr: x.name_ar,
  nameEn: x.name_en,
  idNumber: x.id_number,
  mobile: x.mobile,
  regionId: x.region_id,
  cityId: x.city_id,
  submittedAt: x.submitted_at?.toISOString() ?? null,
  appointmentAt: x.appointment_at?.toISOString() ?? null,
});

/**
 * One page of the review grid and how many applications match. `scope` limits a staff member to her regions and
 * cities (null: not limited).
 */
export async function registrationGrid(
  db: Kysely<RegistrationsDB>,
  q: RegistrationGridFilter,
  scope: AreaScope,
): Promise<{ rows: RegistrationGridRow[]; total: number }> {
  const where = gridConditions(q, scope);
  const cond = sql<SqlBool>`${sql.join(where, sql` and `)}`;
  // Exact mirrors of the sort indexes (desc nulls last, id desc): either direction is an index scan.
  const order = sql.raw(
    q.dir === 'desc'
      ? `${SORT_COLUMN[q.sort]} desc nulls last, volunteer_id desc`
      : `${SORT_COLUMN[q.sort]} asc nulls first, volunteer_id asc`,
  );
  const rowsQuery = db
    .selectFrom('rm.registrations')
    .select(GRID_COLUMNS)
    .where(cond)
    .orderBy(order)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  // Unfiltered and unscoped: the projection keeps the count per status.
  const countQuery =
    where.length === 1
      ? db
          .selectNoFrom(
            sql<string>`coalesce((${db
              .selectFrom('rm.registration_counts')
              .select('n')
              .where('status', '=', q.status)}), 0)::text`.as('n'),
          )
          .executeTakeFirst()
      : db.selectFrom('rm.registrations').select(sql<string>`count(*)::text`.as('n')).where(cond).executeTakeFirst();
  const [rows, count] = await Promise.all([rowsQuery, countQuery]);
  return {
    total: Number(count?.n ?? 0),
    rows: rows.map(gridRow),
  };
}

/** Where a volunteer's application says she lives (null without an application). */
export async function addressOf(
  db: Kysely<RegistrationsDB>,
  volunteerId: string,
): Promise<{ regionId: number | null; cityId: number | null } | null> {
  const row = await db
    .selectFrom('rm.registrations')
    .select(['region_id as regionId', 'city_id as cityId'])
    .where('volunteer_id', '=', volunteerId)
    .executeTakeFirst();
  return row ?? null;
}

/** How many applications the grid's filters and scope select (an export's total). */
export async function registrationCount(
  db: Kysely<RegistrationsDB>,
  q: Omit<RegistrationGridFilter, 'page' | 'pageSize'>,
  scope: AreaScope,
): Promise<number> {
  const cond = sql<SqlBool>`${sql.join(gridConditions(q, scope), sql` and `)}`;
  const r = await db
    .selectFrom('rm.registrations')
    .select(sql<string>`count(*)::text`.as('n'))
    .where(cond)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Every application the grid's filters and scope select, in the grid's order, read in keyset batches. */
export async function* registrationRows(
  db: Kysely<RegistrationsDB>,
  q: Omit<RegistrationGridFilter, 'page' | 'pageSize'>,
  scope: AreaScope,
  batch = 1000,
): AsyncGenerator<RegistrationGridRow> {
  const order = { column: SORT_COLUMN[q.sort], type: SORT_TYPE[q.sort], id: 'volunteer_id', desc: q.dir === 'desc' };
  const selected = db.selectFrom('rm.registrations').select(GRID_COLUMNS);
  const rows = keysetRows(selected, order, gridConditions(q, scope), batch, (x) => x.volunteer_id);
  for await (const x of rows) yield gridRow(x);
}
