import { z } from 'zod';
import { SURVEY_LIMITS as L, QuestionType, SurveyStatuses } from '../../domain/survey/rules.ts';
import { AfterQuery, CommandAccepted, IdParams, named, PagedQuery, strictBody } from './common.ts';
import { endpoints, mine, staff } from './endpoint.ts';
import * as P from './primitives.ts';

const surveys = endpoints('surveys');
const isoDay = z.string();

/** Spec: scope — an event's participants, all volunteers, or volunteers matching filters. */
export const SurveyScope = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('event'), opportunityId: P.uuid() }).strict(),
    z.object({ kind: z.literal('all') }).strict(),
    z
      .object({
        kind: z.literal('filtered'),
        regionIds: z.array(P.id).max(L.filterIds),
        cityIds: z.array(P.id).max(L.filterIds),
        gender: z.union([z.literal(1), z.literal(2)]).nullable(),
      })
      .strict(),
  ])
  .meta({ id: 'SurveyScope' });

const AnswerOption = z.object({ id: P.int(1, 1000), ...P.arEn('text', P.text(L.answer)) }).strict();
const Question = z
  .object({
    id: P.int(1, 1000),
    type: z.union([z.literal(QuestionType.Choice), z.literal(QuestionType.FreeText)]),
    ...P.arEn('text', P.text(L.question)),
    answers: z.array(AnswerOption).max(L.answers),
  })
  .strict();

/** Spec: code, title (both languages), start and expiry dates, scope, questions. */
export const SurveyDefinition = strictBody('SurveyDefinition', {
  code: P.text(L.code),
  ...P.arEn('title', P.text(L.title)),
  startDate: P.isoDate(),
  expiryDate: P.isoDate(),
  scope: SurveyScope,
  questions: z.array(Question).max(L.questions),
});

export const SurveyItem = named('SurveyItem', {
  id: z.string(),
  code: z.string(),
  ...P.bilingual('title'),
  startDate: isoDay.nullable(),
  expiryDate: isoDay.nullable(),
  scope: z.unknown(),
  ...P.bilingual('eventName', 'nullable'),
  status: z.number().int(),
  rejectReason: z.string().nullable(),
  recipients: z.number().int(),
  responses: z.number().int(),
  createdAt: z.string(),
});
export type SurveyItem = z.infer<typeof SurveyItem>;

const QuestionOut = z.object({
  id: z.number().int(),
  type: z.number().int(),
  ...P.bilingual('text'),
  answers: z.array(z.object({ id: z.number().int(), ...P.bilingual('text') })),
});

export const SurveyDetail = SurveyItem.extend({ questions: z.array(QuestionOut) }).meta({ id: 'SurveyDetail' });
export type SurveyDetail = z.infer<typeof SurveyDetail>;

export const SURVEY_PAGE_SIZES = [10, 20, 50] as const;

export const listSurveys = surveys.get('/api/surveys', {
  permission: staff('surveys', 'View'),
  query: PagedQuery.extend({
    status: P.queryOneOf(SurveyStatuses).optional(),
    pageSize: P.queryOneOf(SURVEY_PAGE_SIZES).default(20),
  }),
  response: named('SurveyList', { items: z.array(SurveyItem), total: z.number().int() }),
});

/** The events a survey may be scoped to (the builder's picker). */
export const surveyableEvents = surveys.get('/api/surveys/events', {
  permission: staff('surveys', 'Add'),
  response: z.object({
    items: z.array(z.object({ id: z.string(), code: z.string(), ...P.bilingual('name') })),
  }),
});

/** A staff read of one survey at `path` (its `:id`, `?after=`). */
const staffRead = <const Path extends string, const R extends z.ZodType>(path: Path, response: R) =>
  surveys.get(path, { permission: staff('surveys', 'View'), params: IdParams, query: AfterQuery, response });
/** An approver's command on one survey: POST /api/surveys/:id/<action>, answered with the position. */
const approverCommand = <const A extends string>(action: A) =>
  surveys.post(`/api/surveys/:id/${action}`, {
    permission: staff('surveys', 'Approve'),
    params: IdParams,
    response: CommandAccepted,
  });

export const getSurvey = staffRead('/api/surveys/:id', SurveyDetail);

