import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Anchor, Card, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { QuestionType } from '../../../../domain/survey/rules.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { useScreen } from '../../lib/useScreen.ts';
import { exportHref, type SurveyResults, surveyResultsQuery } from './api.ts';

type Question = SurveyResults['questions'][number];

/**
 * One choice question's counts: a bar chart (right to left in Arabic: the axis runs from the right) and the same
 * numbers as a table, the chart's text equivalent for screen readers and keyboard users.
 */
function ChoiceResult({ q, lang }: { q: Question; lang: 'ar' | 'en' }) {
  const { t } = useTranslation();
  const question = lang === 'ar' ? q.textAr : q.textEn;
  const data = q.answers.map((a) => ({ answer: lang === 'ar' ? a.textAr : a.textEn, count: a.count }));
  const rtl = lang === 'ar';
  return (
    <Stack gap="xs">
      <figure style={{ margin: 0 }} aria-label={t('surveys.results.chart', { question })} data-testid="survey-chart">
        <BarChart
          h={220}
          data={data}
          dataKey="answer"
          series={[{ name: 'count', label: t('surveys.results.count'), color: 'brand.7' }]}
          xAxisProps={{ reversed: rtl }}
          yAxisProps={{ orientation: rtl ? 'right' : 'left', allowDecimals: false }}
          withTooltip={false}
          // The table below is its text equivalent: the picture is hidden from assistive technology and not focusable.
          barChartProps={{ accessibilityLayer: false }}
          aria-hidden
        />
      </figure>
      <Table withTableBorder striped data-testid="survey-result-table">
        <Table.Caption>{t('surveys.results.table', { question })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('surveys.results.answer')}</Table.Th>
            <Table.Th scope="col">{t('surveys.results.count')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.map((d) => (
            <Table.Tr key={d.answer}>
              <Table.Th scope="row" fw={400}>
                {d.answer}
              </Table.Th>
              <Table.Td>{d.count}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** Results per question (spec: survey results) and the Excel export. */
export function SurveyResultsPage() {
  const { id } = useParams({ from: '/$lang/surveys/$id/results' });
  const { t, lang } = useScreen('surveys.results.title');
  const query = useQuery(surveyResultsQuery(id));
  if (!query.data) return <QueryState query={query} />;
  const { survey, questions } = query.data;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>
          {t('surveys.results.title')}: {lang === 'ar' ? survey.titleAr : survey.titleEn}
        </Title>
        <Anchor href={exportHref(id)} download>
          {t('surveys.export')}
        </Anchor>
      </Group>
      <Text data-testid="survey-responses">
        {t('surveys.results.responses', { count: survey.responses, recipients: survey.recipients })}
      </Text>
      {questions.map((q, i) => (
        <Card key={q.questionId} withBorder component="section" aria-labelledby={`survey-q-${q.questionId}`}>
          <Title order={2} size="h4" id={`survey-q-${q.questionId}`} mb="sm">
            {i + 1}. {lang === 'ar' ? q.textAr : q.textEn}
          </Title>
          {q.type === QuestionType.Choice ? (
            <ChoiceResult q={q} lang={lang} />
          ) : q.texts.length === 0 ? (
            <Text>{t('surveys.results.noTexts')}</Text>
          ) : (
            <List aria-label={t('surveys.results.texts')}>
              {q.texts.map((x, k) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: texts repeat; their order is stable.
                <List.Item key={k}>{x}</List.Item>
              ))}
            </List>
          )}
        </Card>
      ))}
    </Stack>
  );
}
