import { sql } from 'kysely';
import { decode } from '../../commands/event-store/decode.ts';
import { surveyAnswerEvents, surveyEvents } from '../../domain/survey/decide.ts';
import type { SurveyDefinition } from '../../domain/survey/rules.ts';
import { readModelTables, streamEvent } from '../runner/define.ts';
import type { Projection } from '../runner/projection.ts';
import { date, int4, withoutNul } from '../runner/values.ts';

const SURVEY_TYPES = [
  'SurveyCreated',
  'SurveyEdited',
  'SurveyApproved',
  'SurveyRejected',
  'SurveyPublished',
  'SurveyCompleted',
];

/**
 * rm.surveys (one row per survey: header, questions, status, counts), rm.survey_recipients (whom a published survey
 * went to, and when they answered), rm.survey_answers (one row per volunteer and question). The results per question
 * are counted from rm.survey_answers (projections/surveys/queries.ts).
 */
export const surveysProjection: Projection = {
  name: 'surveys',
  version: 1,
  types: [...SURVEY_TYPES, 'SurveyAnswered'],
  ...readModelTables(
    {
      surveys: `
        survey_id uuid primary key,
        code text not null,
        title_ar text not null,
        title_en text not null,
        start_date date,
        expiry_date date,
        scope_kind text not null,
        opportunity_id uuid,
        scope jsonb not null,
        questions jsonb not null,
        status int not null,
        reject_reason text,
        created_by text,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        recipients int not null default 0,
        responses int not null default 0`,
      survey_recipients: `
        survey_id uuid not null,
        volunteer_id uuid not null,
        answered_at timestamptz,
        primary key (survey_id, volunteer_id)`,
      survey_answers: `
        survey_id uuid not null,
        volunteer_id uuid not null,
        question_id int not null,
        answer_id int,
        text text,
        primary key (survey_id, volunteer_id, question_id)`,
    },
    (table) => `
      create index on ${table('surveys')} (status, created_at desc);
      create index on ${table('surveys')} (opportunity_id);
      
      create index on ${table('survey_recipients')} (volunteer_id);
      
      create index on ${table('survey_answers')} (survey_id, question_id, answer_id)`,
  ),
  async apply({ tx, table }, events) {
    const s = sql.raw(table('surveys'));
    const r = sql.raw(table('survey_recipients'));
    const a = sql.raw(table('survey_answers'));
    for (const stored of events) {
      const at = stored.metadata.occurredAt;
      if (stored.type === 'SurveyAnswered') {
        const e = decode(surveyAnswerEvents, stored);
        if (!e) continue;
        const { surveyId, volunteerId } = e.data;
        const { rows } = await sql<{ n: number }>`
          update ${r} set answered_at = ${at} where survey_id = ${surveyId} and volunteer_id = ${volunteerId}
             and answered_at is null returning 1 as n`.execute(tx);
        if (rows.length === 0) continue; // a replay, or not a recipient (never accepted by the domain)
        for (const x of e.data.answers)
          await sql`insert into ${a} (survey_id, volunteer_id, question_id, answer_id, text)
                    values (${surveyId}, ${volunteerId}, ${int4(x.questionId) ?? 0}, ${int4(x.answerId) ?? null},
                      ${x.text ? withoutNul(x.text) : null})
                    on conflict do nothing`.execute(tx);
        await sql`update ${s} set responses = responses + 1 where survey_id = ${surveyId}`.execute(tx);
        continue;
      }
      const survey = streamEvent(stored, 'survey-', surveyEvents);
      if (!survey) continue;
      const { e, id: surveyId } = survey;
      switch (e.type) {
        case 'SurveyCreated':
        case 'SurveyEdited': {
          const d = withoutNul(e.data.definition) as SurveyDefinition;
          const opportunityId = d.scope.kind === 'event' ? d.scope.opportunityId : null;
          await sql`insert into ${s} (survey_id, code, title_ar, title_en, start_date, expiry_date, scope_kind, opportunity_id,
                      scope, questions, status, created_by, created_at, updated_at)
                    values (${surveyId}, ${d.code}, ${d.titleAr}, ${d.titleEn}, ${date(d.startDate)}, ${date(d.expiryDate)},
                      ${d.scope.kind}, ${opportunityId}, ${JSON.stringify(d.scope)}, ${JSON.stringify(d.questions)},
                      ${e.data.status}, ${stored.metadata.actorId}, ${at}, ${at})
                    on conflict (survey_id) do update set code = excluded.code, title_ar = excluded.title_ar,
                      title_en = excluded.title_en, start_date = excluded.start_date, expiry_date = excluded.expiry_date,
                      scope_kind = excluded.scope_kind, opportunity_id = excluded.opportunity_id, scope = excluded.scope,
                      questions = excluded.questions, status = excluded.status, reject_reason = null,
                      updated_at = excluded.updated_at`.execute(tx);
          break;
        }
        case 'SurveyApproved':
          await sql`update ${s} set status = 1, reject_reason = null, updated_at = ${at} where survey_id = ${surveyId}`.execute(
            tx,
          );
          break;
        case 'SurveyRejected':
          await sql`update ${s} set status = 2, reject_reason = ${withoutNul(e.data.reason)}, updated_at = ${at}
                    where survey_id = ${surveyId}`.execute(tx);
          break;
        case 'SurveyPublished': {
          const ids = e.data.recipients.map((x) => x.volunteerId);
          await sql`insert into ${r} (survey_id, volunteer_id)
                    select ${surveyId}, v from unnest(${ids}::uuid[]) as v on conflict do nothing`.execute(tx);
          await sql`update ${s} set status = 3, recipients = ${ids.length}, updated_at = ${at}
                    where survey_id = ${surveyId}`.execute(tx);
          break;
        }
        case 'SurveyCompleted':
          await sql`update ${s} set status = 4, updated_at = ${at} where survey_id = ${surveyId}`.execute(tx);
          break;
      }
    }
  },
};