/** A new survey: pending approval, or approved when its author may approve (spec: a super admin's saves directly). */
/**
 * `publish=1`: save, then publish at once (for those who may approve). When publishing is then refused, the answer is
 * SurveySavedNotPublished with the saved survey's id, its position and the refusal's code (details.reason).
 */
const SaveQuery = z.object({ publish: P.queryOneOf([0, 1]).optional() });

export const createSurvey = surveys.post('/api/surveys', {
  permission: staff('surveys', 'Add'),
  query: SaveQuery,
  body: SurveyDefinition,
  response: CommandAccepted.extend({ id: z.string(), status: z.number().int() }),
});

export const editSurvey = surveys.put('/api/surveys/:id', {
  permission: staff('surveys', 'Edit'),
  params: IdParams,
  query: SaveQuery,
  body: SurveyDefinition,
  response: CommandAccepted,
});

export const approveSurvey = approverCommand('approve');

export const rejectSurvey = surveys.post('/api/surveys/:id/reject', {
  permission: staff('surveys', 'Approve'),
  params: IdParams,
  body: z.object({ reason: P.longText(L.reason) }).strict(),
  response: CommandAccepted,
});

/** Spec publish errors: SurveyPublishInProgress, SurveyNoVolunteersMatch, SurveyPublishFailed (an unexpected failure). */
export const publishSurvey = approverCommand('publish');

export const completeSurvey = approverCommand('complete');

export const SurveyResults = named('SurveyResults', {
  survey: SurveyDetail,
  questions: z.array(
    z.object({
      questionId: z.number().int(),
      type: z.number().int(),
      ...P.bilingual('text'),
      answers: z.array(z.object({ answerId: z.number().int(), ...P.bilingual('text'), count: z.number().int() })),
      texts: z.array(z.string()),
    }),
  ),
});
export type SurveyResults = z.infer<typeof SurveyResults>;

export const surveyResults = staffRead('/api/surveys/:id/results', SurveyResults);

/** The results as an Excel workbook (right-to-left sheet, Arabic headers): the response body is the .xlsx file. */
export const exportSurveyResults = surveys.get('/api/surveys/:id/results/export', {
  permission: staff('surveys', 'View'),
  params: IdParams,
  response: z.string().meta({ description: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
});

// ── The volunteer's side ────────────────────────────────────────────────────────────────────────────────────────────

export const MySurvey = named('MySurvey', {
  id: z.string(),
  ...P.bilingual('title'),
  expiryDate: isoDay.nullable(),
  eventId: z.string().nullable(),
  ...P.bilingual('eventName', 'nullable'),
  status: z.number().int(),
  answered: z.boolean(),
});
export type MySurvey = z.infer<typeof MySurvey>;

/** The surveys published to the signed-in volunteer; `eventId` narrows to one event's (answering from the event). */
export const mySurveys = surveys.get('/api/me/surveys', {
  permission: mine('surveymandatory', 'View'),
  query: AfterQuery.extend({ eventId: P.uuid().optional() }),
  response: z.object({ items: z.array(MySurvey) }),
});

/** Spec: the check gives AlreadyParticipated or CannotParticipate (409); otherwise the questions. */
export const surveyQuestions = surveys.get('/api/me/surveys/:id', {
  permission: mine('surveymandatory', 'View'),
  params: IdParams,
  response: z.object({
    id: z.string(),
    ...P.bilingual('title'),
    expiryDate: z.string(),
    questions: z.array(QuestionOut),
  }),
});

/** A link from the mail: the survey it names, when the link is the signed-in volunteer's (else CannotParticipate). */
export const surveyOfToken = surveys.get('/api/me/surveys/link/:token', {
  permission: mine('surveymandatory', 'View'),
  params: z.object({ token: P.token(80) }),
  response: z.object({ id: z.string() }),
});

export const submitSurvey = surveys.post('/api/me/surveys/:id/answers', {
  permission: mine('surveymandatory', 'Edit'),
  params: IdParams,
  body: z
    .object({
      answers: z
        .array(
          z
            .object({
              questionId: P.int(1, 1000),
              answerId: P.int(0, 1000).nullable().optional(),
              text: P.longText(L.freeText).nullable().optional(),
            })
            .strict(),
        )
        .max(L.questions),
    })
    .strict(),
  response: CommandAccepted,
});
