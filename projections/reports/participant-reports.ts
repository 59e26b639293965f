import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { AnyDB } from '../../commands/db/kysely.ts';
import {
  evolve,
  initialParticipation,
  type Participation,
  type ParticipationEvent,
} from '../../domain/participation/decide.ts';
import { type ParticipantReport, participantReportOf } from '../../domain/reports/event-report.ts';
import { lastOfEachKey } from '../runner/batches.ts';
import { withoutNul } from '../runner/values.ts';

/** One participation event for rm.report_participants, with the moment it happened. */
export interface ParticipantChange {
  opportunityId: string;
  volunteerId: string;
  event: ParticipationEvent;
  at: string;
}

const FIGURES = [
  'status',
  'attendance',
  'approved_hours',
  'pending_hours',
  'rejected_hours',
  'cases_handled',
  'rating',
  'incidents',
] as const;
const figuresOf = (r: ParticipantReport) => ({
  status: r.status,
  attendance: r.attendance,
  approved_hours: r.approvedHours,
  pending_hours: r.pendingHours,
  rejected_hours: r.rejectedHours,
  cases_handled: r.casesHandled,
  rating: r.rating,
  incidents: r.incidents,
});

/** A version row as read (numerics as strings) or as made here; `from` and `to` are written as the events said them. */
type Version = Record<(typeof FIGURES)[number], unknown> & {
  opportunity_id: string;
  volunteer_id: string;
  valid_from: Date;
  valid_to: string | null;
  state: Participation | null;
  /** Where this batch made the row: the moment it opens, as the event gave it. */
  from?: string;
};

const RECORD = sql`as r(opportunity_id uuid, volunteer_id uuid, valid_from timestamptz, valid_to timestamptz, status int,
  attendance text, approved_hours numeric, pending_hours numeric, rejected_hours numeric, cases_handled int,
  rating numeric, incidents int, state jsonb)`;

/**
 * A batch's participation events in three statements (the participations' open versions read, the ones changed
 * written back, the new ones inserted) instead of two an event, with the rows that one event at a time gives: the
 * versions are kept in memory between the events as the table would keep them (the state through JSON, as jsonb
 * gives it back).
 */
export async function applyParticipantChanges(
  tx: Transaction<AnyDB> | Kysely<AnyDB>,
  rp: RawBuilder<unknown>,
  changes: readonly ParticipantChange[],
): Promise<void> {
  if (!changes.length) return;
  const keyOf = (c: { opportunityId: string; volunteerId: string }) => `${c.opportunityId}_${c.volunteerId}`;
  const keys = lastOfEachKey(changes, keyOf);
  const { rows } = await sql<Version>`select * from ${rp}
    where valid_to is null and (opportunity_id, volunteer_id) in (
      select * from unnest(${keys.map((k) => k.opportunityId)}::uuid[], ${keys.map((k) => k.volunteerId)}::uuid[]))`.execute(
    tx,
  );
  const open = new Map(rows.map((r) => [`${r.opportunity_id}_${r.volunteer_id}`, r]));
  const changed = new Set<Version>();
  const opened: Version[] = [];
  for (const c of changes) {
    const key = keyOf(c);
    const current = open.get(key);
    const state = evolve(current?.state ?? initialParticipation(), c.event);
    const report = participantReportOf(c.volunteerId, state);
    if (!report) continue;
    const stored = JSON.parse(JSON.stringify(withoutNul(state))) as Participation;
    const f = figuresOf(report);
    const same = current && FIGURES.every((k) => String(current[k] ?? '') === String(f[k] ?? ''));
    // Unchanged figures, or a second event at the same moment (or one dated before the current row, out of
    // order): the current row takes the new state in place rather than opening an empty or inverted period.
    if (current && (same || current.valid_from.getTime() >= Date.parse(c.at))) {
      Object.assign(current, f, { state: stored });
      if (!current.from) changed.add(current);
      continue;
    }
    if (current) {
      Object.assign(current, { valid_to: c.at, state: null });
      if (!current.from) changed.add(current);
    }
    const version: Version = {
      opportunity_id: c.opportunityId,
      volunteer_id: c.volunteerId,
      valid_from: new Date(c.at),
      valid_to: null,
      ...f,
      state: stored,
      from: c.at,
    };
    opened.push(version);
    open.set(key, version);
  }
  const json = (versions: Iterable<Version>) =>
    JSON.stringify([...versions].map(({ from, ...v }) => ({ ...v, valid_from: from ?? v.valid_from })));
  if (changed.size)
    await sql`update ${rp} as x set status = r.status, attendance = r.attendance, approved_hours = r.approved_hours,
        pending_hours = r.pending_hours, rejected_hours = r.rejected_hours, cases_handled = r.cases_handled,
        rating = r.rating, incidents = r.incidents, state = r.state, valid_to = r.valid_to
      from jsonb_to_recordset(${json(changed)}::jsonb) ${RECORD}
      where x.opportunity_id = r.opportunity_id and x.volunteer_id = r.volunteer_id and x.valid_to is null`.execute(tx);
  if (opened.length)
    await sql`insert into ${rp} (opportunity_id, volunteer_id, valid_from, valid_to, status, attendance, approved_hours,
        pending_hours, rejected_hours, cases_handled, rating, incidents, state)
      select opportunity_id, volunteer_id, valid_from, valid_to, status, attendance, approved_hours, pending_hours,
        rejected_hours, cases_handled, rating, incidents, state
      from jsonb_to_recordset(${json(opened)}::jsonb) ${RECORD}`.execute(tx);
}
