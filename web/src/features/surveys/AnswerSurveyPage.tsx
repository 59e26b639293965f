import { Alert, Button, Fieldset, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { QuestionType } from '../../../../domain/survey/rules.ts';
import { errorCode } from '../../app/api.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { useScreen } from '../../lib/useScreen.ts';
import { submitSurvey, surveyQuestionsQuery } from './api.ts';

type Answers = Record<number, { answerId?: number; text?: string }>;
const REFUSALS = new Set(['AlreadyParticipated', 'CannotParticipate']);

/**
 * A volunteer answers a survey (spec: the check gives AlreadyParticipated or CannotParticipate; otherwise the
 * questions; after submit a thank-you state). Every question must be answered (AnswerAllQuestions).
 */
export function AnswerSurveyPage() {
  const { id } = useParams({ from: '/$lang/my-surveys/$id' });
  const { t, lang } = useScreen('surveys.answer.title');
  const queryClient = useQueryClient();
  const query = useQuery(surveyQuestionsQuery(id));
  const [answers, setAnswers] = useState<Answers>({});
  const [missing, setMissing] = useState(false);
  const submit = useMutation({
    mutationFn: () =>
      submitSurvey(
        queryClient,
        id,
        Object.entries(answers).map(([q, a]) => ({
          questionId: Number(q),
          answerId: a.answerId ?? null,
          text: a.text ?? null,
        })),
      ),
  });

  if (submit.isSuccess)
    return (
      <Alert color="brand.9" role="status" title={t('surveys.answer.title')} data-testid="survey-thanks">
        {t('surveys.answer.thanks')}
      </Alert>
    );
  if (query.error && REFUSALS.has(errorCode(query.error)))
    return (
      <Alert color="orange.9" role="alert" data-testid="survey-refused">
        {t(errorCode(query.error))}
      </Alert>
    );
  if (!query.data) return <QueryState query={query} />;
  const s = query.data;
  const complete = s.questions.every((q) =>
    q.type === QuestionType.Choice ? (answers[q.id]?.answerId ?? 0) > 0 : (answers[q.id]?.text ?? '').trim() !== '',
  );

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setMissing(!complete);
        if (complete) submit.mutate();
      }}
    >
      <Stack maw={800}>
        <Title order={1}>{lang === 'ar' ? s.titleAr : s.titleEn}</Title>
        {s.questions.map((q, i) => {
          const label = `${i + 1}. ${lang === 'ar' ? q.textAr : q.textEn}`;
          const unanswered =
            missing &&
            (q.type === QuestionType.Choice ? !answers[q.id]?.answerId : !(answers[q.id]?.text ?? '').trim());
          return q.type === QuestionType.Choice ? (
            <Radio.Group
              key={q.id}
              label={label}
              required
              error={unanswered ? t('AnswerAllQuestions') : undefined}
              value={answers[q.id]?.answerId ? String(answers[q.id]!.answerId) : null}
              onChange={(v) => setAnswers((x) => ({ ...x, [q.id]: { answerId: Number(v) } }))}
            >
              <Stack gap={6} mt="xs">
                {q.answers.map((a) => (
                  <Radio key={a.id} value={String(a.id)} label={lang === 'ar' ? a.textAr : a.textEn} />
                ))}
              </Stack>
            </Radio.Group>
          ) : (
            <Fieldset key={q.id} legend={label} variant="unstyled">
              <Textarea
                aria-label={label}
                required
                maxLength={2000}
                autosize
                minRows={2}
                error={unanswered ? t('AnswerAllQuestions') : undefined}
                value={answers[q.id]?.text ?? ''}
                onChange={(e) => {
                  const text = e.currentTarget.value;
                  setAnswers((x) => ({ ...x, [q.id]: { text } }));
                }}
              />
            </Fieldset>
          );
        })}
        {missing && (
          <Text c="red.9" role="alert">
            {t('AnswerAllQuestions')}
          </Text>
        )}
        {submit.error && (
          <Alert color="red" role="alert" data-testid="survey-error">
            {t(errorCode(submit.error))}
          </Alert>
        )}
        <Button type="submit" loading={submit.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('surveys.answer.submit')}
        </Button>
      </Stack>
    </form>
  );
}
