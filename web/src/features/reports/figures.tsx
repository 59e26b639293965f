import { Alert, Paper, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../../api/contracts/common.ts';
import type { TranslationKey } from '../../app/i18n/index.ts';
import { useLanguageStore } from '../../app/stores/language.ts';

/** Numbers and days in the page's language (Latin digits, as the rest of the portal). */
export function useFormat() {
  const lang = useLanguageStore((s) => s.lang);
  return formatters(lang);
}
export function formatters(lang: Lang) {
  const locale = lang === 'ar' ? 'ar-SA-u-ca-gregory-nu-latn' : 'en-GB';
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  return {
    number: (n: number) => number.format(n),
    day: (iso: string | null) => (iso ? day.format(new Date(`${iso}T00:00:00Z`)) : ''),
  };
}

/** A rating (1 Poor … 5 Excellent) with its word; the average keeps two decimals. */
export function RatingText({ rating }: { rating: number | null }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (rating === null) return <Text span>{t('reports.noRating')}</Text>;
  const level = Math.min(5, Math.max(1, Math.round(rating))) as 1 | 2 | 3 | 4 | 5;
  return (
    <Text span>
      {f.number(rating)} ({t(`reports.rating.${level}`)})
    </Text>
  );
}

export interface Figure {
  key: TranslationKey;
  value: number | string;
  testId?: string;
}

/** Labelled figures as a description list (a screen reader reads each label with its value). */
export function Figures({ figures, cols = 4 }: { figures: readonly Figure[]; cols?: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <SimpleGrid component="dl" cols={{ base: 2, sm: cols }} spacing="sm" m={0}>
      {figures.map((x) => (
        <Paper key={x.key} withBorder p="sm" radius="md" component="div">
          <Text component="dt" size="sm" c="dimmed">
            {t(x.key)}
          </Text>
          <Text component="dd" fw={700} size="xl" m={0} data-testid={x.testId}>
            {typeof x.value === 'number' ? f.number(x.value) : x.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** The as-of day: empty for now; the reports then show the figures as they stood at the end of that day. */
export function AsOfField({
  value,
  onChange,
  id,
}: {
  value: string | undefined;
  onChange(v: string): void;
  id: string;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      id={id}
      type="date"
      label={t('reports.asOf')}
      description={t('reports.asOfHint')}
      value={value ?? ''}
      min="1950-01-01"
      max="2030-06-22"
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/** Says which day's end the figures stand at (nothing while they are today's). */
export function AsOfNote({ day, testId }: { day: string | undefined; testId?: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (!day) return null;
  return (
    <Alert color="blue" role="status" data-testid={testId}>
      {t('reports.asOfShown', { day: f.day(day) })}
    </Alert>
  );
}
