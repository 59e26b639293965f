import type { Attendance } from './event-report.ts';

/**
 * The volunteer's evaluation (spec, visitor and volunteer area section 1: "the volunteer's own evaluation is affected
 * by their commitment to events"). Pure, from the volunteer's participations as the event reports fold them:
 *
 * - accepted: participations staff accepted (now attended, expected, absent or released);
 * - commitment: of the accepted events that are settled (attended, released, absent), the share kept: an attended
 *   event counts 1, a release (the volunteer came, logged hours, then left) counts 1/2, an absence 0;
 * - performance: the average of the staff's ratings (1 Poor … 5 Excellent) over the volunteer's rated events, or 5
 *   when nobody has rated them yet (commitment alone then decides);
 * - score = performance × commitment, and the level is that score rounded, at least 1 (1 Poor … 5 Excellent).
 *
 * No settled event: no evaluation yet (level null), whatever the ratings say. Events still only expected (accepted,
 * nothing recorded) count neither way.
 */
export interface CommitmentInput {
  attendance: Attendance;
  /** That event's average rating, null when not rated. */
  rating: number | null;
}

export type EvaluationLevel = 1 | 2 | 3 | 4 | 5;

export interface Evaluation {
  accepted: number;
  attended: number;
  absent: number;
  released: number;
  expected: number;
  /** Share of settled events kept, 0…1 (two decimals); null without a settled event. */
  commitment: number | null;
  /** Average rating across rated events (two decimals); null without one. */
  averageRating: number | null;
  /** performance × commitment, two decimals; null without a settled event. */
  score: number | null;
  level: EvaluationLevel | null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function evaluate(participations: readonly CommitmentInput[]): Evaluation {
  const count = (a: Attendance) => participations.filter((p) => p.attendance === a).length;
  const attended = count('attended');
  const absent = count('absent');
  const released = count('released');
  const expected = count('expected');
  const ratings = participations.map((p) => p.rating).filter((r): r is number => r !== null);
  const averageRating = ratings.length ? round2(ratings.reduce((s, r) => s + r, 0) / ratings.length) : null;
  const settled = attended + absent + released;
  const base = {
    accepted: attended + absent + released + expected,
    attended,
    absent,
    released,
    expected,
    averageRating,
  };
  if (settled === 0) return { ...base, commitment: null, score: null, level: null };
  const commitment = (attended + released / 2) / settled;
  const score = (averageRating ?? 5) * commitment;
  const level = Math.min(5, Math.max(1, Math.round(score))) as EvaluationLevel;
  return { ...base, commitment: round2(commitment), score: round2(score), level };
}
