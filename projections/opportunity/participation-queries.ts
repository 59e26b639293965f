import { type Kysely, sql } from 'kysely';
import type { OpportunityDB } from './queries.ts';

type Db = Kysely<OpportunityDB>;
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The volunteer's own events with their hours, the latest start first (my events, and the live invitations stream). */
export async function participationsOf(db: Db, volunteerId: string) {
  const rows = await db
    .selectFrom('rm.participations as p')
    .innerJoin('rm.opportunities as o', 'o.opportunity_id', 'p.opportunity_id')
    .select([
      'p.opportunity_id',
      'o.name_ar',
      'o.name_en',
      'o.start_date',
      'o.end_date',
      'p.status',
      sql<string>`p.approved_hours::text`.as('approved_hours'),
      sql<string>`p.pending_hours::text`.as('pending_hours'),
    ])
    .where('p.volunteer_id', '=', volunteerId)
    .orderBy('o.start_date', 'desc')
    .execute();
  return rows.map((x) => ({
    opportunityId: x.opportunity_id,
    nameAr: x.name_ar,
    nameEn: x.name_en,
    startDate: iso(x.start_date),
    endDate: iso(x.end_date),
    status: x.status,
    approvedHours: Number(x.approved_hours),
    pendingHours: Number(x.pending_hours),
  }));
}

/** One page of an event's roster (by status, then volunteer), and how many (the projection's counts per status). */
export async function rosterPage(
  db: Db,
  opportunityId: string,
  f: { status?: number | undefined; page: number; pageSize: number },
) {
  let rows = db
    .selectFrom('rm.participations as p')
    .leftJoin('rm.users as u', 'u.user_id', 'p.volunteer_id')
    .select([
      sql<string>`p.volunteer_id::text`.as('volunteer_id'),
      'u.name_ar',
      'u.name_en',
      'p.status',
      sql<string>`p.approved_hours::text`.as('approved_hours'),
      sql<string>`p.pending_hours::text`.as('pending_hours'),
    ])
    .where('p.opportunity_id', '=', opportunityId);
  let count = db
    .selectFrom('rm.participation_counts')
    .select(sql<string>`coalesce(sum(n), 0)::text`.as('n'))
    .where('opportunity_id', '=', opportunityId);
  if (f.status) {
    rows = rows.where('p.status', '=', f.status);
    count = count.where('status', '=', f.status);
  }
  const [page, total] = await Promise.all([
    rows
      .orderBy('p.status')
      .orderBy('p.volunteer_id')
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute(),
    count.executeTakeFirst(),
  ]);
  return {
    total: Number(total?.n ?? 0),
    rows: page.map((x) => ({
      volunteerId: x.volunteer_id,
      nameAr: x.name_ar,
      nameEn: x.name_en,
      status: x.status,
      approvedHours: Number(x.approved_hours),
      pendingHours: Number(x.pending_hours),
    })),
  };
}

/** Who asks to join, from the read models: the account, the registration and her participation in the event. */
export async function joinerOf(db: Db, userId: string, opportunityId: string) {
  return db
    .selectFrom('rm.users as u')
    .leftJoin('rm.registrations as r', 'r.volunteer_id', 'u.user_id')
    .select((eb) => [
      'u.nic_valid',
      'u.registration_complete',
      'r.status',
      'r.region_id',
      'r.city_id',
      'r.gender',
      eb
        .selectFrom('rm.participations as p')
        .select('p.status')
        .where('p.opportunity_id', '=', opportunityId)
        .whereRef('p.volunteer_id', '=', 'u.user_id')
        .as('invitation'),
    ])
    .where('u.user_id', '=', userId)
    .executeTakeFirst();
}

/** The registrations (status, region, city) of the given volunteers. */
export async function registrationsOf(db: Db, volunteerIds: readonly string[]) {
  return db
    .selectFrom('rm.registrations')
    .select([sql<string>`volunteer_id::text`.as('volunteer_id'), 'status', 'region_id', 'city_id'])
    .where(sql<boolean>`volunteer_id = any(${[...volunteerIds]}::uuid[])`)
    .execute();
}
