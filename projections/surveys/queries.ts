import { type Kysely, type RawBuilder, sql } from 'kysely';
import { HOLDS_SEAT } from '../../domain/participation/status.ts';
import { RegistrationStatus } from '../../domain/registration/status.ts';
import type { SurveyQuestion, SurveyScope, SurveyStatus } from '../../domain/survey/rules.ts';
import type { OpportunityDB } from '../opportunity/queries.ts';
import type { RegistrationsDB } from '../registration/queries.ts';

/** The read models' rows these reads use (live generations' views). */
export interface SurveysDB {
  'rm.surveys': {
    survey_id: string;
    code: string;
    title_ar: string;
    title_en: string;
    start_date: string | null;
    expiry_date: string | null;
    scope_kind: string;
    opportunity_id: string | null;
    scope: SurveyScope;
    questions: SurveyQuestion[];
    status: number;
    reject_reason: string | null;
    created_by: string | null;
    created_at: Date;
    updated_at: Date;
    recipients: number;
    responses: number;
  };
  'rm.survey_recipients': { survey_id: string; volunteer_id: string; answered_at: Date | null };
  'rm.survey_answers': {
    survey_id: string;
    volunteer_id: string;
    question_id: number;
    answer_id: number | null;
    text: string | null;
  };
  /** Read for the scope (who a survey reaches) and names: the opportunity and registration read models. */
  'rm.opportunities': Pick<
    OpportunityDB['rm.opportunities'],
    | 'opportunity_id'
    | 'code'
    | 'name_ar'
    | 'name_en'
    | 'approval'
    | 'status'
    | 'start_date'
    | 'visibility'
    | 'region_ids'
    | 'city_ids'
  >;
  'rm.participations': Pick<OpportunityDB['rm.participations'], 'opportunity_id' | 'volunteer_id' | 'status'>;
  'rm.registrations': Pick<
    RegistrationsDB['rm.registrations'],
    'volunteer_id' | 'status' | 'name_ar' | 'name_en' | 'region_id' | 'city_id' | 'gender'
  >;
}

export interface SurveyRow {
  id: string;
  code: string;
  titleAr: string;
  titleEn: string;
  startDate: string | null;
  expiryDate: string | null;
  scope: SurveyScope;
  eventNameAr: string | null;
  eventNameEn: string | null;
  status: SurveyStatus;
  rejectReason: string | null;
  recipients: number;
  responses: number;
  createdAt: string;
}

export interface SurveyDetailRow extends SurveyRow {
  questions: SurveyQuestion[];
}

/**
 * What names a survey in both languages, on `rm.surveys as s` joined with `rm.opportunities as o`: its titles and the
 * names of the event it is about (null for a survey of volunteers by filters). The grids and the volunteer's list.
 */
const SURVEY_NAMES = [
  's.title_ar as titleAr',
  's.title_en as titleEn',
  'o.name_ar as eventNameAr',
  'o.name_en as eventNameEn',
] as const;

function base(db: Kysely<SurveysDB>) {
  return db
    .selectFrom('rm.surveys as s')
    .leftJoin('rm.opportunities as o', 'o.opportunity_id', 's.opportunity_id')
    .select([
      sql<string>`s.survey_id::text`.as('id'),
      's.code',
      ...SURVEY_NAMES,
      sql<string | null>`s.start_date::text`.as('startDate'),
      sql<string | null>`s.expiry_date::text`.as('expiryDate'),
      's.scope',
      's.questions',
      's.status',
      's.reject_reason as rejectReason',
      's.recipients',
      's.responses',
      's.created_at as createdAt',
    ]);
}

type BaseRow = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number];
/** A survey's grid row: the base's fields but its questions, the time as ISO text. */
const toRow = ({ questions: _questions, status, createdAt, ...x }: BaseRow): SurveyRow => ({
  ...x,
  status: status as SurveyStatus,
  createdAt: createdAt.toISOString(),
});

/**
 * A scoped staff member's areas (api/http/scope.ts): the regions assigned, and the regions and cities covered (a
 * region covers its cities, a city lies in its region). null: not scoped.
 */
export interface SurveyAudienceScope {
  assignedRegions: readonly number[];
  coveredRegions: readonly number[];
  coveredCities: readonly number[];
}

/**
 * Whether a survey's audience lies within a staff member's areas, on `rm.surveys as s` joined with
 * `rm.opportunities as o`: an event's participants when the event is in scope (the events' rule: an event naming no
 * place concerns every staff member); volunteers matching filters when every city named is covered, or (no city named)
 * every region named is one assigned; "all volunteers" never (only unscoped roles reach everyone).
 */
