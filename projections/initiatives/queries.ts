import type { Kysely } from 'kysely';
import type { InitiativeStatus } from '../../domain/initiative/rules.ts';
import { type AreaScope, containsPattern, type Paging, pageWithTotal } from '../shared/query.ts';

export interface InitiativesDB {
  'rm.initiatives': {
    initiative_id: string;
    code: string;
    name: string;
    description: string;
    details: string;
    region_id: number | null;
    city_id: number | null;
    location: string;
    latitude: number | null;
    longitude: number | null;
    proposer_id: string | null;
    center_sent: boolean;
    status: InitiativeStatus;
    event_id: string | null;
    reject_reason: string | null;
    year: number;
    created_at: Date;
    updated_at: Date;
  };
}

/** The spec's search filters (getEventInitiative): Code, Name, EventApprovedStatus, EventInitiativeYear. */
export interface InitiativeFilters {
  code?: string | undefined;
  name?: string | undefined;
  status?: number | undefined;
  year?: number | undefined;
}

/** Whose initiatives: one proposer's, or those a staff member's areas cover (null: every one). */
export type InitiativeAudience = { proposerId: string } | { scope: AreaScope };

export interface InitiativeRow {
  id: string;
  code: string;
  name: string;
  description: string;
  details: string;
  regionId: number | null;
  cityId: number | null;
  location: string;
  latitude: number | null;
  longitude: number | null;
  proposerId: string | null;
  status: InitiativeStatus;
  eventId: string | null;
  rejectReason: string | null;
  createdAt: string;
}

function base(db: Kysely<InitiativesDB>, who: InitiativeAudience, f: InitiativeFilters) {
  let q = db.selectFrom('rm.initiatives');
  if ('proposerId' in who) q = q.where('proposer_id', '=', who.proposerId);
  else if (who.scope) {
    const { regionIds, cityIds } = who.scope;
    q = q.where((eb) =>
      eb.or([
        eb('region_id', 'in', regionIds.length ? [...regionIds] : [-1]),
        eb('city_id', 'in', cityIds.length ? [...cityIds] : [-1]),
      ]),
    );
  }
  if (f.code) q = q.where('code', 'ilike', containsPattern(f.code.trim()));
  if (f.name) q = q.where('name', 'ilike', containsPattern(f.name.trim()));
  if (f.status !== undefined) q = q.where('status', '=', f.status as InitiativeStatus);
  if (f.year !== undefined) q = q.where('year', '=', f.year);
  return q;
}

const toRow = (r: InitiativesDB['rm.initiatives']): InitiativeRow => ({
  id: r.initiative_id,
  code: r.code,
  name: r.name,
  description: r.description,
  details: r.details,
  regionId: r.region_id,
  cityId: r.city_id,
  location: r.location,
  latitude: r.latitude,
  longitude: r.longitude,
  proposerId: r.proposer_id,
  status: r.status,
  eventId: r.event_id,
  rejectReason: r.reject_reason,
  createdAt: r.created_at.toISOString(),
});

/** A page of initiatives, newest first. */
export async function initiativesPage(
  db: Kysely<InitiativesDB>,
  who: InitiativeAudience,
  filters: InitiativeFilters,
  paging: Paging,
): Promise<{ rows: InitiativeRow[]; total: number }> {
  const ordered = base(db, who, filters).selectAll().orderBy('created_at', 'desc').orderBy('initiative_id', 'desc');
  const { rows, total } = await pageWithTotal(ordered, paging);
  return { rows: rows.map(toRow), total };
}

/** One initiative the audience may see; undefined otherwise (no hint it exists). */
export async function initiativeRow(
  db: Kysely<InitiativesDB>,
  who: InitiativeAudience,
  id: string,
): Promise<InitiativeRow | undefined> {
  const r = await base(db, who, {}).selectAll().where('initiative_id', '=', id).executeTakeFirst();
  return r ? toRow(r) : undefined;
}
