import { z } from 'zod';
import { SURVEY_LIMITS as L, QuestionType, SurveyStatuses } from '../../domain/survey/rules.ts';
import { AfterQuery, CommandAccepted, IdParams } from './common.ts';
import { endpoint } from './endpoint.ts';
import * as P from './primitives.ts';

const tags = ['surveys'];
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

const AnswerOption = z.object({ id: P.int(1, 1000), textAr: P.text(L.answer), textEn: P.text(L.answer) }).strict();
const Question = z
  .object({
    id: P.int(1, 1000),
    type: z.union([z.literal(QuestionType.Choice), z.literal(QuestionType.FreeText)]),
    textAr: P.text(L.question),
    textEn: P.text(L.question),
    answers: z.array(AnswerOption).max(L.answers),
  })
  .strict();

/** Spec: code, title (both languages), start and expiry dates, scope, questions. */
export const SurveyDefinition = z
  .object({
    code: P.text(L.code),
    titleAr: P.text(L.title),
    titleEn: P.text(L.title),
    startDate: P.isoDate(),
    expiryDate: P.isoDate(),
    scope: SurveyScope,
    questions: z.array(Question).max(L.questions),
  })
  .strict()
  .meta({ id: 'SurveyDefinition' });

export const SurveyItem = z
  .object({
    id: z.string(),
    code: z.string(),
    titleAr: z.string(),
    titleEn: z.string(),
    startDate: isoDay.nullable(),
    expiryDate: isoDay.nullable(),
    scope: z.unknown(),
    eventNameAr: z.string().nullable(),
    eventNameEn: z.string().nullable(),
    status: z.number().int(),
    rejectReason: z.string().nullable(),
    recipients: z.number().int(),
    responses: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'SurveyItem' });
export type SurveyItem = z.infer<typeof SurveyItem>;

const QuestionOut = z.object({
  id: z.number().int(),
  type: z.number().int(),
  textAr: z.string(),
  textEn: z.string(),
  answers: z.array(z.object({ id: z.number().int(), textAr: z.string(), textEn: z.string() })),
});

export const SurveyDetail = SurveyItem.extend({ questions: z.array(QuestionOut) }).meta({ id: 'SurveyDetail' });
export type SurveyDetail = z.infer<typeof SurveyDetail>;

export const SURVEY_PAGE_SIZES = [10, 20, 50] as const;

export const listSurveys = endpoint({
  permission: { screen: 'surveys', action: 'View' },
  method: 'GET',
  path: '/api/surveys',
  query: AfterQuery.extend({
    status: P.queryOneOf(SurveyStatuses).optional(),
    page: P.page,
    pageSize: P.queryOneOf(SURVEY_PAGE_SIZES).default(20),
  }),
  response: z.object({ items: z.array(SurveyItem), total: z.number().int() }).meta({ id: 'SurveyList' }),
  tags,
});

/** The events a survey may be scoped to (the builder's picker). */
export const surveyableEvents = endpoint({
  permission: { screen: 'surveys', action: 'Add' },
  method: 'GET',
  path: '/api/surveys/events',
  response: z.object({
    items: z.array(z.object({ id: z.string(), code: z.string(), nameAr: z.string(), nameEn: z.string() })),
  }),
  tags,
});

export const getSurvey = endpoint({
  permission: { screen: 'surveys', action: 'View' },
  method: 'GET',
  path: '/api/surveys/:id',
  params: IdParams,
  query: AfterQuery,
  response: SurveyDetail,
  tags,
});

/** A new survey: pending approval, or approved when its author may approve (spec: a super admin's saves directly). */
/**
 * `publish=1`: save, then publish at once (for those who may approve). When publishing is then refused, the answer is
 * SurveySavedNotPublished with the saved survey's id, its position and the refusal's code (details.reason).
 */
const SaveQuery = z.object({ publish: P.queryOneOf([0, 1]).optional() });

export const createSurvey = endpoint({
  permission: { screen: 'surveys', action: 'Add' },
  method: 'POST',
  path: '/api/surveys',
  query: SaveQuery,
  body: SurveyDefinition,
  response: CommandAccepted.extend({ id: z.string(), status: z.number().int() }),
  tags,
});

export const editSurvey = endpoint({
  permission: { screen: 'surveys', action: 'Edit' },
  method: 'PUT',
  path: '/api/surveys/:id',
  params: IdParams,
  query: SaveQuery,
  body: SurveyDefinition,
  response: CommandAccepted,
  tags,
});

