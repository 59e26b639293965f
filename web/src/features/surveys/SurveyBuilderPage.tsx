import { Alert, Button, Fieldset, Group, MultiSelect, Select, Stack, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { publishSurvey } from '../../../../api/contracts/surveys.ts';
import {
  definitionIssues,
  QuestionType,
  type SurveyDefinition,
  type SurveyQuestion,
} from '../../../../domain/survey/rules.ts';
import { errorCode } from '../../app/api.ts';
import { useCan } from '../../app/permissions.ts';
import { FormField } from '../../components/form/FormField.tsx';
import { TextField } from '../../components/form/fields.tsx';
import { GregorianDateInput } from '../../components/form/GregorianDateInput.tsx';
import { RulesForm } from '../../components/form/RulesForm.tsx';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { notifyDone } from '../../lib/notify.ts';
import { useScreen } from '../../lib/useScreen.ts';
import { lookupName, lookupsQuery } from '../registration/index.ts';
import { createSurvey, surveyableEventsQuery } from './api.ts';

/** Spec: date pickers up to 2030-06-22. */
const DATE_MAX = '2030-06-22';
const today = () => new Date().toISOString().slice(0, 10);
const choice = (id: number): SurveyQuestion => ({
  id,
  type: QuestionType.Choice,
  textAr: '',
  textEn: '',
  answers: [
    { id: 1, textAr: '', textEn: '' },
    { id: 2, textAr: '', textEn: '' },
  ],
});
const initial = (): SurveyDefinition => ({
  code: '',
  titleAr: '',
  titleEn: '',
  startDate: today(),
  expiryDate: '',
  scope: { kind: 'all' },
  questions: [choice(1)],
});

/**
 * The survey builder (spec: code, title in both languages, start and expiry dates, scope, questions of type choice
 * with answers in both languages, or free text). Checked by the domain's own rule before it is sent.
 */
export function SurveyBuilderPage() {
  const { t, lang } = useScreen('surveys.new');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const domain = useDomainForm<SurveyDefinition, 'submit'>({
    initialValues: initial(),
    rules: (v) => definitionIssues(v, new Date()),
    defaultMode: 'submit',
    idPrefix: 'survey',
  });
  const v = domain.values;
  const events = useQuery({ ...surveyableEventsQuery, enabled: v.scope.kind === 'event' });
  const lookups = useQuery({ ...lookupsQuery, enabled: v.scope.kind === 'filtered' });
  // Those who may approve save directly, so they may also save and publish at once.
  const canPublish = useCan(publishSurvey);
  const save = useMutation({
    mutationFn: (publish: boolean) => createSurvey(queryClient, v, publish),
    onSuccess: (r) => {
      notifyDone(
        t(r.status === 3 ? 'surveys.done.publish' : r.status === 0 ? 'surveys.savedPending' : 'surveys.saved'),
      );
      void navigate({ to: '/$lang/surveys', params: { lang } });
    },
    onError: (e) => {
      // Saved but not published: the survey exists; the list shows it (approved), with the reason said here.
      if (errorCode(e) === 'SurveySavedNotPublished') void queryClient.invalidateQueries({ queryKey: ['surveys'] });
    },
  });
  const areas = (kind: 'regionIds' | 'cityIds') => {
    const items = kind === 'regionIds' ? (lookups.data?.regions ?? []) : (lookups.data?.cities ?? []);
    return (
      <FormField
        path={`scope.${kind}`}
        label={t(kind === 'regionIds' ? 'surveys.field.regions' : 'surveys.field.cities')}
      >
        {({ wrapper }) => (
          <MultiSelect
            {...wrapper}
            searchable
            clearable
            disabled={lookups.isPending}
            data={items.map((i) => ({ value: String(i.id), label: lookupName(i, lang) }))}
            value={v.scope.kind === 'filtered' ? v.scope[kind].map(String) : []}
            onChange={(ids) => v.scope.kind === 'filtered' && set('scope', { ...v.scope, [kind]: ids.map(Number) })}
          />
        )}
      </FormField>
    );
  };
  const set = <K extends keyof SurveyDefinition>(key: K, value: SurveyDefinition[K]) =>
    domain.update((x) => ({ ...x, [key]: value }), key);
  const setQuestion = (i: number, change: (q: SurveyQuestion) => SurveyQuestion, path: string) =>
    domain.update((x) => ({ ...x, questions: x.questions.map((q, j) => (j === i ? change(q) : q)) }), path);
  const text = (path: string, label: string, value: string, onChange: (s: string) => void, max = 500) => (
    <TextField path={path} label={label} required value={value} maxLength={max} onChange={onChange} />
  );

  return (
    <RulesForm domain={domain} mode="submit" maw={900} onValid={() => save.mutate(false)}>
      <Title order={1}>{t('surveys.new')}</Title>
      {text('code', t('surveys.field.code'), v.code, (s) => set('code', s), 30)}
      <Group grow align="flex-start">
        {text('titleAr', t('surveys.field.titleAr'), v.titleAr, (s) => set('titleAr', s), 200)}
        {text('titleEn', t('surveys.field.titleEn'), v.titleEn, (s) => set('titleEn', s), 200)}
      </Group>
      <Group grow align="flex-start">
        <FormField path="startDate" label={t('surveys.field.startDate')} required>
          {({ wrapper }) => (
            <GregorianDateInput
              {...wrapper}
              value={v.startDate}
              min="2020-01-01"
              max={DATE_MAX}
              onChange={(d) => set('startDate', d ?? '')}
            />
          )}
        </FormField>
        <FormField path="expiryDate" label={t('surveys.field.expiryDate')} required>
          {({ wrapper }) => (
            <GregorianDateInput
              {...wrapper}
              value={v.expiryDate}
              min={v.startDate || today()}
              max={DATE_MAX}
              onChange={(d) => set('expiryDate', d ?? '')}
            />
          )}
        </FormField>
      </Group>
      <FormField path="scope" label={t('surveys.field.scope')} required>
        {({ wrapper }) => (
          <Select
            {...wrapper}
            allowDeselect={false}
            value={v.scope.kind}
            data={(['event', 'all', 'filtered'] as const).map((k) => ({
              value: k,
              label: t(`surveys.scope.${k}`),
            }))}
            onChange={(k) =>
              set(
                'scope',
                k === 'event'
                  ? { kind: 'event', opportunityId: '' }
                  : k === 'filtered'
                    ? { kind: 'filtered', regionIds: [], cityIds: [], gender: null }
                    : { kind: 'all' },
              )
            }
          />
        )}
      </FormField>
      {v.scope.kind === 'event' && (
        <FormField path="scope.event" label={t('surveys.field.event')} required>
          {({ wrapper }) => (
            <Select
              {...wrapper}
              searchable
              data-testid="survey-event"
              value={v.scope.kind === 'event' ? v.scope.opportunityId || null : null}
              data={(events.data?.items ?? []).map((e) => ({
                value: e.id,
                label: `${e.code} — ${lang === 'ar' ? e.nameAr : e.nameEn}`,
              }))}
              onChange={(id) => set('scope', { kind: 'event', opportunityId: id ?? '' })}
            />
          )}
        </FormField>
      )}
      {v.scope.kind === 'filtered' && lookups.isError && (
        <Alert color="red" role="alert">
          {t(errorCode(lookups.error))}
        </Alert>
      )}
      {v.scope.kind === 'filtered' && areas('regionIds')}
      {v.scope.kind === 'filtered' && areas('cityIds')}
      {v.scope.kind === 'filtered' && (
        <FormField path="scope.gender" label={t('surveys.field.gender')}>
          {({ wrapper }) => (
            <Select
              {...wrapper}
              allowDeselect={false}
              value={v.scope.kind === 'filtered' ? String(v.scope.gender ?? 0) : '0'}
              data={[
                { value: '0', label: t('surveys.gender.any') },
                { value: '1', label: t('surveys.gender.1') },
                { value: '2', label: t('surveys.gender.2') },
              ]}
              onChange={(g) =>
                v.scope.kind === 'filtered' &&
                set('scope', { ...v.scope, gender: g === '1' ? 1 : g === '2' ? 2 : null })
              }
            />
          )}
        </FormField>
      )}
      <Title order={2}>{t('surveys.questions')}</Title>
      {v.questions.map((q, i) => (
        <Fieldset key={q.id} legend={t('surveys.question', { n: i + 1 })} data-testid="survey-question">
          <Stack gap="xs">
            <Select
              label={t('surveys.question.type')}
              allowDeselect={false}
              value={String(q.type)}
              data={[1, 2].map((n) => ({ value: String(n), label: t(`surveys.question.type.${n as 1 | 2}`) }))}
              onChange={(n) =>
                setQuestion(
                  i,
                  (x) =>
                    n === '2'
                      ? { ...x, type: QuestionType.FreeText, answers: [] }
                      : { ...choice(x.id), ...x, type: QuestionType.Choice, answers: choice(x.id).answers },
                  `questions.${i}`,
                )
              }
            />
            <Group grow align="flex-start">
              {text(`questions.${i}`, t('surveys.question.textAr'), q.textAr, (s) =>
                setQuestion(i, (x) => ({ ...x, textAr: s }), `questions.${i}`),
              )}
              <TextInput
                label={t('surveys.question.textEn')}
                required
                value={q.textEn}
                maxLength={500}
                onChange={(e) => {
                  const s = e.currentTarget.value;
                  setQuestion(i, (x) => ({ ...x, textEn: s }), `questions.${i}`);
                }}
              />
            </Group>
            {q.answers.map((a, j) => (
              <Group key={a.id} grow align="flex-end">
                {text(`questions.${i}.answers.${j}`, t('surveys.answer.textAr', { n: j + 1 }), a.textAr, (s) =>
                  setQuestion(
                    i,
                    (x) => ({ ...x, answers: x.answers.map((y, k) => (k === j ? { ...y, textAr: s } : y)) }),
                    `questions.${i}.answers.${j}`,
                  ),
                )}
                <TextInput
                  label={t('surveys.answer.textEn', { n: j + 1 })}
                  required
                  value={a.textEn}
                  maxLength={200}
                  onChange={(e) => {
                    const s = e.currentTarget.value;
                    setQuestion(
                      i,
                      (x) => ({ ...x, answers: x.answers.map((y, k) => (k === j ? { ...y, textEn: s } : y)) }),
                      `questions.${i}.answers.${j}`,
                    );
                  }}
                />
              </Group>
            ))}
            <Group>
              {q.type === QuestionType.Choice && q.answers.length < 20 && (
                <Button
                  variant="light"
                  size="compact-sm"
                  onClick={() =>
                    setQuestion(
                      i,
                      (x) => ({
                        ...x,
                        answers: [
                          ...x.answers,
                          { id: Math.max(0, ...x.answers.map((y) => y.id)) + 1, textAr: '', textEn: '' },
                        ],
                      }),
                      `questions.${i}.answers`,
                    )
                  }
                >
                  {t('surveys.answer.add')}
                </Button>
              )}
              {v.questions.length > 1 && (
                <Button
                  variant="subtle"
                  color="red.8"
                  size="compact-sm"
                  onClick={() =>
                    domain.update((x) => ({ ...x, questions: x.questions.filter((_, k) => k !== i) }), 'questions')
                  }
                >
                  {t('surveys.question.remove', { n: i + 1 })}
                </Button>
              )}
            </Group>
          </Stack>
        </Fieldset>
      ))}
      <Group>
        <Button
          variant="light"
          disabled={v.questions.length >= 50}
          onClick={() =>
            domain.update(
              (x) => ({
                ...x,
                questions: [...x.questions, choice(Math.max(0, ...x.questions.map((q) => q.id)) + 1)],
              }),
              'questions',
            )
          }
        >
          {t('surveys.question.add')}
        </Button>
      </Group>
      {domain.issues.length > 0 && (
        <Alert color="red" role="alert">
          {t(domain.issues[0]!.code)}
        </Alert>
      )}
      {save.error && (
        <Alert color="red" role="alert">
          {t(errorCode(save.error))}
        </Alert>
      )}
      <Group justify="flex-end">
        {canPublish && (
          <Button
            variant="light"
            loading={save.isPending && save.variables === true}
            disabled={save.isPending}
            onClick={() => {
              if (domain.check('submit').length === 0) save.mutate(true);
            }}
          >
            {t('surveys.saveAndPublish')}
          </Button>
        )}
        <Button type="submit" loading={save.isPending && save.variables !== true} disabled={save.isPending}>
          {t('surveys.save')}
        </Button>
      </Group>
    </RulesForm>
  );
}
