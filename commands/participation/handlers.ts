import { type Opportunity, opportunityDecider, opportunityStream } from '../../domain/opportunity/decide.ts';
import { datesOverlap } from '../../domain/opportunity/rules.ts';
import {
  type OpportunityView,
  type Participation,
  type ParticipationCommand,
  type ParticipationEvent,
  participationDecider,
  pendingRequestChange,
  seatChange,
} from '../../domain/participation/decide.ts';
import {
  type NotificationsCommand,
  notificationsDecider,
  notificationsStream,
} from '../../domain/participation/notifications.ts';
import {
  joinRequestEnded,
  type Schedule,
  scheduleDecider,
  scheduleStream,
} from '../../domain/participation/schedule.ts';
import { MAX_PENDING_JOIN_REQUESTS } from '../../domain/participation/status.ts';
import type { Decider, DomainEvent } from '../../domain/shared/decider.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { type EventStore, formatPosition, type Position, parsePosition } from '../event-store/port.ts';
import { type CommandContext, handleCommand, loadFolded } from '../handle.ts';
import { loadProcess, resumeWith, runProcess, type Workflow } from '../workflow/process.ts';

export const participationStream = (opportunityId: string, volunteerId: string) =>
  `participation-${opportunityId}_${volunteerId}`;

/**
 * Contention on one event's seats: every conflict means another acceptance took a seat or the event changed, so a
 * generous budget ends with either a seat or ExceededApprovalLimit, never a spurious ConcurrencyConflict.
 */
const SEAT_ATTEMPTS = 200;

/** handleCommand on one decider's streams, each named by its ids. */
function commandsOn<S, C, E extends DomainEvent, Ids extends string[]>(
  decider: Decider<S, C, E>,
  stream: (...ids: Ids) => string,
) {
  return (store: EventStore, ids: Ids, command: C, ctx: CommandContext, opts?: { maxAttempts?: number }) =>
    handleCommand(store, stream(...ids), decider, command, ctx, opts);
}
// The volunteer's schedule (holds and accepted dates), an event (its seats and counts: contended, so callers give
// more attempts), one volunteer's participation in one event.
const onSchedule = commandsOn(scheduleDecider, scheduleStream);
const onOpportunity = commandsOn(opportunityDecider, opportunityStream);
const onParticipation = commandsOn(participationDecider, participationStream);

async function load<S, C, E extends DomainEvent>(store: EventStore, stream: string, d: Decider<S, C, E>): Promise<S> {
  return (await loadFolded(store, stream, d)).state;
}

export async function loadOpportunity(store: EventStore, opportunityId: string): Promise<Opportunity> {
  const o = await load(store, opportunityStream(opportunityId), opportunityDecider);
  if (!o.exists || !o.details) throw new DomainError('InvalidEvent');
  return o;
}

export function viewOf(o: Opportunity): OpportunityView {
  const d = o.details!;
  const days =
    (new Date(`${d.endDate}T00:00:00Z`).getTime() - new Date(`${d.startDate}T00:00:00Z`).getTime()) / 86_400_000 + 1;
  return {
    deleted: o.status === 4,
    startDate: d.startDate,
    endDate: d.endDate,
    durationHours: days * d.maxHours,
    leadName: d.leadName,
    leadEmail: d.leadEmail,
  };
}

/** A step's output: whether its append changed the stream (only then is there anything to undo), and where. */
const stepOutput = (r: { events: DomainEvent[]; position: Position }, did = r.events.length > 0) => ({
  did,
  position: formatPosition(r.position),
});

interface ParticipationInput {
  opportunityId: string;
  volunteerId: string;
}
interface Loaded {
  opportunity: OpportunityView;
  participation: Participation;
  schedule: Schedule;
}

/** The event, the participation and the schedule read together (one round trip when the reads coalesce). */
async function loadThree(store: EventStore, input: ParticipationInput, loaded?: Opportunity): Promise<Loaded> {
  const [o, participation, schedule] = await Promise.all([
    loaded ?? loadOpportunity(store, input.opportunityId),
    load(store, participationStream(input.opportunityId, input.volunteerId), participationDecider),
    load(store, scheduleStream(input.volunteerId), scheduleDecider),
  ]);
  return {
    opportunity: viewOf(o),
    participation,
    schedule,
  };
}