export const approveSurvey = endpoint({
  permission: { screen: 'surveys', action: 'Approve' },
  method: 'POST',
  path: '/api/surveys/:id/approve',
  params: IdParams,
  response: CommandAccepted,
  tags,
});

export const rejectSurvey = endpoint({
  permission: { screen: 'surveys', action: 'Approve' },
  method: 'POST',
  path: '/api/surveys/:id/reject',
  params: IdParams,
  body: z.object({ reason: P.longText(L.reason) }).strict(),
  response: CommandAccepted,
  tags,
});

/** Spec publish errors: SurveyPublishInProgress, SurveyNoVolunteersMatch, SurveyPublishFailed (an unexpected failure). */
export const publishSurvey = endpoint({
  permission: { screen: 'surveys', action: 'Approve' },
  method: 'POST',
  path: '/api/surveys/:id/publish',
  params: IdParams,
  response: CommandAccepted,
  tags,
});

export const completeSurvey = endpoint({
  permission: { screen: 'surveys', action: 'Approve' },
  method: 'POST',
  path: '/api/surveys/:id/complete',
  params: IdParams,
  response: CommandAccepted,
  tags,
});

export const SurveyResults = z
  .object({
    survey: SurveyDetail,
    questions: z.array(
      z.object({
        questionId: z.number().int(),
        type: z.number().int(),
        textAr: z.string(),
        textEn: z.string(),
        answers: z.array(
          z.object({ answerId: z.number().int(), textAr: z.string(), textEn: z.string(), count: z.number().int() }),
        ),
        texts: z.array(z.string()),
      }),
    ),
  })
  .meta({ id: 'SurveyResults' });
export type SurveyResults = z.infer<typeof SurveyResults>;

export const surveyResults = endpoint({
  permission: { screen: 'surveys', action: 'View' },
  method: 'GET',
  path: '/api/surveys/:id/results',
  params: IdParams,
  query: AfterQuery,
  response: SurveyResults,
  tags,
});

/** The results as an Excel workbook (right-to-left sheet, Arabic headers): the response body is the .xlsx file. */
export const exportSurveyResults = endpoint({
  permission: { screen: 'surveys', action: 'View' },
  method: 'GET',
  path: '/api/surveys/:id/results/export',
  params: IdParams,
  response: z.string().meta({ description: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  tags,
});

// ── The volunteer's side ────────────────────────────────────────────────────────────────────────────────────────────

export const MySurvey = z
  .object({
    id: z.string(),
    titleAr: z.string(),
    titleEn: z.string(),
    expiryDate: isoDay.nullable(),
    eventId: z.string().nullable(),
    eventNameAr: z.string().nullable(),
    eventNameEn: z.string().nullable(),
    status: z.number().int(),
    answered: z.boolean(),
  })
  .meta({ id: 'MySurvey' });
export type MySurvey = z.infer<typeof MySurvey>;

/** The surveys published to the signed-in volunteer; `eventId` narrows to one event's (answering from the event). */
export const mySurveys = endpoint({
  permission: { screen: 'surveymandatory', action: 'View', volunteer: true },
  method: 'GET',
  path: '/api/me/surveys',
  query: AfterQuery.extend({ eventId: P.uuid().optional() }),
  response: z.object({ items: z.array(MySurvey) }),
  tags,
});

/** Spec: the check gives AlreadyParticipated or CannotParticipate (409); otherwise the questions. */
export const surveyQuestions = endpoint({
  permission: { screen: 'surveymandatory', action: 'View', volunteer: true },
  method: 'GET',
  path: '/api/me/surveys/:id',
  params: IdParams,
  response: z.object({
    id: z.string(),
    titleAr: z.string(),
    titleEn: z.string(),
    expiryDate: z.string(),
    questions: z.array(QuestionOut),
  }),
  tags,
});

/** A link from the mail: the survey it names, when the link is the signed-in volunteer's (else CannotParticipate). */
export const surveyOfToken = endpoint({
  permission: { screen: 'surveymandatory', action: 'View', volunteer: true },
  method: 'GET',
  path: '/api/me/surveys/link/:token',
  params: z.object({ token: P.token(80) }),
  response: z.object({ id: z.string() }),
  tags,
});

export const submitSurvey = endpoint({
  permission: { screen: 'surveymandatory', action: 'Edit', volunteer: true },
  method: 'POST',
  path: '/api/me/surveys/:id/answers',
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
  tags,
});
