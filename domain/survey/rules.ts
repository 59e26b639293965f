import { DomainError, type ErrorCode } from '../shared/errors.ts';

/** Survey status (spec: pending approval, rejected with reason, approved, published, complete; numbered as the tickets' CurrentStatus). */
export const SurveyStatus = {
  PendingApproval: 0,
  Approved: 1,
  Rejected: 2,
  Published: 3,
  Complete: 4,
} as const;
export type SurveyStatus = (typeof SurveyStatus)[keyof typeof SurveyStatus];
export const SurveyStatuses: readonly SurveyStatus[] = [0, 1, 2, 3, 4];

/** Question types (spec: QuestionTypeId 1 choice, 2 free text). */
export const QuestionType = { Choice: 1, FreeText: 2 } as const;
export type QuestionType = (typeof QuestionType)[keyof typeof QuestionType];

/** Bounds of a survey (not in the spec: what the builder offers and the read model holds). */
export const SURVEY_LIMITS = {
  code: 30,
  title: 200,
  question: 500,
  answer: 200,
  freeText: 2000,
  questions: 50,
  answers: 20,
  reason: 500,
  filterIds: 100,
} as const;

/** Who a survey goes to (spec: "scope"): an event's participants, all volunteers, or volunteers matching filters. */
export type SurveyScope =
  | { kind: 'event'; opportunityId: string }
  | { kind: 'all' }
  | { kind: 'filtered'; regionIds: number[]; cityIds: number[]; gender: 1 | 2 | null };

export interface SurveyAnswerOption {
  id: number;
  textAr: string;
  textEn: string;
}

export interface SurveyQuestion {
  id: number;
  type: QuestionType;
  textAr: string;
  textEn: string;
  /** Choice questions only (spec: AnswerAr, AnswerEn). */
  answers: SurveyAnswerOption[];
}

/** Spec: code, title, start date, expiry date, scope, questions. */
export interface SurveyDefinition {
  code: string;
  titleAr: string;
  titleEn: string;
  /** ISO days. */
  startDate: string;
  expiryDate: string;
  scope: SurveyScope;
  questions: SurveyQuestion[];
}

/** One answer of a volunteer: a chosen answer id (choice) or a text (free text). */
export interface GivenAnswer {
  questionId: number;
  answerId?: number | null;
  text?: string | null;
}

export const isBlank = (s: string | null | undefined) => s === null || s === undefined || s.trim() === '';

function isRealDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

export const today = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Spec (validation, surveys): title, a valid expiry date, scope and questions are required. A choice question needs
 * at least two answers; every text in both languages; the expiry not before the start nor before today.
 */
export function validateDefinition(d: SurveyDefinition, now: Date): void {
  const missing: string[] = [];
  if (isBlank(d.code)) missing.push('code');
  if (isBlank(d.titleAr)) missing.push('titleAr');
  if (isBlank(d.titleEn)) missing.push('titleEn');
  if (isBlank(d.startDate)) missing.push('startDate');
  if (isBlank(d.expiryDate)) missing.push('expiryDate');
  if (!d.scope) missing.push('scope');
  else if (d.scope.kind === 'event' && isBlank(d.scope.opportunityId)) missing.push('scope');
  if (d.questions.length === 0) missing.push('questions');
  d.questions.forEach((q, i) => {
    if (isBlank(q.textAr) || isBlank(q.textEn)) missing.push(`questions.${i}`);
    if (q.type === QuestionType.Choice) {
      if (q.answers.length < 2) missing.push(`questions.${i}.answers`);
      q.answers.forEach((a, j) => {
        if (isBlank(a.textAr) || isBlank(a.textEn)) missing.push(`questions.${i}.answers.${j}`);
      });
    }
  });
  if (missing.length) throw new DomainError('AllFieldsRequired', { fields: missing });
  if (!isRealDay(d.startDate) || !isRealDay(d.expiryDate))
    throw new DomainError('InvalidDate', { field: 'expiryDate' });
  if (d.expiryDate < d.startDate || d.expiryDate < today(now))
    throw new DomainError('InvalidDate', { field: 'expiryDate' });
  if (d.questions.length > SURVEY_LIMITS.questions) throw new DomainError('InvalidCount', { field: 'questions' });
  const qIds = new Set(d.questions.map((q) => q.id));
  if (qIds.size !== d.questions.length) throw new DomainError('DuplicatesNotAllowed', { field: 'questions' });
  for (const q of d.questions) {
    if (q.answers.length > SURVEY_LIMITS.answers) throw new DomainError('InvalidCount', { field: 'answers' });
    if (new Set(q.answers.map((a) => a.id)).size !== q.answers.length)
      throw new DomainError('DuplicatesNotAllowed', { field: 'answers' });
    if (q.type === QuestionType.FreeText && q.answers.length > 0)
      throw new DomainError('ValidationFailed', { field: 'answers' });
  }
}

/**
 * Spec: every question answered (an answer greater than 0 for a choice, a text for free text): AnswerAllQuestions.
 * Answers are returned in the questions' order, only what each type takes.
 */
export function checkAnswers(questions: readonly SurveyQuestion[], given: readonly GivenAnswer[]): GivenAnswer[] {
  const byQuestion = new Map(given.map((a) => [a.questionId, a]));
  const out: GivenAnswer[] = [];
  for (const q of questions) {
    const a = byQuestion.get(q.id);
    if (q.type === QuestionType.Choice) {
      const id = a?.answerId ?? 0;
      if (!(id > 0) || !q.answers.some((o) => o.id === id))
        throw new DomainError('AnswerAllQuestions', { questionId: q.id });
      out.push({ questionId: q.id, answerId: id, text: null });
    } else {
      if (isBlank(a?.text)) throw new DomainError('AnswerAllQuestions', { questionId: q.id });
      out.push({ questionId: q.id, answerId: null, text: a!.text!.trim() });
    }
  }
  return out;
}

/** The builder's issues as the form layer shows them (path, code): what validateDefinition would refuse. */
export function definitionIssues(d: SurveyDefinition, now: Date): { path: string; code: ErrorCode }[] {
  try {
    validateDefinition(d, now);
    return [];
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    const fields = (e.details?.fields as string[] | undefined) ?? [String(e.details?.field ?? 'questions')];
    return fields.map((path) => ({ path, code: e.code }));
  }
}
