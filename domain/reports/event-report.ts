import { type Opportunity, type OpportunityEvent, opportunityDecider } from '../opportunity/decide.ts';
import {
  evolve as evolveParticipation,
  initialParticipation,
  type Participation,
  type ParticipationEvent,
} from '../participation/decide.ts';
import { HOLDS_SEAT, type ParticipationStatus, ParticipationStatus as S } from '../participation/status.ts';

/**
 * One event's report (spec: event reports/{id}/{eventId}): its roster with each volunteer's status, attendance, hours
 * and performance rating, and the totals. A pure fold over the event's streams (the opportunity and each of its
 * participations), so the current report and the report "as of" a past moment are one function: the caller hands
 * in every event with the moment it happened, `foldEventReport` keeps those at or before `asOf` and folds them through
 * the deciders' own `evolve`.
 */

/** A domain event with the moment it happened (its metadata's `occurredAt`, the command's `now`). */
export interface Timed<E> {
  event: E;
  occurredAt: string;
}
export interface ParticipationHistory {
  volunteerId: string;
  events: Timed<ParticipationEvent>[];
}
export interface EventHistory {
  opportunity: Timed<OpportunityEvent>[];
  participations: ParticipationHistory[];
}

/**
 * Where a participant stands on attendance: attended (holds a seat and checked in or had hours approved), expected
 * (holds a seat, nothing yet), absent (marked absent), released (released by staff, always after hours were added),
 * none (never accepted by staff: pending, rejected or cancelled).
 */
export type Attendance = 'attended' | 'expected' | 'absent' | 'released' | 'none';

export interface ParticipantReport {
  volunteerId: string;
  status: ParticipationStatus;
  attendance: Attendance;
  checkedIn: boolean;
  approvedHours: number;
  pendingHours: number;
  rejectedHours: number;
  casesHandled: number;
  /** The average of the ratings of the entries not rejected (1 Poor … 5 Excellent), two decimals; null without any. */
  rating: number | null;
  /** The reviews written with those entries, oldest first. */
  reviews: string[];
  incidents: number;
}

export interface ReportTotals {
  participants: number;
  byStatus: Record<string, number>;
  attendance: Record<Attendance, number>;
  hours: { approved: number; pending: number; rejected: number };
  casesHandled: number;
  ratings: { count: number; average: number | null; distribution: [number, number, number, number, number] };
  incidents: number;
}

export interface EventReport {
  /** The event as it stood; null when it did not exist yet. */
  event: {
    code: string;
    nameAr: string;
    nameEn: string;
    startDate: string;
    endDate: string;
    status: number;
    maxContributions: number;
  } | null;
  roster: ParticipantReport[];
  totals: ReportTotals;
}

/** Whether an event happened at or before `asOf` (ISO instants compare as instants; null keeps everything). */
export function happenedBy(occurredAt: string, asOf: string | null): boolean {
  return asOf === null || Date.parse(occurredAt) <= Date.parse(asOf);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The attendance a participation's status and record give (see Attendance). */
export function attendanceOf(status: ParticipationStatus, checkedIn: boolean, approvedHours: number): Attendance {
  if (status === S.VolunteerAbsent) return 'absent';
  if (status === S.ReleaseVolunteer) return 'released';
  if (HOLDS_SEAT.includes(status)) return checkedIn || approvedHours > 0 ? 'attended' : 'expected';
  return 'none';
}

/** One participation folded (its events already cut at the as-of moment); null when it had not begun. */
export function participantReport(
  volunteerId: string,
  events: readonly ParticipationEvent[],
): ParticipantReport | null {
  return participantReportOf(volunteerId, events.reduce(evolveParticipation, initialParticipation()));
}

/** A participation's figures from its folded state (the read model keeps the state and calls this after each event). */
export function participantReportOf(volunteerId: string, p: Participation): ParticipantReport | null {
  if (p.status === null) return null;
  const sum = (state: string) => p.hours.filter((h) => h.state === state).reduce((s, h) => s + h.hours, 0);
  const rated = p.hours.filter((h) => h.state !== 'rejected');
  const approvedHours = round2(sum('approved'));
  return {
    volunteerId,
    status: p.status,
    attendance: attendanceOf(p.status, p.checkedInAt !== null, approvedHours),
    checkedIn: p.checkedInAt !== null,
    approvedHours,
    pendingHours: round2(sum('pending')),
    rejectedHours: round2(sum('rejected')),
    casesHandled: rated.reduce((s, h) => s + h.casesHandled, 0),
    rating: rated.length ? round2(rated.reduce((s, h) => s + h.rating, 0) / rated.length) : null,
    reviews: rated.map((h) => h.review).filter((r) => r.trim() !== ''),
    incidents: p.incidents,
  };
}

/** The totals of a roster (also the summary across events: the totals of every event's roster together). */
export function totalsOf(roster: readonly ParticipantReport[]): ReportTotals {
  const attendance: Record<Attendance, number> = { attended: 0, expected: 0, absent: 0, released: 0, none: 0 };
  const byStatus: Record<string, number> = {};
  const distribution: [number, number, number, number, number] = [0, 0, 0, 0, 0];
  let ratingSum = 0;
  let ratingCount = 0;
  const hours = { approved: 0, pending: 0, rejected: 0 };
  let casesHandled = 0;
  let incidents = 0;
  for (const r of roster) {
    attendance[r.attendance]++;
    byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
    hours.approved += r.approvedHours;
    hours.pending += r.pendingHours;
    hours.rejected += r.rejectedHours;
    casesHandled += r.casesHandled;
    incidents += r.incidents;
    if (r.rating !== null) {
      distribution[Math.min(4, Math.max(0, Math.round(r.rating) - 1))]!++;
      ratingSum += r.rating;
      ratingCount++;
    }
  }
  return {
    participants: roster.length,
    byStatus,
    attendance,
    hours: { approved: round2(hours.approved), pending: round2(hours.pending), rejected: round2(hours.rejected) },
    casesHandled,
    ratings: { count: ratingCount, average: ratingCount ? round2(ratingSum / ratingCount) : null, distribution },
    incidents,
  };
}

const keptBy = <E>(events: readonly Timed<E>[], asOf: string | null) =>
  events.filter((t) => happenedBy(t.occurredAt, asOf)).map((t) => t.event);

/** The event as it stood at `asOf` (null: now), from its stream's timed events. */
export function opportunityAt(events: readonly Timed<OpportunityEvent>[], asOf: string | null): Opportunity {
  return keptBy(events, asOf).reduce(opportunityDecider.evolve, opportunityDecider.initialState());
}

/** The event's report from its history, as it stood at `asOf` (null: now, every event). */
export function foldEventReport(history: EventHistory, asOf: string | null): EventReport {
  const kept = <E>(events: readonly Timed<E>[]) => keptBy(events, asOf);
  const o = opportunityAt(history.opportunity, asOf);
  const roster = history.participations
    .map((h) => participantReport(h.volunteerId, kept(h.events)))
    .filter((r): r is ParticipantReport => r !== null)
    .sort((a, b) => (a.volunteerId < b.volunteerId ? -1 : a.volunteerId > b.volunteerId ? 1 : 0));
  const d = o.exists ? o.details : null;
  return {
    event: d
      ? {
          code: d.code,
          nameAr: d.nameAr,
          nameEn: d.nameEn,
          startDate: d.startDate,
          endDate: d.endDate,
          status: o.status,
          maxContributions: d.maxContributions,
        }
      : null,
    roster,
    totals: totalsOf(roster),
  };
}
