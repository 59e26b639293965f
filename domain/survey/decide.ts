import type { Decider, DomainEvent } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import { type EventTypes, eventTypes } from '../shared/upcast.ts';
import {
  checkAnswers,
  type GivenAnswer,
  isBlank,
  SURVEY_LIMITS,
  type SurveyDefinition,
  SurveyStatus,
  today,
  validateDefinition,
} from './rules.ts';

/** A volunteer a published survey went to, with the token of their link. */
export interface Recipient {
  volunteerId: string;
  token: string;
}

/**
 * A survey (stream `survey-<id>`): its definition, its approval and publication, and whom it went to. The answers are
 * not here: each volunteer's answer is a stream of its own (`survey-answer-<surveyId>_<volunteerId>`) that owns
 * "one submission per volunteer", so concurrent answers by different volunteers never contend.
 */
export interface Survey {
  exists: boolean;
  definition: SurveyDefinition | null;
  status: SurveyStatus;
  rejectReason: string | null;
  /** volunteerId → token. */
  recipients: ReadonlyMap<string, string>;
}

export type SurveyEvent =
  | DomainEvent<'SurveyCreated', { definition: SurveyDefinition; status: SurveyStatus }>
  | DomainEvent<'SurveyEdited', { definition: SurveyDefinition; from: SurveyStatus; status: SurveyStatus }>
  | DomainEvent<'SurveyApproved', { previous: SurveyStatus }>
  | DomainEvent<'SurveyRejected', { previous: SurveyStatus; reason: string }>
  | DomainEvent<'SurveyPublished', { recipients: Recipient[]; previous: SurveyStatus }>
  | DomainEvent<'SurveyCompleted', { previous: SurveyStatus }>;

/** Each survey stream's event types (the decoding boundary, commands/event-store/decode.ts). */
export const surveyEvents: EventTypes<SurveyEvent> = eventTypes<SurveyEvent>({
  SurveyCreated: true,
  SurveyEdited: true,
  SurveyApproved: true,
  SurveyRejected: true,
  SurveyPublished: true,
  SurveyCompleted: true,
});

export type SurveyCommand =
  /** direct: the author may approve surveys (spec: a super admin's survey saves directly, an admin's awaits approval). */
  | { type: 'Create'; definition: SurveyDefinition; direct: boolean }
  | { type: 'Edit'; definition: SurveyDefinition; direct: boolean }
  | { type: 'Approve' }
  | { type: 'Reject'; reason: string }
  | { type: 'Publish'; recipients: Recipient[] }
  | { type: 'Complete' };

export const initialSurvey = (): Survey => ({
  exists: false,
  definition: null,
  status: SurveyStatus.PendingApproval,
  rejectReason: null,
  recipients: new Map(),
});

export function evolve(s: Survey, e: SurveyEvent): Survey {
  switch (e.type) {
    case 'SurveyCreated':
      return { ...s, exists: true, definition: e.data.definition, status: e.data.status };
    case 'SurveyEdited':
      return { ...s, definition: e.data.definition, status: e.data.status, rejectReason: null };
    case 'SurveyApproved':
      return { ...s, status: SurveyStatus.Approved, rejectReason: null };
    case 'SurveyRejected':
      return { ...s, status: SurveyStatus.Rejected, rejectReason: e.data.reason };
    case 'SurveyPublished':
      return {
        ...s,
        status: SurveyStatus.Published,
        recipients: new Map(e.data.recipients.map((r) => [r.volunteerId, r.token])),
      };
    case 'SurveyCompleted':
      return { ...s, status: SurveyStatus.Complete };
  }
}

const transition = (s: Survey, from: readonly SurveyStatus[]) => {
  if (!s.exists) throw new DomainError('NotFound');
  if (!from.includes(s.status)) throw new DomainError('InvalidSurveyTransition', { status: s.status });
};

export function decide(c: SurveyCommand, s: Survey, now: Date): SurveyEvent[] {
  switch (c.type) {
    case 'Create': {
      if (s.exists) throw new DomainError('DuplicatesNotAllowed', { field: 'id' });
      validateDefinition(c.definition, now);
      const status = c.direct ? SurveyStatus.Approved : SurveyStatus.PendingApproval;
      return [{ type: 'SurveyCreated', data: { definition: c.definition, status } }];
    }
    case 'Edit': {
      // What has gone out is not changed under the volunteers' feet.
      transition(s, [SurveyStatus.PendingApproval, SurveyStatus.Rejected, SurveyStatus.Approved]);
      validateDefinition(c.definition, now);
      const status = c.direct ? SurveyStatus.Approved : SurveyStatus.PendingApproval;
      return [{ type: 'SurveyEdited', data: { definition: c.definition, from: s.status, status } }];
    }
    case 'Approve':
      transition(s, [SurveyStatus.PendingApproval]);
      return [{ type: 'SurveyApproved', data: { previous: s.status } }];
    case 'Reject': {
      transition(s, [SurveyStatus.PendingApproval]);
      const reason = c.reason.trim();
      if (isBlank(reason)) throw new DomainError('RejectReasonRequired');
      if (reason.length > SURVEY_LIMITS.reason) throw new DomainError('TextTooLong', { field: 'reason' });
      return [{ type: 'SurveyRejected', data: { previous: s.status, reason } }];
    }
    case 'Publish': {
      transition(s, [SurveyStatus.Approved]);
      if (s.definition!.expiryDate < today(now)) throw new DomainError('InvalidDate', { field: 'expiryDate' });
      if (c.recipients.length === 0) throw new DomainError('SurveyNoVolunteersMatch');
      const seen = new Set<string>();
      const recipients = c.recipients.filter((r) => !seen.has(r.volunteerId) && seen.add(r.volunteerId));
      return [{ type: 'SurveyPublished', data: { recipients, previous: s.status } }];
    }
    case 'Complete':
      transition(s, [SurveyStatus.Published]);
      return [{ type: 'SurveyCompleted', data: { previous: s.status } }];
  }
}

