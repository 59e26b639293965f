import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/testing.ts';
import {
  type PublishLockEvent,
  publishLockDecider,
  type SurveyAnswerEvent,
  type SurveyEvent,
  type SurveyForAnswer,
  surveyAnswerDecider,
  surveyDecider,
} from './decide.ts';
import { surveyDefinition } from './fixtures.ts';
import { type GivenAnswer, QuestionType, SurveyStatus } from './rules.ts';

const NOW = new Date('2026-11-24T09:00:00.000Z');
const given = specFor(surveyDecider, () => NOW);
const definition = surveyDefinition();
const created = (status: SurveyStatus = SurveyStatus.PendingApproval): SurveyEvent => ({
  type: 'SurveyCreated',
  data: { definition, status },
});
const approved: SurveyEvent = { type: 'SurveyApproved', data: { previous: SurveyStatus.PendingApproval } };
const published: SurveyEvent = {
  type: 'SurveyPublished',
  data: { recipients: [{ volunteerId: 'v1', token: 't1' }], previous: SurveyStatus.Approved },
};
const recipients = [{ volunteerId: 'v1', token: 't1' }];

describe('survey approval (spec: an admin’s survey awaits approval, a super admin’s saves directly)', () => {
  it('puts a survey made by an admin in pending approval', () => {
    given()
      .when({ type: 'Create', definition, direct: false })
      .thenEmits([{ type: 'SurveyCreated', data: { definition, status: SurveyStatus.PendingApproval } }]);
  });
  it('saves a survey made by a super admin directly (approved)', () => {
    given()
      .when({ type: 'Create', definition, direct: true })
      .thenEmits([{ type: 'SurveyCreated', data: { definition, status: SurveyStatus.Approved } }]);
  });
  it('approves a pending survey', () => {
    given(created()).when({ type: 'Approve' }).thenEmits([approved]);
  });
  it('rejects a pending survey with its reason', () => {
    given(created())
      .when({ type: 'Reject', reason: ' unclear questions ' })
      .thenEmits([
        { type: 'SurveyRejected', data: { previous: SurveyStatus.PendingApproval, reason: 'unclear questions' } },
      ]);
  });
  it('refuses a rejection without a reason', () => {
    given(created()).when({ type: 'Reject', reason: '   ' }).thenFails('RejectReasonRequired');
  });
  it('refuses to approve what is not pending', () => {
    given(created(SurveyStatus.Approved)).when({ type: 'Approve' }).thenFails('InvalidSurveyTransition');
  });
  it('refuses to act on a survey that does not exist', () => {
    given().when({ type: 'Approve' }).thenFails('NotFound');
  });
  it('sends an edited rejected survey back to pending approval', () => {
    given(created(), { type: 'SurveyRejected', data: { previous: 0, reason: 'x' } })
      .when({ type: 'Edit', definition, direct: false })
      .thenEmits([
        {
          type: 'SurveyEdited',
          data: { definition, from: SurveyStatus.Rejected, status: SurveyStatus.PendingApproval },
        },
      ]);
  });
  it('never edits a published survey', () => {
    given(created(SurveyStatus.Approved), published)
      .when({ type: 'Edit', definition, direct: true })
      .thenFails('InvalidSurveyTransition');
  });
});

describe('survey builder rules (spec: title, valid expiry date, scope, questions required)', () => {
  const create = (over: Parameters<typeof surveyDefinition>[0]) => ({
    type: 'Create' as const,
    definition: surveyDefinition(over),
    direct: false,
  });
  it('requires the title in both languages', () => {
    given()
      .when(create({ titleEn: ' ' }))
      .thenFails('AllFieldsRequired');
  });
  it('requires at least one question', () => {
    given()
      .when(create({ questions: [] }))
      .thenFails('AllFieldsRequired');
  });
  it('requires an event for an event scope', () => {
    given()
      .when(create({ scope: { kind: 'event', opportunityId: '' } }))
      .thenFails('AllFieldsRequired');
  });
  it('requires two answers in both languages for a choice question', () => {
    given()
      .when(
        create({
          questions: [
            {
              id: 1,
              type: QuestionType.Choice,
              textAr: 'س',
              textEn: 'Q',
              answers: [{ id: 1, textAr: 'ن', textEn: 'Y' }],
            },
          ],
        }),
      )
      .thenFails('AllFieldsRequired');
  });
  it('refuses an impossible expiry date', () => {
    given()
      .when(create({ expiryDate: '2026-02-30' }))
      .thenFails('InvalidDate');
  });
  it('refuses an expiry before the start', () => {
    given()
      .when(create({ startDate: '2026-12-10', expiryDate: '2026-12-01' }))
      .thenFails('InvalidDate');
  });
  it('refuses an expiry already past', () => {
    given()
      .when(create({ startDate: '2026-11-01', expiryDate: '2026-11-23' }))
      .thenFails('InvalidDate');
  });
  it('refuses two questions with the same id', () => {
    const q = definition.questions[1]!;
    given()
      .when(create({ questions: [q, q] }))
      .thenFails('DuplicatesNotAllowed');
  });
});

