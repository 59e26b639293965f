import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../domain/shared/errors.ts';
import {
  PUBLISH_LOCK_STREAM,
  publishLockDecider,
  surveyAnswerStream,
  surveyStream,
} from '../../domain/survey/decide.ts';
import { surveyDefinition } from '../../domain/survey/fixtures.ts';
import { SurveyStatus } from '../../domain/survey/rules.ts';
import { opportunitiesProjection } from '../../projections/opportunity/opportunities.ts';
import { registrationsProjection } from '../../projections/registration/registrations.ts';
import { ProjectionRunner } from '../../projections/runner/runner.ts';
import { surveyResults } from '../../projections/surveys/queries.ts';
import { surveysProjection } from '../../projections/surveys/surveys.ts';
import { inDays, testContext } from '../../tests/support/command-fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts';
import { PostgresEventStore } from '../event-store/postgres.ts';
import { handleCommand, loadFolded } from '../handle.ts';
import {
  approveSurvey,
  checkParticipation,
  createSurvey,
  loadSurvey,
  publishSurvey,
  rejectSurvey,
  submitSurveyAnswer,
  surveyOfToken,
} from './handlers.ts';

const admin = () => testContext({ actorId: 'admin', actorRole: 3 });
const definition = () => surveyDefinition({ startDate: inDays(0), expiryDate: inDays(30) });
const full = [
  { questionId: 1, answerId: 1 },
  { questionId: 2, text: 'well organised' },
];
const outcome = (r: PromiseSettledResult<unknown>) =>
  r.status === 'fulfilled' ? 'accepted' : r.reason instanceof DomainError ? r.reason.code : String(r.reason);