export function surveyAudienceCondition(a: SurveyAudienceScope): RawBuilder<boolean> {
  const regions = [...a.coveredRegions];
  const cities = [...a.coveredCities];
  const assigned = [...a.assignedRegions];
  return sql<boolean>`(
    (s.scope_kind = 'event' and o.opportunity_id is not null and (
      o.visibility not in (1, 2)
      or (o.visibility = 1 and o.region_ids && ${regions}::int[])
      or (o.visibility = 2 and o.city_ids && ${cities}::int[])))
    or (s.scope_kind = 'filtered' and (
      (jsonb_array_length(s.scope->'cityIds') > 0 and not exists (
        select 1 from jsonb_array_elements_text(s.scope->'cityIds') c(v) where not (c.v::int = any(${cities}::int[]))))
      or (jsonb_array_length(s.scope->'cityIds') = 0 and jsonb_array_length(s.scope->'regionIds') > 0 and not exists (
        select 1 from jsonb_array_elements_text(s.scope->'regionIds') r(v) where not (r.v::int = any(${assigned}::int[])))))))`;
}

/**
 * The staff's list, newest first, optionally of one status (the approval list asks for pending approval); a scoped
 * staff member's holds only the surveys whose audience lies within their areas.
 */
export async function listSurveys(
  db: Kysely<SurveysDB>,
  q: { status?: number | undefined; page: number; pageSize: number },
  audience: SurveyAudienceScope | null = null,
): Promise<{ items: SurveyRow[]; total: number }> {
  let rows = base(db);
  let count = db
    .selectFrom('rm.surveys as s')
    .leftJoin('rm.opportunities as o', 'o.opportunity_id', 's.opportunity_id')
    .select(sql<string>`count(*)::text`.as('n'));
  if (q.status !== undefined) {
    rows = rows.where('s.status', '=', q.status);
    count = count.where('s.status', '=', q.status);
  }
  if (audience) {
    rows = rows.where(surveyAudienceCondition(audience));
    count = count.where(surveyAudienceCondition(audience));
  }
  const [items, n] = await Promise.all([
    rows
      .orderBy('s.created_at', 'desc')
      .orderBy('s.survey_id')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    count.executeTakeFirst(),
  ]);
  return { items: items.map(toRow), total: Number(n?.n ?? 0) };
}

/** One survey; null when unknown or (a scoped staff member) its audience lies outside their areas. */
export async function surveyDetail(
  db: Kysely<SurveysDB>,
  id: string,
  audience: SurveyAudienceScope | null = null,
): Promise<SurveyDetailRow | null> {
  let q = base(db).where('s.survey_id', '=', id);
  if (audience) q = q.where(surveyAudienceCondition(audience));
  const x = await q.executeTakeFirst();
  return x ? { ...toRow(x), questions: x.questions } : null;
}

export interface MySurveyRow {
  id: string;
  titleAr: string;
  titleEn: string;
  expiryDate: string | null;
  eventId: string | null;
  eventNameAr: string | null;
  eventNameEn: string | null;
  status: SurveyStatus;
  answered: boolean;
}

/** The surveys published to a volunteer, newest first; `eventId` narrows to one event's (answering from the event). */
export async function surveysOfVolunteer(
  db: Kysely<SurveysDB>,
  volunteerId: string,
  eventId?: string,
): Promise<MySurveyRow[]> {
  let q = db
    .selectFrom('rm.survey_recipients as r')
    .innerJoin('rm.surveys as s', 's.survey_id', 'r.survey_id')
    .leftJoin('rm.opportunities as o', 'o.opportunity_id', 's.opportunity_id')
    .select([
      sql<string>`s.survey_id::text`.as('id'),
      ...SURVEY_NAMES,
      sql<string | null>`s.expiry_date::text`.as('expiryDate'),
      sql<string | null>`s.opportunity_id::text`.as('eventId'),
      's.status',
      sql<boolean>`r.answered_at is not null`.as('answered'),
    ])
    .where('r.volunteer_id', '=', volunteerId);
  if (eventId) q = q.where('s.opportunity_id', '=', eventId);
  const rows = await q.orderBy('s.created_at', 'desc').limit(100).execute();
  return rows.map((x) => ({ ...x, status: x.status as SurveyStatus }));
}

export interface QuestionResult {
  questionId: number;
  type: number;
  textAr: string;
  textEn: string;
  /** Choice questions: every answer with how many chose it (zero included). */
  answers: { answerId: number; textAr: string; textEn: string; count: number }[];
  /** Free-text questions: the newest texts (at most 200). */
  texts: string[];
}

export const MAX_RESULT_TEXTS = 200;