type AcceptInput = ParticipationInput & { byAdmin: boolean; confirmRaise: boolean };
const acceptCommand = (input: AcceptInput, l: Loaded) =>
  ({ type: 'StaffAccept', byAdmin: input.byAdmin, opportunity: l.opportunity }) as const;

/**
 * Staff accept a volunteer (join request or accepted invitation → 4): the volunteer's schedule reserves the dates
 * (no overlapping accepted event; the reservation takes over a pending request's hold, and an undone one gives it
 * back), the event gives a seat (capacity), then the participation records it. A step that
 * refuses gives back what the steps before it took (and only what they took: a reservation or seat that was already
 * there belongs to another command). Inline (commands/workflow/process.ts): its start goes with the reservation (or
 * the first step that writes), its end with the participation's append, so an accept appends three times; only a
 * refusal after a step wrote writes a process stream (its compensation).
 */
export const staffAcceptProcess: Workflow<AcceptInput, Loaded, string> = {
  kind: 'participation.staff-accept',
  inline: {
    streams: (i) => [
      scheduleStream(i.volunteerId),
      opportunityStream(i.opportunityId),
      participationStream(i.opportunityId, i.volunteerId),
    ],
  },
  load: (store, input) => loadThree(store, input),
  // The transition's own rules first, so a refusal reserves nothing.
  check: (_store, input, l, ctx) => void participationDecider.decide(acceptCommand(input, l), l.participation, ctx.now),
  steps: [
    {
      name: 'schedule',
      run: async (store, { opportunityId, volunteerId }, l, ctx) =>
        stepOutput(
          await onSchedule(
            store,
            [volunteerId],
            { type: 'ReserveAcceptance', opportunityId, dates: l.opportunity },
            ctx,
          ),
        ),
      undo: async (store, { opportunityId, volunteerId }, out, ctx) => {
        if (out.did)
          await onSchedule(store, [volunteerId], { type: 'ReleaseAcceptance', opportunityId, restoreHold: true }, ctx);
      },
    },
    {
      name: 'seat',
      run: async (store, { opportunityId, volunteerId, confirmRaise }, _l, ctx) => {
        const r = await onOpportunity(store, [opportunityId], { type: 'TakeSeat', volunteerId, confirmRaise }, ctx, {
          maxAttempts: SEAT_ATTEMPTS,
        });
        return stepOutput(
          r,
          r.events.some((e) => e.type === 'SeatTaken'),
        );
      },
      undo: async (store, { opportunityId, volunteerId }, out, ctx) => {
        if (out.did)
          await onOpportunity(store, [opportunityId], { type: 'FreeSeat', volunteerId }, ctx, {
            maxAttempts: SEAT_ATTEMPTS,
          });
      },
    },
    {
      name: 'participation',
      run: async (store, input, l, ctx) =>
        stepOutput(
          await onParticipation(store, [input.opportunityId, input.volunteerId], acceptCommand(input, l), ctx),
        ),
    },
  ],
  result: (_input, out) => String(out.participation!.position),
};

export async function staffAccept(
  store: EventStore,
  opportunityId: string,
  volunteerId: string,
  opts: { byAdmin: boolean; confirmRaise: boolean },
  ctx: CommandContext,
): Promise<Position> {
  return parsePosition(await runProcess(store, staffAcceptProcess, { opportunityId, volunteerId, ...opts }, ctx));
}

/**
 * The pending join requests on the schedule whose event has ended for joining (joinRequestEnded). Read only when
 * they would refuse the request (the limit is reached), so a join under the limit reads no other event.
 */
async function endedJoinRequests(
  store: EventStore,
  schedule: Schedule,
  opportunityId: string,
  now: Date,
): Promise<string[]> {
  const others = schedule.pending.filter((id) => id !== opportunityId);
  if (others.length < MAX_PENDING_JOIN_REQUESTS) return [];
  const ended = await Promise.all(
    others.map(async (id) => {
      const o = await load(store, opportunityStream(id), opportunityDecider);
      return joinRequestEnded({ ...o, endDate: o.details?.endDate ?? null }, now) ? id : null;
    }),
  );
  return ended.filter((id): id is string => id !== null);
}

/**
 * A volunteer asks to join: at most two pending requests and no overlapping accepted event (the schedule), then the
 * request. Inline (commands/workflow/process.ts): its start goes with the hold, its end with the request, so a join
 * appends twice, as before it was a process; only a refused request writes a process stream (its compensation).
 */
