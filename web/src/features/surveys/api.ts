import { keepPreviousData, type QueryClient } from '@tanstack/react-query';
import * as C from '../../../../api/contracts/surveys.ts';
import type { SurveyDefinition } from '../../../../domain/survey/rules.ts';
import { call, pageQuery } from '../../lib/client.ts';
import { endpointQuery } from '../../lib/endpointQuery.ts';
import { afterPosition, rememberPosition } from '../../lib/readYourWrites.ts';
import { readYourWritesQuery } from '../../lib/readYourWritesQuery.ts';

export type { MySurvey, SurveyDetail, SurveyItem, SurveyResults } from '../../../../api/contracts/surveys.ts';

export const surveysQuery = (q: { status?: number; page: number; pageSize: 10 | 20 | 50 }) => ({
  ...endpointQuery(['surveys', q], C.listSurveys, () => ({
    query: { after: afterPosition(), status: q.status?.toString(), ...pageQuery(q) },
  })),
  placeholderData: keepPreviousData,
});

export const surveyResultsQuery = (id: string) =>
  readYourWritesQuery(['surveys', 'results', id], C.surveyResults, { id });

export const mySurveysQuery = endpointQuery(['my-surveys'], C.mySurveys, () => ({
  query: { after: afterPosition() },
}));

export const surveyQuestionsQuery = (id: string) => ({
  ...endpointQuery(['my-surveys', id], C.surveyQuestions, () => ({ params: { id } })),
  retry: false,
});

async function settled<T extends { position: string }>(queryClient: QueryClient, key: string, done: Promise<T>) {
  const res = await done;
  rememberPosition(res.position);
  void queryClient.invalidateQueries({ queryKey: [key] });
  return res;
}

/** publish: save and publish at once (SurveySavedNotPublished when the survey is saved but publishing is refused). */
export const createSurvey = (queryClient: QueryClient, definition: SurveyDefinition, publish = false) =>
  settled(queryClient, 'surveys', call(C.createSurvey, { query: publish ? { publish: '1' } : {}, body: definition }));

export type SurveyAction = 'approve' | 'publish' | 'complete';
const ACTIONS = { approve: C.approveSurvey, publish: C.publishSurvey, complete: C.completeSurvey } as const;
export const actOnSurvey = (queryClient: QueryClient, id: string, action: SurveyAction) =>
  settled(queryClient, 'surveys', call(ACTIONS[action], { params: { id } }));
export const rejectSurvey = (queryClient: QueryClient, id: string, reason: string) =>
  settled(queryClient, 'surveys', call(C.rejectSurvey, { params: { id }, body: { reason } }));

export const submitSurvey = (
  queryClient: QueryClient,
  id: string,
  answers: { questionId: number; answerId?: number | null; text?: string | null }[],
) => settled(queryClient, 'my-surveys', call(C.submitSurvey, { params: { id }, body: { answers } }));

export const surveyOfToken = (token: string) => call(C.surveyOfToken, { params: { token } });

export const exportHref = (id: string) => `/api/surveys/${encodeURIComponent(id)}/results/export`;

export const surveyableEventsQuery = endpointQuery(['surveys', 'events'], C.surveyableEvents, () => ({}));