export const surveyDecider: Decider<Survey, SurveyCommand, SurveyEvent> = {
  events: surveyEvents,
  initialState: initialSurvey,
  evolve,
  decide,
};
export const surveyStream = (id: string) => `survey-${id}`;

// ── Only one publish at a time (spec) ────────────────────────────────────────────────────────────────────────────────

/** Stream `survey-publishing`: which survey is being published now, if any. A publish holds it from start to end. */
export interface PublishLock {
  holder: string | null;
}
export type PublishLockEvent =
  | DomainEvent<'SurveyPublishStarted', { surveyId: string }>
  | DomainEvent<'SurveyPublishEnded', { surveyId: string }>;
export type PublishLockCommand = { type: 'Take'; surveyId: string } | { type: 'Release'; surveyId: string };

export const publishLockEvents: EventTypes<PublishLockEvent> = eventTypes<PublishLockEvent>({
  SurveyPublishStarted: true,
  SurveyPublishEnded: true,
});

export const publishLockDecider: Decider<PublishLock, PublishLockCommand, PublishLockEvent> = {
  events: publishLockEvents,
  initialState: () => ({ holder: null }),
  evolve: (_s, e) => ({ holder: e.type === 'SurveyPublishStarted' ? e.data.surveyId : null }),
  decide(c, s) {
    if (c.type === 'Take') {
      if (s.holder === c.surveyId) return [];
      if (s.holder !== null) throw new DomainError('SurveyPublishInProgress', { surveyId: s.holder });
      return [{ type: 'SurveyPublishStarted', data: { surveyId: c.surveyId } }];
    }
    if (s.holder !== c.surveyId) return [];
    return [{ type: 'SurveyPublishEnded', data: { surveyId: c.surveyId } }];
  },
};
export const PUBLISH_LOCK_STREAM = 'survey-publishing';

// ── One submission per volunteer ─────────────────────────────────────────────────────────────────────────────────────

/** What the answer's decision needs to know of the survey, folded from its stream by the handler. */
export interface SurveyForAnswer {
  status: SurveyStatus;
  definition: SurveyDefinition;
  /** The volunteer is among those the survey was published to. */
  recipient: boolean;
}

export interface SurveyAnswer {
  answered: boolean;
}
export type SurveyAnswerEvent = DomainEvent<
  'SurveyAnswered',
  { surveyId: string; volunteerId: string; answers: GivenAnswer[] }
>;
export type SurveyAnswerCommand = {
  type: 'Submit';
  surveyId: string;
  volunteerId: string;
  survey: SurveyForAnswer | null;
  answers: GivenAnswer[];
};

/** Spec: the token check gives AlreadyParticipated or CannotParticipate; otherwise the questions are answered. */
export function canParticipate(answer: SurveyAnswer, survey: SurveyForAnswer | null, now: Date): void {
  if (answer.answered) throw new DomainError('AlreadyParticipated');
  if (!survey?.recipient || survey.status !== SurveyStatus.Published) throw new DomainError('CannotParticipate');
  const d = today(now);
  if (d < survey.definition.startDate || d > survey.definition.expiryDate) throw new DomainError('CannotParticipate');
}

export const surveyAnswerEvents: EventTypes<SurveyAnswerEvent> = eventTypes<SurveyAnswerEvent>({
  SurveyAnswered: true,
});

export const surveyAnswerDecider: Decider<SurveyAnswer, SurveyAnswerCommand, SurveyAnswerEvent> = {
  events: surveyAnswerEvents,
  initialState: () => ({ answered: false }),
  evolve: () => ({ answered: true }),
  decide(c, s, now) {
    canParticipate(s, c.survey, now);
    const answers = checkAnswers(c.survey!.definition.questions, c.answers);
    return [{ type: 'SurveyAnswered', data: { surveyId: c.surveyId, volunteerId: c.volunteerId, answers } }];
  },
};
export const surveyAnswerStream = (surveyId: string, volunteerId: string) => `survey-answer-${surveyId}_${volunteerId}`;