export const joinProcess: Workflow<ParticipationInput, Loaded, string> = {
  kind: 'participation.join',
  inline: { streams: (i) => [scheduleStream(i.volunteerId), participationStream(i.opportunityId, i.volunteerId)] },
  load: (store, input) => loadThree(store, input),
  // The request's own rules first (a duplicate is refused here), so a refusal holds nothing and gives nothing back.
  check: (_store, _input, l, ctx) =>
    void participationDecider.decide({ type: 'RequestJoin' }, l.participation, ctx.now),
  steps: [
    {
      name: 'schedule',
      run: async (store, { opportunityId, volunteerId }, l, ctx) => {
        const ended = await endedJoinRequests(store, l.schedule, opportunityId, ctx.now);
        const r = await onSchedule(
          store,
          [volunteerId],
          { type: 'HoldJoinRequest', opportunityId, dates: l.opportunity, ended },
          ctx,
          { maxAttempts: 20 },
        );
        // Only a hold this command took is given back: a hold already there belongs to another request.
        return stepOutput(
          r,
          r.events.some((e) => e.type === 'JoinRequestHeld'),
        );
      },
      undo: async (store, { opportunityId, volunteerId }, out, ctx) => {
        if (out.did) await onSchedule(store, [volunteerId], { type: 'SettleJoinRequest', opportunityId }, ctx);
      },
    },
    {
      name: 'participation',
      run: async (store, { opportunityId, volunteerId }, _l, ctx) =>
        stepOutput(await onParticipation(store, [opportunityId, volunteerId], { type: 'RequestJoin' }, ctx)),
    },
  ],
  result: (_input, out) => String(out.participation!.position),
};

export async function requestJoin(
  store: EventStore,
  opportunityId: string,
  volunteerId: string,
  ctx: CommandContext,
  /** The event as the caller has just loaded it for the join rules, so it is not read twice. */
  loaded?: Opportunity,
): Promise<Position> {
  const input = { opportunityId, volunteerId };
  return parsePosition(await runProcess(store, joinProcess, input, ctx, await loadThree(store, input, loaded)));
}

/** Whether a participation event has follow-ups on other streams (a hold, a seat and dates, approved hours). */
const hasFollowUps = (e: ParticipationEvent) =>
  pendingRequestChange(e) === -1 || seatChange(e) === -1 || e.type === 'HoursApproved';

type ActionInput = ParticipationInput & { command: ParticipationCommand };

/**
 * A participation action with follow-ups, as a process: the participation's transition, then what it implies on
 * other streams — a request that leaves pending gives its hold back; one that leaves a seat gives the seat and the
 * dates back; approved hours are counted on the event (an event with approved hours cannot be deleted). The
 * follow-ups only move forward: a resume after a crash finishes them (each under its own command id).
 */
export const participationActionProcess: Workflow<ActionInput, null, string> = {
  kind: 'participation.action',
  load: async () => null,
  steps: [
    {
      name: 'participation',
      run: async (store, { opportunityId, volunteerId, command }, _l, ctx) => {
        const r = await onParticipation(store, [opportunityId, volunteerId], command, ctx);
        return { ...stepOutput(r), events: r.events };
      },
    },
    {
      name: 'follow-ups',
      run: async (store, { opportunityId, volunteerId }, _l, ctx, done) => {
        const sub = (suffix: string) => ({ ...ctx, commandId: `${ctx.commandId}:${suffix}` });
        let position = String(done.participation!.position);
        for (const e of done.participation!.events as ParticipationEvent[]) {
          if (pendingRequestChange(e) === -1)
            position = formatPosition(
              (await onSchedule(store, [volunteerId], { type: 'SettleJoinRequest', opportunityId }, sub('settle')))
                .position,
            );
          if (seatChange(e) === -1) {
            await onOpportunity(store, [opportunityId], { type: 'FreeSeat', volunteerId }, sub('seat'), {
              maxAttempts: SEAT_ATTEMPTS,
            });
            position = formatPosition(
              (await onSchedule(store, [volunteerId], { type: 'ReleaseAcceptance', opportunityId }, sub('schedule')))
                .position,
            );
          }
          if (e.type === 'HoursApproved') {
            const state = await load(store, participationStream(opportunityId, volunteerId), participationDecider);
            const hours = state.hours.find((h) => h.hoursId === e.data.hoursId)?.hours ?? 0;
            position = formatPosition(
              (
                await onOpportunity(
                  store,
                  [opportunityId],
                  { type: 'CountApprovedHours', volunteerId, hours },
                  sub('hours'),
                  { maxAttempts: SEAT_ATTEMPTS },
                )
              ).position,
            );
          }
        }
        return { did: true, position };
      },
    },
  ],
  result: (_input, out) => String(out['follow-ups']!.position),
};

