// The data a join benchmark needs, shared by bench/events.ts (our join) and bench/peer.ts (ours, the Emmett peer and
// the floor): approved volunteers, 200 approved events far enough apart that a volunteer's two joins never overlap.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { newToken } from '../api/http/sessions.ts';
import { handleCommand } from '../commands/handle.ts';
import { lookupsOf } from '../commands/lookups/source.ts';
import { opportunityDecider, opportunityStream } from '../domain/opportunity/decide.ts';
import type { OpportunityDetails } from '../domain/opportunity/rules.ts';
import { CLIENTS } from '../domain/shared/clients.ts';
import { Role } from '../domain/shared/roles.ts';
import type { Runtime } from '../workers/runtime.ts';
import type { LoadJob } from './load.ts';

export const JOIN_EVENTS = 200;

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** The volunteer of index g (1-based): the same ids in every system measured. */
export const volunteerId = (g: number) => `00000000-0000-4000-9000-${String(g).padStart(12, '0')}`;

/** Event i of the setup: open to all, both genders, two days long, starting `startIn` days from now or later. */
export function eventDetails(i: number, startIn: number): OpportunityDetails {
  return {
    code: `B${i}`,
    nameAr: `فعالية ${i}`,
    nameEn: `Event ${i}`,
    leadName: 'Lead',
    leadMobile: '0551234567',
    leadEmail: 'lead@example.org',
    visibility: 0,
    regionIds: [],
    cityIds: [],
    maxInvitations: 100_000,
    maxContributions: 100_000,
    startDate: inDays(startIn + (i % 200) * 3),
    endDate: inDays(startIn + (i % 200) * 3 + 1),
    gender: 3,
    timePeriod: 3,
    volunteeringDays: [0],
    attendanceType: 1,
    maxHours: 8,
  };
}

/** A volunteer's join of an event, as the load generator sends it (the session's cookie and CSRF token). */
export interface JoinPair {
  volunteerId: string;
  eventId: string;
  cookie: string;
  csrf: string;
}

export const joinJob = (p: JoinPair): LoadJob => ({
  method: 'POST',
  path: `/api/opportunities/${p.eventId}/join`,
  cookie: p.cookie,
  csrf: p.csrf,
});

/** Volunteer g joins event g mod 200: each of a volunteer's joins is a distinct request that the rules accept. */
export const pairUp = (sessions: { cookie: string; csrf: string }[], events: string[]): JoinPair[] =>
  sessions.map((s, i) => ({ volunteerId: volunteerId(i + 1), eventId: events[i % events.length]!, ...s }));

/**
 * Our portal (not timed): `volunteers` approved volunteers straight into the read models the join rules read, a
 * session each, 200 events created and approved through their streams.
 */
export async function prepareOurJoins(runtime: Runtime, volunteers: number): Promise<JoinPair[]> {
  for (let i = 0; i < 500; i++) {
    const { rows } = await sql<{ t: string | null }>`select to_regclass('rm.registrations')::text as t`.execute(
      runtime.db,
    );
    if (rows[0]?.t) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  await sql`insert into rm.users (user_id, user_name, user_name_lower, name_ar, name_en, email, role_id, active, must_change_password, email_verified,
              nic_valid, registration_complete, created_at, updated_at)
            select ('00000000-0000-4000-9000-' || lpad(g::text, 12, '0'))::uuid, 'b' || g, 'b' || g, 'متطوع ' || g, 'Volunteer ' || g, 'b' || g || '@example.org',
              1, true, false, true, true, true, now(), now() from generate_series(1, ${volunteers}) g`.execute(
    runtime.db,
  );
  await sql`insert into rm.registrations (volunteer_id, status, name_ar, name_en, region_id, city_id, gender, created_at, updated_at)
            select ('00000000-0000-4000-9000-' || lpad(g::text, 12, '0'))::uuid, 5, 'متطوع ' || g, 'Volunteer ' || g, 1, 3, 1, now(), now()
              from generate_series(1, ${volunteers}) g`.execute(runtime.db);
  const ctx = () => ({
    actorId: null,
    actorRole: Role.Admin,
    correlationId: 'bench',
    clientCode: 'MOH' as const,
    commandId: randomUUID(),
    now: new Date(),
  });
  const events: string[] = [];
  for (let i = 0; i < JOIN_EVENTS; i++) {
    const id = randomUUID();
    const stream = opportunityStream(id);
    const details = eventDetails(i, 5);
    await handleCommand(
      runtime.store,
      stream,
      opportunityDecider,
      { type: 'Create', details, client: CLIENTS.MOH, lookups: await lookupsOf(runtime.store) },
      ctx(),
    );
    await handleCommand(runtime.store, stream, opportunityDecider, { type: 'Approve' }, ctx());
    events.push(id);
  }
  const sessions = await Promise.all(
    Array.from({ length: volunteers }, async (_, i) => {
      const csrf = newToken();
      const sid = await runtime.sessions.create({
        userId: volunteerId(i + 1),
        roleId: Role.Volunteer,
        csrfToken: csrf,
        mustChangePassword: false,
      });
      return { cookie: `sid=${sid}`, csrf };
    }),
  );
  return pairUp(sessions, events);
}
