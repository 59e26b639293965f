import { randomBytes } from 'node:crypto';
import { DomainError } from '../../domain/shared/errors.ts';
import {
  canParticipate,
  PUBLISH_LOCK_STREAM,
  publishLockDecider,
  type Recipient,
  type Survey,
  type SurveyCommand,
  type SurveyForAnswer,
  surveyAnswerDecider,
  surveyAnswerStream,
  surveyDecider,
  surveyStream,
} from '../../domain/survey/decide.ts';
import type { GivenAnswer, SurveyDefinition, SurveyScope } from '../../domain/survey/rules.ts';
import { type EventStore, formatPosition, type Position, parsePosition } from '../event-store/port.ts';
import { type CommandContext, handleCommand, loadFolded } from '../handle.ts';
import { runProcess, type Workflow } from '../workflow/process.ts';

const positionOf = (r: { position: Position }) => ({ position: formatPosition(r.position) });

export async function loadSurvey(store: EventStore, id: string): Promise<Survey> {
  return (await loadFolded(store, surveyStream(id), surveyDecider)).state;
}

async function act(store: EventStore, id: string, command: SurveyCommand, ctx: CommandContext): Promise<Position> {
  return (await handleCommand(store, surveyStream(id), surveyDecider, command, ctx)).position;
}

/** direct: the author holds the approval (spec: a super admin's survey saves directly; an admin's awaits approval). */
export const createSurvey = (
  store: EventStore,
  id: string,
  definition: SurveyDefinition,
  direct: boolean,
  ctx: CommandContext,
) => act(store, id, { type: 'Create', definition, direct }, ctx);

export const editSurvey = (
  store: EventStore,
  id: string,
  definition: SurveyDefinition,
  direct: boolean,
  ctx: CommandContext,
) => act(store, id, { type: 'Edit', definition, direct }, ctx);

export const approveSurvey = (store: EventStore, id: string, ctx: CommandContext) =>
  act(store, id, { type: 'Approve' }, ctx);
export const rejectSurvey = (store: EventStore, id: string, reason: string, ctx: CommandContext) =>
  act(store, id, { type: 'Reject', reason }, ctx);
export const completeSurvey = (store: EventStore, id: string, ctx: CommandContext) =>
  act(store, id, { type: 'Complete' }, ctx);

/** A volunteer's link: the survey's id, then a random part (so the survey is found from its own stream, no lag). */
export const newSurveyToken = (surveyId: string) => `${surveyId}.${randomBytes(16).toString('base64url')}`;
export const surveyIdOfToken = (token: string) => token.split('.')[0] ?? '';

interface PublishInput {
  surveyId: string;
  recipients: Recipient[];
}

/**
 * Publishing, across two streams: the publish "lock" (`survey-publishing`, spec: only one publish at a time), then
 * the survey itself, then the lock again. A refusal of the survey (its status changed meanwhile) gives the lock back.
 */
export const publishProcess: Workflow<PublishInput, Survey, string> = {
  kind: 'survey.publish',
  load: (store, input) => loadSurvey(store, input.surveyId),
  async check(store, input, survey, ctx) {
    surveyDecider.decide({ type: 'Publish', recipients: input.recipients }, survey, ctx.now);
    const lock = await loadFolded(store, PUBLISH_LOCK_STREAM, publishLockDecider);
    publishLockDecider.decide({ type: 'Take', surveyId: input.surveyId }, lock.state, ctx.now);
  },
  steps: [
    {
      name: 'lock',
      run: async (store, { surveyId }, _l, ctx) =>
        positionOf(
          await handleCommand(store, PUBLISH_LOCK_STREAM, publishLockDecider, { type: 'Take', surveyId }, ctx),
        ),
      undo: async (store, { surveyId }, _out, ctx) => {
        await handleCommand(store, PUBLISH_LOCK_STREAM, publishLockDecider, { type: 'Release', surveyId }, ctx);
      },
    },
    {
      name: 'publish',
      run: async (store, { surveyId, recipients }, _l, ctx) =>
        positionOf(
          await handleCommand(store, surveyStream(surveyId), surveyDecider, { type: 'Publish', recipients }, ctx),
        ),
    },
    {
      name: 'release',
      run: async (store, { surveyId }, _l, ctx) =>
        positionOf(
          await handleCommand(store, PUBLISH_LOCK_STREAM, publishLockDecider, { type: 'Release', surveyId }, ctx),
        ),
    },
  ],
  result: (_input, outputs) => outputs.publish!.position as string,
};