/** The commands that carry the event and nothing else (answers, cancellations, staff actions). */
type EventOnly = {
  [K in ParticipationCommand['type']]: Extract<ParticipationCommand, { type: K }> extends {
    type: K;
    opportunity: OpportunityView;
  }
    ? { type: K; opportunity: OpportunityView } extends Extract<ParticipationCommand, { type: K }>
      ? K
      : never
    : never;
}[ParticipationCommand['type']];

/** participationAction's command for a type that carries only the event. */
export const withEvent =
  (type: EventOnly) =>
  (opportunity: OpportunityView): ParticipationCommand =>
    ({ type, opportunity }) as ParticipationCommand;

/**
 * Any other participation action. Decided first on the participation's fold: a refusal writes nothing, and an action
 * without follow-ups (hours recorded, a check-in, an incident) is one append, as before; one with follow-ups runs as
 * participationActionProcess, so a crash between the transition and its follow-ups leaks no hold or seat.
 */
export async function participationAction(
  store: EventStore,
  opportunityId: string,
  volunteerId: string,
  build: (opportunity: OpportunityView) => ParticipationCommand,
  ctx: CommandContext,
): Promise<Position> {
  const [o, participation] = await Promise.all([
    loadOpportunity(store, opportunityId),
    loadFolded(store, participationStream(opportunityId, volunteerId), participationDecider),
  ]);
  const command = build(viewOf(o));
  const stream = participationStream(opportunityId, volunteerId);
  const ownStep = `${ctx.commandId}:participation`;
  if (participation.byCommand.has(ownStep)) {
    // A resend of an action already applied: a process answers (and finishes) it; a plain one answers below.
    const p = await loadProcess(store, ctx.commandId);
    if (p.started) return parsePosition(await resumeWith(store, participationActionProcess, p, ctx.commandId));
  } else if (participationDecider.decide(command, participation.state, ctx.now).some(hasFollowUps)) {
    return parsePosition(
      await runProcess(store, participationActionProcess, { opportunityId, volunteerId, command }, ctx),
    );
  }
  const r = await handleCommand(store, stream, participationDecider, command, { ...ctx, commandId: ownStep });
  // The stream changed between the look and the append, and the transition now has follow-ups: the process takes
  // the applied step as done (same command id) and runs them.
  if (r.events.some(hasFollowUps))
    return parsePosition(
      await runProcess(store, participationActionProcess, { opportunityId, volunteerId, command }, ctx),
    );
  return r.position;
}

/**
 * The volunteer accepts an invitation (1 → 2). Spec: refused with OtherEventAccepted when already accepted in an event
 * whose dates overlap (the schedule is read here; the binding check is the staff acceptance's reservation).
 */
export async function volunteerAcceptInvitation(
  store: EventStore,
  opportunityId: string,
  volunteerId: string,
  ctx: CommandContext,
): Promise<Position> {
  const o = await loadOpportunity(store, opportunityId);
  const schedule = await load(store, scheduleStream(volunteerId), scheduleDecider);
  const clash = Object.entries(schedule.accepted).some(
    ([id, d]) => id !== opportunityId && datesOverlap(d, o.details!),
  );
  if (clash) throw new DomainError('OtherEventAccepted');
  return participationAction(store, opportunityId, volunteerId, withEvent('VolunteerAccept'), ctx);
}

