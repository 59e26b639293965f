import { QuestionType, type SurveyDefinition } from './rules.ts';

/** A complete survey: one choice question (two answers) and one free-text question, open from `start` to `expiry`. */
export const surveyDefinition = (over: Partial<SurveyDefinition> = {}): SurveyDefinition => ({
  code: 'SV-001',
  titleAr: 'استبيان رضا المتطوعين',
  titleEn: 'Volunteer satisfaction survey',
  startDate: '2026-11-22',
  expiryDate: '2026-12-31',
  scope: { kind: 'all' },
  questions: [
    {
      id: 1,
      type: QuestionType.Choice,
      textAr: 'ما مدى رضاك عن الفعالية؟',
      textEn: 'How satisfied were you with the event?',
      answers: [
        { id: 1, textAr: 'راضٍ', textEn: 'Satisfied' },
        { id: 2, textAr: 'غير راضٍ', textEn: 'Not satisfied' },
      ],
    },
    { id: 2, type: QuestionType.FreeText, textAr: 'ملاحظاتك', textEn: 'Your comments', answers: [] },
  ],
  ...over,
});