/** Results per question (spec: "events survey result", "general survey result"). */
export async function surveyResults(
  db: Kysely<SurveysDB>,
  id: string,
  audience: SurveyAudienceScope | null = null,
): Promise<{ survey: SurveyDetailRow; questions: QuestionResult[] } | null> {
  const survey = await surveyDetail(db, id, audience);
  if (!survey) return null;
  const [counts, texts] = await Promise.all([
    db
      .selectFrom('rm.survey_answers')
      .select(['question_id', 'answer_id', sql<string>`count(*)::text`.as('n')])
      .where('survey_id', '=', id)
      .where('answer_id', 'is not', null)
      .groupBy(['question_id', 'answer_id'])
      .execute(),
    db
      .selectFrom('rm.survey_answers')
      .select(['question_id', 'text'])
      .where('survey_id', '=', id)
      .where('text', 'is not', null)
      .orderBy('question_id')
      .orderBy('volunteer_id')
      .limit(MAX_RESULT_TEXTS * Math.max(1, survey.questions.length))
      .execute(),
  ]);
  const n = new Map(counts.map((c) => [`${c.question_id}:${c.answer_id}`, Number(c.n)]));
  return {
    survey,
    questions: survey.questions.map((q) => ({
      questionId: q.id,
      type: q.type,
      textAr: q.textAr,
      textEn: q.textEn,
      answers: q.answers.map((a) => ({
        answerId: a.id,
        textAr: a.textAr,
        textEn: a.textEn,
        count: n.get(`${q.id}:${a.id}`) ?? 0,
      })),
      texts: texts
        .filter((t) => t.question_id === q.id)
        .slice(0, MAX_RESULT_TEXTS)
        .map((t) => t.text!),
    })),
  };
}

/** Every response with the volunteer's names, for the Excel export (one row per volunteer, one column per question). */
export async function surveyResponses(
  db: Kysely<SurveysDB>,
  id: string,
): Promise<
  {
    volunteerId: string;
    nameAr: string;
    nameEn: string;
    answeredAt: Date;
    answers: Map<number, { answerId: number | null; text: string | null }>;
  }[]
> {
  const [people, answers] = await Promise.all([
    db
      .selectFrom('rm.survey_recipients as r')
      .leftJoin('rm.registrations as g', 'g.volunteer_id', 'r.volunteer_id')
      .select([sql<string>`r.volunteer_id::text`.as('volunteer_id'), 'g.name_ar', 'g.name_en', 'r.answered_at'])
      .where('r.survey_id', '=', id)
      .where('r.answered_at', 'is not', null)
      .orderBy('r.answered_at')
      .execute(),
    db
      .selectFrom('rm.survey_answers')
      .select([sql<string>`volunteer_id::text`.as('volunteer_id'), 'question_id', 'answer_id', 'text'])
      .where('survey_id', '=', id)
      .execute(),
  ]);
  const byVolunteer = new Map<string, Map<number, { answerId: number | null; text: string | null }>>();
  for (const a of answers) {
    let m = byVolunteer.get(a.volunteer_id);
    if (!m) {
      m = new Map();
      byVolunteer.set(a.volunteer_id, m);
    }
    m.set(a.question_id, { answerId: a.answer_id, text: a.text });
  }
  return people.map((p) => ({
    volunteerId: p.volunteer_id,
    nameAr: p.name_ar ?? '',
    nameEn: p.name_en ?? '',
    answeredAt: p.answered_at!,
    answers: byVolunteer.get(p.volunteer_id) ?? new Map(),
  }));
}

/**
 * The volunteers a scope reaches now (spec: an event's participants, all volunteers, or volunteers matching filters):
 * an event's accepted participants; otherwise the approved volunteers, narrowed by region, city and gender.
 */
export async function volunteersOfScope(db: Kysely<SurveysDB>, scope: SurveyScope): Promise<string[]> {
  if (scope.kind === 'event') {
    const rows = await db
      .selectFrom('rm.participations')
      .select(sql<string>`volunteer_id::text`.as('id'))
      .where('opportunity_id', '=', scope.opportunityId)
      .where('status', 'in', [...HOLDS_SEAT])
      .orderBy('volunteer_id')
      .execute();
    return rows.map((r) => r.id);
  }
  let q = db
    .selectFrom('rm.registrations')
    .select(sql<string>`volunteer_id::text`.as('id'))
    .where('status', '=', RegistrationStatus.Approved);
  if (scope.kind === 'filtered') {
    if (scope.regionIds.length) q = q.where('region_id', 'in', scope.regionIds);
    if (scope.cityIds.length) q = q.where('city_id', 'in', scope.cityIds);
    if (scope.gender !== null) q = q.where('gender', '=', scope.gender);
  }
  const rows = await q.orderBy('volunteer_id').execute();
  return rows.map((r) => r.id);
}

/** The events a survey can be scoped to (builder's picker): approved, not deleted, newest first. */
export async function surveyableEvents(
  db: Kysely<SurveysDB>,
): Promise<{ id: string; code: string; nameAr: string; nameEn: string }[]> {
  const rows = await db
    .selectFrom('rm.opportunities')
    .select([sql<string>`opportunity_id::text`.as('id'), 'code', 'name_ar', 'name_en'])
    .where('approval', '=', 'approved')
    .where('status', '<>', 4)
    .orderBy('start_date', 'desc')
    .orderBy('opportunity_id')
    .limit(500)
    .execute();
  return rows.map((r) => ({ id: r.id, code: r.code, nameAr: r.name_ar, nameEn: r.name_en }));
}