/** Staff invite a volunteer: counted against the event's maximum (raised only on confirmation), then the invitation. */
export async function inviteVolunteer(
  store: EventStore,
  opportunityId: string,
  volunteerId: string,
  confirmRaise: boolean,
  ctx: CommandContext,
): Promise<Position> {
  const stream = participationStream(opportunityId, volunteerId);
  const state = await load(store, stream, participationDecider);
  if (state.status !== null) throw new DomainError('VolunteerAlreadyInvited', { status: state.status });
  const sub = (suffix: string) => ({ ...ctx, commandId: `${ctx.commandId}:${suffix}` });
  await onOpportunity(store, [opportunityId], { type: 'CountInvitation', volunteerId, confirmRaise }, sub('count'), {
    maxAttempts: SEAT_ATTEMPTS,
  });
  return (await handleCommand(store, stream, participationDecider, { type: 'Invite' }, sub('invite'))).position;
}

/** The seat holders an edit of the event found, and the end date it moved (see workers/extension-reactions.ts). */
export interface ExtensionOfferInput {
  previousEndDate: string;
  newEndDate: string;
}

/** Offer an extension of the event's end date to one volunteer holding a seat (ExtensionOffered). */
export async function offerExtension(
  store: EventStore,
  opportunityId: string,
  volunteerId: string,
  input: ExtensionOfferInput,
  ctx: CommandContext,
): Promise<Position> {
  return participationAction(
    store,
    opportunityId,
    volunteerId,
    (opportunity) => ({ type: 'OfferExtension', ...input, opportunity }),
    ctx,
  );
}

/**
 * Type 16 "continue": the volunteer's schedule takes the event's extended dates first (ErrorMessageConflictEventDate
 * when they now overlap another accepted event; the schedule stream is appended at its revision, so of two
 * concurrent actions on it only one succeeds), then the participation records the answer. Status stays 4. A refused
 * answer puts the dates back (from the rescheduling event itself, so a resume after a crash knows them too).
 */
export const continueExtensionProcess: Workflow<ParticipationInput, Loaded, string> = {
  kind: 'participation.continue-extension',
  load: (store, input) => loadThree(store, input),
  // The answer's own rules first, so a refusal changes nothing on the schedule.
  check: (_store, _input, l, ctx) =>
    void participationDecider.decide(
      { type: 'ContinueExtension', opportunity: l.opportunity },
      l.participation,
      ctx.now,
    ),
  steps: [
    {
      name: 'schedule',
      run: async (store, { opportunityId, volunteerId }, l, ctx) => {
        const r = await onSchedule(
          store,
          [volunteerId],
          {
            type: 'RescheduleAcceptance',
            opportunityId,
            dates: { startDate: l.opportunity.startDate, endDate: l.opportunity.endDate },
          },
          ctx,
        );
        const moved = r.events.find((e) => e.type === 'AcceptanceRescheduled');
        return { ...stepOutput(r, moved !== undefined), previous: moved?.data.previous ?? null };
      },
      undo: async (store, { opportunityId, volunteerId }, out, ctx) => {
        // A released acceptance stays released (RescheduleAcceptance moves only one the schedule holds).
        const previous = out.previous as Schedule['accepted'][string] | null;
        if (out.did && previous)
          await onSchedule(store, [volunteerId], { type: 'RescheduleAcceptance', opportunityId, dates: previous }, ctx);
      },
    },
    {
      name: 'participation',
      run: async (store, { opportunityId, volunteerId }, l, ctx) =>
        stepOutput(
          await onParticipation(
            store,
            [opportunityId, volunteerId],
            { type: 'ContinueExtension', opportunity: l.opportunity },
            ctx,
          ),
        ),
    },
  ],
  result: (_input, out) => String(out.participation!.position),
};

export async function continueExtension(
  store: EventStore,
  opportunityId: string,
  volunteerId: string,
  ctx: CommandContext,
): Promise<Position> {
  return parsePosition(await runProcess(store, continueExtensionProcess, { opportunityId, volunteerId }, ctx));
}

/** Type 16 "do not continue": 4 → 3; the seat goes back to the event and the dates leave the schedule. */
export async function declineExtension(
  store: EventStore,
  opportunityId: string,
  volunteerId: string,
  ctx: CommandContext,
): Promise<Position> {
  return participationAction(store, opportunityId, volunteerId, withEvent('DeclineExtension'), ctx);
}

/** The user marks notifications read (some, or all), on the stream `notifications-<userId>`. */
export async function markNotificationsRead(
  store: EventStore,
  userId: string,
  command: NotificationsCommand,
  ctx: CommandContext,
): Promise<Position> {
  return (await handleCommand(store, notificationsStream(userId), notificationsDecider, command, ctx)).position;
}