describe('publishing (spec: approved → published → complete; publish errors)', () => {
  it('publishes an approved survey to its volunteers', () => {
    given(created(), approved).when({ type: 'Publish', recipients }).thenEmits([published]);
  });
  it('refuses to publish a survey still pending approval', () => {
    given(created()).when({ type: 'Publish', recipients }).thenFails('InvalidSurveyTransition');
  });
  it('refuses to publish when no volunteer matches the scope', () => {
    given(created(), approved).when({ type: 'Publish', recipients: [] }).thenFails('SurveyNoVolunteersMatch');
  });
  it('refuses to publish a survey whose expiry has passed', () => {
    given(created(), approved)
      .when({ type: 'Publish', recipients }, new Date('2027-01-01T09:00:00Z'))
      .thenFails('InvalidDate');
  });
  it('completes a published survey', () => {
    given(created(), approved, published)
      .when({ type: 'Complete' })
      .thenEmits([{ type: 'SurveyCompleted', data: { previous: SurveyStatus.Published } }]);
  });
  it('refuses to complete a survey that was never published', () => {
    given(created(), approved).when({ type: 'Complete' }).thenFails('InvalidSurveyTransition');
  });
});

describe('only one publish at a time (spec)', () => {
  const lock = specFor(publishLockDecider, () => NOW);
  const started: PublishLockEvent = { type: 'SurveyPublishStarted', data: { surveyId: 'a' } };
  it('lets a publish start when none is running', () => {
    lock().when({ type: 'Take', surveyId: 'a' }).thenEmits([started]);
  });
  it('refuses a second publish while another is in progress', () => {
    lock(started).when({ type: 'Take', surveyId: 'b' }).thenFails('SurveyPublishInProgress');
  });
  it('lets the next publish start once the first has ended', () => {
    lock(started, { type: 'SurveyPublishEnded', data: { surveyId: 'a' } })
      .when({ type: 'Take', surveyId: 'b' })
      .thenEmits([{ type: 'SurveyPublishStarted', data: { surveyId: 'b' } }]);
  });
  it('never releases a publish held by another survey', () => {
    lock(started).when({ type: 'Release', surveyId: 'b' }).thenEmits([]);
  });
});

describe('answering (spec: one submission per volunteer, must be among its volunteers, every question answered)', () => {
  const answer = specFor(surveyAnswerDecider, () => NOW);
  const survey = (over: Partial<SurveyForAnswer> = {}): SurveyForAnswer => ({
    status: SurveyStatus.Published,
    definition,
    recipient: true,
    ...over,
  });
  const full: GivenAnswer[] = [
    { questionId: 1, answerId: 2 },
    { questionId: 2, text: ' good ' },
  ];
  const submit = (over: Partial<SurveyForAnswer> | null = {}, answers: GivenAnswer[] = full) => ({
    type: 'Submit' as const,
    surveyId: 's',
    volunteerId: 'v1',
    survey: over === null ? null : survey(over),
    answers,
  });
  const answered: SurveyAnswerEvent = {
    type: 'SurveyAnswered',
    data: {
      surveyId: 's',
      volunteerId: 'v1',
      answers: [
        { questionId: 1, answerId: 2, text: null },
        { questionId: 2, answerId: null, text: 'good' },
      ],
    },
  };
  it('records a complete answer', () => {
    answer().when(submit()).thenEmits([answered]);
  });
  it('refuses a second submission: AlreadyParticipated', () => {
    answer(answered).when(submit()).thenFails('AlreadyParticipated');
  });
  it('says AlreadyParticipated before anything else, even once the survey is complete', () => {
    answer(answered)
      .when(submit({ status: SurveyStatus.Complete }))
      .thenFails('AlreadyParticipated');
  });
  it('refuses a volunteer the survey was not published to: CannotParticipate', () => {
    answer()
      .when(submit({ recipient: false }))
      .thenFails('CannotParticipate');
  });
  it('refuses an unknown survey: CannotParticipate', () => {
    answer().when(submit(null)).thenFails('CannotParticipate');
  });
  it('refuses answers once the survey is complete', () => {
    answer()
      .when(submit({ status: SurveyStatus.Complete }))
      .thenFails('CannotParticipate');
  });
  it('refuses answers after the expiry date', () => {
    answer().when(submit(), new Date('2027-01-01T09:00:00Z')).thenFails('CannotParticipate');
  });
  it('refuses answers before the start date', () => {
    answer().when(submit(), new Date('2026-11-20T09:00:00Z')).thenFails('CannotParticipate');
  });
  it('refuses a choice left at 0: AnswerAllQuestions', () => {
    answer()
      .when(submit({}, [{ questionId: 1, answerId: 0 }, full[1]!]))
      .thenFails('AnswerAllQuestions');
  });
  it('refuses a choice that is not one of the question’s answers', () => {
    answer()
      .when(submit({}, [{ questionId: 1, answerId: 9 }, full[1]!]))
      .thenFails('AnswerAllQuestions');
  });
  it('refuses a blank free text: AnswerAllQuestions', () => {
    answer()
      .when(submit({}, [full[0]!, { questionId: 2, text: '  ' }]))
      .thenFails('AnswerAllQuestions');
  });
  it('refuses a missing question: AnswerAllQuestions', () => {
    answer()
      .when(submit({}, [full[0]!]))
      .thenFails('AnswerAllQuestions');
  });
  it('keeps only what each question type takes', () => {
    answer()
      .when(
        submit({}, [
          { questionId: 1, answerId: 2, text: 'ignored' },
          { questionId: 2, answerId: 1, text: 'good' },
          { questionId: 99, text: 'unknown question' },
        ]),
      )
      .thenEmits((events) => expect(events[0]!.data.answers).toEqual(answered.data.answers));
  });
});