describe('surveys on real PostgreSQL', () => {
  let t: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    t = await createTestDatabase('surveys', 30);
    store = new PostgresEventStore(t.pool);
  });
  afterAll(async () => {
    await t.drop();
  });

  const events = async (stream: string) => {
    const out: string[] = [];
    for await (const e of store.readStream(stream)) out.push(e.type);
    return out;
  };
  async function published(volunteers: string[]): Promise<string> {
    const id = randomUUID();
    await createSurvey(store, id, definition(), false, admin());
    await approveSurvey(store, id, admin());
    await publishSurvey(store, id, async () => volunteers, admin());
    return id;
  }
  // The survey reads join the events' and registrations' read models (names).
  const catchUp = async () => {
    for (const p of [surveysProjection, opportunitiesProjection, registrationsProjection])
      await new ProjectionRunner(store, t.pool, t.db, p, { idlePollMs: 10 }).runUntilCaughtUp();
  };

  it('accepts exactly one of 20 simultaneous answers by one volunteer; the other 19 get AlreadyParticipated and one answer is stored', async () => {
    const volunteer = randomUUID();
    const id = await published([volunteer, randomUUID()]);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => submitSurveyAnswer(store, id, volunteer, full, admin())),
    );
    const counts: Record<string, number> = {};
    for (const o of results.map(outcome)) counts[o] = (counts[o] ?? 0) + 1;
    expect(counts).toEqual({ accepted: 1, AlreadyParticipated: 19 });
    expect(await events(surveyAnswerStream(id, volunteer))).toEqual(['SurveyAnswered']);

    await catchUp();
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from rm.survey_recipients
      where survey_id = ${id} and volunteer_id = ${volunteer} and answered_at is not null`.execute(t.db);
    expect(rows[0]!.n).toBe(1);
    const answers = await sql<{ question_id: number; answer_id: number | null; text: string | null }>`
      select question_id, answer_id, text from rm.survey_answers where survey_id = ${id} order by question_id`.execute(
      t.db,
    );
    expect(answers.rows).toEqual([
      { question_id: 1, answer_id: 1, text: null },
      { question_id: 2, answer_id: null, text: 'well organised' },
    ]);
    const r = await surveyResults(t.db, id);
    expect(r!.survey.responses).toBe(1);
    expect(r!.survey.recipients).toBe(2);
    expect(r!.questions[0]!.answers.map((a) => a.count)).toEqual([1, 0]);
    expect(r!.questions[1]!.texts).toEqual(['well organised']);
  });

  it('refuses a volunteer the survey was not published to (CannotParticipate), writing nothing', async () => {
    const id = await published([randomUUID()]);
    const stranger = randomUUID();
    await expect(submitSurveyAnswer(store, id, stranger, full, admin())).rejects.toMatchObject({
      code: 'CannotParticipate',
    });
    expect(await events(surveyAnswerStream(id, stranger))).toEqual([]);
    await expect(checkParticipation(store, id, stranger, new Date())).rejects.toMatchObject({
      code: 'CannotParticipate',
    });
  });

  it('refuses an incomplete answer (AnswerAllQuestions) and still takes the complete one after it', async () => {
    const v = randomUUID();
    const id = await published([v]);
    await expect(submitSurveyAnswer(store, id, v, [full[0]!], admin())).rejects.toMatchObject({
      code: 'AnswerAllQuestions',
    });
    await submitSurveyAnswer(store, id, v, full, admin());
    await expect(checkParticipation(store, id, v, new Date())).rejects.toMatchObject({ code: 'AlreadyParticipated' });
  });

  it('finds the survey from a volunteer’s own link, and refuses another volunteer’s link', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const id = await published([a, b]);
    const tokenOfA = (await loadSurvey(store, id)).recipients.get(a)!;
    expect(await surveyOfToken(store, tokenOfA, a)).toBe(id);
    await expect(surveyOfToken(store, tokenOfA, b)).rejects.toMatchObject({ code: 'CannotParticipate' });
    await expect(surveyOfToken(store, 'not-a-token', a)).rejects.toMatchObject({ code: 'CannotParticipate' });
  });

  it('refuses a publish while another is in progress, and writes nothing for it', async () => {
    const other = randomUUID();
    await handleCommand(store, PUBLISH_LOCK_STREAM, publishLockDecider, { type: 'Take', surveyId: other }, admin());
    const id = randomUUID();
    await createSurvey(store, id, definition(), true, admin());
    await expect(publishSurvey(store, id, async () => [randomUUID()], admin())).rejects.toMatchObject({
      code: 'SurveyPublishInProgress',
    });
    expect(await events(surveyStream(id))).toEqual(['SurveyCreated']);
    await handleCommand(store, PUBLISH_LOCK_STREAM, publishLockDecider, { type: 'Release', surveyId: other }, admin());
    await publishSurvey(store, id, async () => [randomUUID()], admin());
    expect((await loadSurvey(store, id)).status).toBe(SurveyStatus.Published);
  });

  it('lets one of two simultaneous publishes through at a time and leaves the lock free afterwards', async () => {
    const ids = [randomUUID(), randomUUID()];
    for (const id of ids) await createSurvey(store, id, definition(), true, admin());
    const results = await Promise.allSettled(
      ids.map((id) => publishSurvey(store, id, async () => [randomUUID()], admin())),
    );
    const outcomes = results.map(outcome).sort();
    expect(outcomes.includes('accepted')).toBe(true);
    for (const o of outcomes) expect(['accepted', 'SurveyPublishInProgress']).toContain(o);
    const lock: string[] = [];
    for await (const e of store.readStream(PUBLISH_LOCK_STREAM)) lock.push(e.type);
    expect(lock.at(-1)).toBe('SurveyPublishEnded');
  });

  it('refuses to publish when no volunteer matches (SurveyNoVolunteersMatch), taking no lock', async () => {
    const id = randomUUID();
    await createSurvey(store, id, definition(), true, admin());
    const before = (await events(PUBLISH_LOCK_STREAM)).length;
    await expect(publishSurvey(store, id, async () => [], admin())).rejects.toMatchObject({
      code: 'SurveyNoVolunteersMatch',
    });
    expect((await events(PUBLISH_LOCK_STREAM)).length).toBe(before);
  });

  it('keeps a rejected survey with its reason in the read model; a pending one cannot be published', async () => {
    const id = randomUUID();
    await createSurvey(store, id, definition(), false, admin());
    await expect(publishSurvey(store, id, async () => [randomUUID()], admin())).rejects.toMatchObject({
      code: 'InvalidSurveyTransition',
    });
    await rejectSurvey(store, id, 'Unclear wording', admin());
    await catchUp();
    const { rows } = await sql<{ status: number; reject_reason: string }>`
      select status, reject_reason from rm.surveys where survey_id = ${id}`.execute(t.db);
    expect(rows[0]).toEqual({ status: SurveyStatus.Rejected, reject_reason: 'Unclear wording' });
  });

  it('answers SurveyPublishFailed on an unexpected failure while publishing; the durable process then finishes (same command id)', async () => {
    const id = randomUUID();
    await createSurvey(store, id, definition(), false, admin());
    await approveSurvey(store, id, admin());
    // The survey's own append fails once, unexpectedly (the lock was taken just before).
    let failures = 1;
    const flaky = new Proxy(store, {
      get(target, key, receiver) {
        if (key === 'append')
          return (
            stream: string,
            ...rest: Parameters<PostgresEventStore['append']> extends [string, ...infer R] ? R : never
          ) => {
            if (stream === surveyStream(id) && failures-- > 0) return Promise.reject(new Error('connection reset'));
            return target.append(stream, ...rest);
          };
        const v = Reflect.get(target, key, receiver);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    const ctx = admin();
    const failed = await publishSurvey(flaky, id, async () => [randomUUID()], ctx).catch((e) => e);
    expect(failed).toBeInstanceOf(DomainError);
    expect(failed.code).toBe('SurveyPublishFailed');
    expect(await events(surveyStream(id))).not.toContain('SurveyPublished');
    // The lock is held by the unfinished process until it is finished: the retry resumes it.
    await publishSurvey(store, id, async () => [randomUUID()], ctx);
    expect(await events(surveyStream(id))).toContain('SurveyPublished');
    const lock = await loadFolded(store, PUBLISH_LOCK_STREAM, publishLockDecider);
    expect(lock.state.holder).toBeNull();
  });
});
