import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { AnyDB } from '../../commands/db/kysely.ts';
import { decode } from '../../commands/event-store/decode.ts';
import { participationEvents, STATUS_AFTER } from '../../domain/participation/decide.ts';
import { lastOfEachKey } from '../runner/batches.ts';
import { readModelTables } from '../runner/define.ts';
import type { Projection } from '../runner/projection.ts';
import { int4, timestamp } from '../runner/values.ts';

const STATUS = STATUS_AFTER;

/** rm.participations (rosters, "my events") and rm.participation_hours (hours and performance per entry). */
export const participationsProjection: Projection = {
  name: 'participations',
  // 2: an hours entry's check-in, check-out, cases and rating may be empty (values older versions let through).
  version: 2,
  types: [...Object.keys(STATUS), 'HoursRecorded', 'HoursApproved', 'HoursRejected', 'HoursDeleted'],
  ...readModelTables(
    {
      participations: `
        opportunity_id uuid not null,
        volunteer_id uuid not null,
        status int not null,
        approved_hours numeric not null default 0,
        pending_hours numeric not null default 0,
        updated_at timestamptz not null,
        primary key (opportunity_id, volunteer_id)
      `,
      participation_hours: `
        hours_id text primary key,
        opportunity_id uuid not null,
        volunteer_id uuid not null,
        hours numeric not null,
        cases_handled int,
        check_in timestamptz,
        check_out timestamptz,
        rating int,
        review text not null,
        state text not null
      `,
      // Participants per event and status, so a roster page does not count its rows every time.
      participation_counts:
        'opportunity_id uuid not null, status int not null, n int not null, primary key (opportunity_id, status)',
    },
    (table) => `
      create index on ${table('participations')} (volunteer_id, status);
      create index on ${table('participations')} (opportunity_id, status, volunteer_id);
      create index on ${table('participation_hours')} (opportunity_id, volunteer_id)`,
  ),
  async apply({ tx, table }, events) {
    const p = sql.raw(table('participations'));
    const h = sql.raw(table('participation_hours'));
    const c = sql.raw(table('participation_counts'));
    /** A run of status changes waiting to be written as one statement a table (before any other event applies). */
    let run: StatusChange[] = [];
    const writeRun = async () => {
      if (run.length) await writeStatusChanges(tx, { p, c }, run);
      run = [];
    };
    for (const stored of events) {
      const e = decode(participationEvents, stored);
      if (!e) continue;
      const [opportunityId, volunteerId] = stored.streamId.slice('participation-'.length).split('_') as [
        string,
        string,
      ];
      const at = stored.metadata.occurredAt;
      const status = STATUS[e.type];
      if (status !== undefined) {
        const previous = 'previousStatus' in e.data ? e.data.previousStatus : null;
        run.push({ opportunityId, volunteerId, status, previous, at });
        continue;
      }
      await writeRun();
      switch (e.type) {
        case 'HoursRecorded': {
          const d = e.data;
          await sql`insert into ${h} (hours_id, opportunity_id, volunteer_id, hours, cases_handled, check_in, check_out, rating, review, state)
                    values (${d.hoursId}, ${opportunityId}, ${volunteerId}, ${d.hours}, ${int4(d.casesHandled)}, ${timestamp(d.checkIn)}, ${timestamp(d.checkOut)}, ${int4(d.rating)}, ${d.review}, 'pending')`.execute(
            tx,
          );
          break;
        }
        case 'HoursApproved':
        case 'HoursRejected':
          await sql`update ${h} set state = ${e.type === 'HoursApproved' ? 'approved' : 'rejected'} where hours_id = ${e.data.hoursId}`.execute(
            tx,
          );
          break;
        case 'HoursDeleted':
          await sql`delete from ${h} where hours_id = ${e.data.hoursId}`.execute(tx);
          break;
        default:
          continue;
      }
      await sql`update ${p} set
          approved_hours = coalesce((select sum(hours) from ${h} where opportunity_id = ${opportunityId} and volunteer_id = ${volunteerId} and state = 'approved'), 0),
          pending_hours = coalesce((select sum(hours) from ${h} where opportunity_id = ${opportunityId} and volunteer_id = ${volunteerId} and state = 'pending'), 0),
          updated_at = ${at}
        where opportunity_id = ${opportunityId} and volunteer_id = ${volunteerId}`.execute(tx);
    }
    await writeRun();
  },
};

interface StatusChange {
  opportunityId: string;
  volunteerId: string;
  status: number;
  previous: number | null;
  at: string;
}

/**
 * A run of status changes in two statements, with the rows that one statement a change, in order, gives: each
 * participation takes its last status; each event's count per status moves by the run's net change. Where a count's
 * row is missing, a change applied alone inserts on an increase and does nothing on a decrease, so a missing row is
 * created with what the run adds from its first increase on.
 */
async function writeStatusChanges(
  tx: Transaction<AnyDB> | Kysely<AnyDB>,
  { p, c }: { p: RawBuilder<unknown>; c: RawBuilder<unknown> },
  run: readonly StatusChange[],
): Promise<void> {
  const counts = new Map<string, { o: string; s: number; total: number; created: number | null }>();
  const move = (o: string, s: number, by: number) => {
    const key = `${o}|${s}`;
    const n = counts.get(key) ?? { o, s, total: 0, created: null };
    n.total += by;
    if (n.created !== null) n.created += by;
    else if (by > 0) n.created = by;
    counts.set(key, n);
  };
  for (const x of run) {
    if (x.previous === x.status) continue;
    if (x.previous !== null) move(x.opportunityId, x.previous, -1);
    move(x.opportunityId, x.status, 1);
  }
  const moved = [...counts.values()].filter((n) => n.total !== 0 || n.created !== null);
  if (moved.length)
    await sql`with r as (
        select * from unnest(${moved.map((n) => n.o)}::uuid[], ${moved.map((n) => n.s)}::int[],
          ${moved.map((n) => n.total)}::int[], ${moved.map((n) => n.created)}::int[]) as r(o, s, total, created)),
      updated as (
        update ${c} as x set n = x.n + r.total from r where x.opportunity_id = r.o and x.status = r.s
        returning x.opportunity_id, x.status)
      insert into ${c} (opportunity_id, status, n)
      select r.o, r.s, r.created from r
      where r.created is not null
        and not exists (select 1 from updated u where u.opportunity_id = r.o and u.status = r.s)`.execute(tx);
  const last = lastOfEachKey(run, (x) => `${x.opportunityId}|${x.volunteerId}`);
  await sql`insert into ${p} (opportunity_id, volunteer_id, status, updated_at)
      select * from unnest(${last.map((x) => x.opportunityId)}::uuid[], ${last.map((x) => x.volunteerId)}::uuid[],
        ${last.map((x) => x.status)}::int[], ${last.map((x) => x.at)}::timestamptz[])
      on conflict (opportunity_id, volunteer_id) do update set status = excluded.status, updated_at = excluded.updated_at`.execute(
    tx,
  );
}