/**
 * Publish an approved survey to the volunteers of its scope, each with a link of their own. `volunteersOf` names the
 * volunteers the scope matches now (the read models); none → SurveyNoVolunteersMatch, nothing written.
 */
export async function publishSurvey(
  store: EventStore,
  surveyId: string,
  volunteersOf: (scope: SurveyScope) => Promise<string[]>,
  ctx: CommandContext,
): Promise<Position> {
  const survey = await loadSurvey(store, surveyId);
  // The survey's own refusals first (not found, not approved), before asking who it would reach.
  surveyDecider.decide({ type: 'Publish', recipients: [{ volunteerId: '-', token: '-' }] }, survey, ctx.now);
  try {
    const volunteers = await volunteersOf(survey.definition!.scope);
    const recipients = volunteers.map((volunteerId) => ({ volunteerId, token: newSurveyToken(surveyId) }));
    return parsePosition(await runProcess(store, publishProcess, { surveyId, recipients }, ctx, survey));
  } catch (e) {
    // A refusal keeps its own code; an unexpected failure answers SurveyPublishFailed (spec: "error in publish").
    // The process, once started, is durable: the reactor (workers/process-reactions.ts) or a retry with the same
    // command id finishes it, or compensates (the lock is given back).
    if (e instanceof DomainError) throw e;
    throw new DomainError('SurveyPublishFailed', { surveyId });
  }
}

/** What the answer decides from, folded from the survey's stream (consistent: no read model in between). */
export function surveyForAnswer(survey: Survey, volunteerId: string): SurveyForAnswer | null {
  if (!survey.exists || !survey.definition) return null;
  return { status: survey.status, definition: survey.definition, recipient: survey.recipients.has(volunteerId) };
}

/** Spec: the token check gives AlreadyParticipated or CannotParticipate; otherwise the questions. */
export async function checkParticipation(
  store: EventStore,
  surveyId: string,
  volunteerId: string,
  now: Date,
): Promise<SurveyDefinition> {
  const [survey, answer] = await Promise.all([
    loadSurvey(store, surveyId),
    loadFolded(store, surveyAnswerStream(surveyId, volunteerId), surveyAnswerDecider),
  ]);
  const s = surveyForAnswer(survey, volunteerId);
  canParticipate(answer.state, s, now);
  return s!.definition;
}

/** The survey a volunteer's link names, when the link is theirs (spec: "link must be valid"; else CannotParticipate). */
export async function surveyOfToken(store: EventStore, token: string, volunteerId: string): Promise<string> {
  const surveyId = surveyIdOfToken(token);
  if (!/^[0-9a-f-]{36}$/.test(surveyId)) throw new DomainError('CannotParticipate');
  const survey = await loadSurvey(store, surveyId);
  if (survey.recipients.get(volunteerId) !== token) throw new DomainError('CannotParticipate');
  return surveyId;
}

/**
 * One submission per volunteer: the answer's own stream is created once (expected revision "no stream"), so of many
 * simultaneous submissions one is accepted and the rest find it there (AlreadyParticipated).
 */
export async function submitSurveyAnswer(
  store: EventStore,
  surveyId: string,
  volunteerId: string,
  answers: GivenAnswer[],
  ctx: CommandContext,
): Promise<Position> {
  const survey = surveyForAnswer(await loadSurvey(store, surveyId), volunteerId);
  const r = await handleCommand(
    store,
    surveyAnswerStream(surveyId, volunteerId),
    surveyAnswerDecider,
    { type: 'Submit', surveyId, volunteerId, survey, answers },
    ctx,
  );
  return r.position;
}
