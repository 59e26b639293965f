import type { LookupSnapshot } from '../lookups/snapshot.ts';
import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import { type InitiativeEvent, initiativeEvents } from './events.ts';
import { type InitiativeDraft, InitiativeStatus, initiativeIssues, REASON_MAX } from './rules.ts';

export interface Initiative {
  id: string | null;
  code: string | null;
  proposerId: string | null;
  regionId: number | null;
  cityId: number | null;
  status: InitiativeStatus;
  eventId: string | null;
}

export type InitiativeCommand =
  | ({
      type: 'ProposeInitiative';
      /** Chosen by the caller (a new UUID), with the code made from it (rules.ts, initiativeCode). */
      initiativeId: string;
      code: string;
      proposerId: string;
      lookups: LookupSnapshot;
    } & InitiativeDraft)
  /** The draft event was created first (commands/initiative): its id is the link kept. */
  | { type: 'ApproveInitiative'; eventId: string }
  | { type: 'RejectInitiative'; reason?: string | null };

function firstIssue(issues: readonly { path: string; code: string }[]) {
  const first = issues[0];
  if (first) throw new DomainError(first.code as never, { field: first.path, issues });
}

/** Only a new initiative is decided on; the same decision again is a no-op (a retried request). */
function pending(s: Initiative): void {
  if (!s.id) throw new DomainError('NotFound');
  if (s.status !== InitiativeStatus.New) throw new DomainError('InvalidStatusChange', { status: s.status });
}

export const initiativeDecider: Decider<Initiative, InitiativeCommand, InitiativeEvent> = {
  events: initiativeEvents,
  initialState: () => ({
    id: null,
    code: null,
    proposerId: null,
    regionId: null,
    cityId: null,
    status: InitiativeStatus.New,
    eventId: null,
  }),

  evolve(s, e) {
    switch (e.type) {
      case 'InitiativeProposed':
        return {
          ...s,
          id: e.data.initiativeId,
          code: e.data.code,
          proposerId: e.data.proposerId,
          regionId: e.data.regionId,
          cityId: e.data.cityId,
        };
      case 'InitiativeApproved':
        return { ...s, status: InitiativeStatus.Received, eventId: e.data.eventId };
      case 'InitiativeRejected':
        return { ...s, status: InitiativeStatus.Rejected };
    }
  },

  decide(cmd, s, now) {
    const at = now.toISOString();
    switch (cmd.type) {
      case 'ProposeInitiative': {
        firstIssue(initiativeIssues(cmd, cmd.lookups));
        if (s.id) throw new DomainError('ConcurrencyConflict');
        return [
          {
            type: 'InitiativeProposed',
            data: {
              initiativeId: cmd.initiativeId,
              code: cmd.code,
              name: cmd.name!.trim(),
              description: cmd.description!.trim(),
              details: cmd.details!.trim(),
              regionId: cmd.regionId!,
              cityId: cmd.cityId!,
              location: cmd.location!.trim(),
              latitude: cmd.latitude ?? null,
              longitude: cmd.longitude ?? null,
              proposerId: cmd.proposerId,
              centerSent: true,
              at,
            },
          },
        ];
      }
      case 'ApproveInitiative':
        if (s.status === InitiativeStatus.Received && s.eventId === cmd.eventId) return [];
        pending(s);
        return [
          {
            type: 'InitiativeApproved',
            data: { initiativeId: s.id!, eventId: cmd.eventId, previous: s.status, at },
          },
        ];
      case 'RejectInitiative': {
        pending(s);
        const reason = cmd.reason?.trim() ?? '';
        if (!reason) throw new DomainError('RejectReasonRequired', { field: 'reason' });
        if (reason.length > REASON_MAX) throw new DomainError('TextTooLong', { field: 'reason' });
        return [{ type: 'InitiativeRejected', data: { initiativeId: s.id!, reason, previous: s.status, at } }];
      }
    }
  },
};

/** Whether an approval can go ahead: the check made before the draft event is created (nothing written if not). */
export function assertApprovable(s: Initiative): void {
  if (s.status === InitiativeStatus.Received) return;
  pending(s);
}
