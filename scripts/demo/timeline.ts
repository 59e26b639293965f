import { DomainError } from '../../domain/shared/errors.ts';

/**
 * One command of the demo year, at its simulated time. `exclusive` names what it changes alone (a volunteer, an
 * event's own definition); `shared` what it only reads or contends for with retries (an event's seats).
 */
export interface Step {
  at: Date;
  /** What it is, for the refusal counts. */
  what: string;
  exclusive: readonly string[];
  shared?: readonly string[];
  run(now: Date): Promise<void>;
}

export interface TimelineResult {
  ran: number;
  /** Commands the domain refused ("what: code" → how many): the plan guards against them, so these stay few. */
  refused: Record<string, number>;
}

/** How far ahead of the oldest waiting step a batch may look for independent ones. */
const WINDOW = 96;

/**
 * Runs the steps in simulated-time order. Steps that touch different volunteers and events run together (at most
 * `limit` at once); a step never overtakes an earlier one on the same key, so each stream sees its commands in
 * the order of their times.
 */
export async function runTimeline(steps: Step[], limit: number): Promise<TimelineResult> {
  let queue = steps
    .map((s, i) => ({ s, i }))
    .sort((a, b) => a.s.at.getTime() - b.s.at.getTime() || a.i - b.i)
    .map(({ s }) => s);
  const refused: Record<string, number> = {};
  let ran = 0;
  while (queue.length) {
    const taken = new Set<number>();
    const exclusive = new Set<string>();
    const shared = new Set<string>();
    for (let j = 0; j < queue.length && j < WINDOW && taken.size < limit; j++) {
      const s = queue[j]!;
      const clash =
        s.exclusive.some((k) => exclusive.has(k) || shared.has(k)) || (s.shared ?? []).some((k) => exclusive.has(k));
      // Blocked or not, its keys stay marked: a later step on them must wait for it.
      for (const k of s.exclusive) exclusive.add(k);
      for (const k of s.shared ?? []) shared.add(k);
      if (!clash) taken.add(j);
    }
    const batch = queue.filter((_, j) => taken.has(j));
    queue = queue.filter((_, j) => !taken.has(j));
    await Promise.all(
      batch.map(async (s) => {
        try {
          await s.run(s.at);
          ran++;
        } catch (e) {
          if (!(e instanceof DomainError)) throw e;
          const key = `${s.what}: ${e.code}`;
          refused[key] = (refused[key] ?? 0) + 1;
        }
      }),
    );
  }
  return { ran, refused };
}
