import { Alert, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { exportEventReport } from '../../../../api/contracts/exports.ts';
import type { ParticipationStatus } from '../../../../domain/participation/status.ts';
import { AnchorLink } from '../../app/layout/links.tsx';
import { useCan } from '../../app/permissions.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { EventStatusBadge, ParticipationBadge } from '../../components/badges.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { ScrollTable } from '../../components/ScrollTable.tsx';
import { TitledSection } from '../../components/TitledSection.tsx';
import { type EventReport, eventReportQuery, startEventReportExport } from './api.ts';
import { ExportButton } from './ExportButton.tsx';
import { AsOfField, AsOfNote, Figures, RatingText, useFormat } from './figures.tsx';
import './print.css';

const route = getRouteApi('/$lang/reports/$id');

const ROSTER_COLUMNS = [
  'volunteer',
  'status',
  'attendance',
  'approvedHours',
  'pendingHours',
  'rejectedHours',
  'cases',
  'rating',
  'reviews',
  'incidents',
] as const;

/** The roster: each volunteer's status, attendance, hours, rating and reviews, incidents. */
function Roster({ report }: { report: EventReport }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const f = useFormat();
  if (report.roster.length === 0) return <Text>{t('NoRecordsFound')}</Text>;
  return (
    <ScrollTable
      label={t('reports.section.volunteers')}
      minWidth={900}
      testId="report-roster"
      headers={ROSTER_COLUMNS.map((k) => ({ key: k, label: t(`reports.col.${k}`) }))}
    >
      {report.roster.map((r) => (
        <Table.Tr key={r.volunteerId} data-testid={`roster-${r.volunteerId}`}>
          <Table.Td>{(lang === 'ar' ? r.nameAr : r.nameEn) || r.nameAr || r.nameEn || '—'}</Table.Td>
          <Table.Td>
            <ParticipationBadge status={r.status as ParticipationStatus} />
          </Table.Td>
          <Table.Td>{t(`reports.attendance.${r.attendance}`)}</Table.Td>
          <Table.Td>{f.number(r.approvedHours)}</Table.Td>
          <Table.Td>{f.number(r.pendingHours)}</Table.Td>
          <Table.Td>{f.number(r.rejectedHours)}</Table.Td>
          <Table.Td>{f.number(r.casesHandled)}</Table.Td>
          <Table.Td>
            <RatingText rating={r.rating} />
          </Table.Td>
          <Table.Td>{r.reviews.join(' · ')}</Table.Td>
          <Table.Td>{f.number(r.incidents)}</Table.Td>
        </Table.Tr>
      ))}
    </ScrollTable>
  );
}

function Report({ report }: { report: EventReport }) {
  const { t } = useTranslation();
  const f = useFormat();
  const x = report.totals;
  const distribution = x.ratings.distribution;
  return (
    <Stack gap="lg">
      <TitledSection titleId="report-attendance" title={t('reports.section.attendance')}>
        <Figures
          figures={[
            { key: 'reports.fig.participants', value: x.participants, testId: 'fig-participants' },
            { key: 'reports.fig.attended', value: x.attendance.attended ?? 0, testId: 'fig-attended' },
            { key: 'reports.fig.expected', value: x.attendance.expected ?? 0 },
            { key: 'reports.fig.absent', value: x.attendance.absent ?? 0, testId: 'fig-absent' },
            { key: 'reports.fig.released', value: x.attendance.released ?? 0 },
            { key: 'reports.fig.incidents', value: x.incidents, testId: 'fig-incidents' },
          ]}
        />
      </TitledSection>
      <TitledSection titleId="report-hours" title={t('reports.section.hours')}>
        <Figures
          figures={[
            { key: 'reports.fig.approvedHours', value: x.hours.approved, testId: 'fig-approved-hours' },
            { key: 'reports.fig.pendingHours', value: x.hours.pending, testId: 'fig-pending-hours' },
            { key: 'reports.fig.rejectedHours', value: x.hours.rejected },
            { key: 'reports.fig.casesHandled', value: x.casesHandled },
          ]}
        />
      </TitledSection>
      <TitledSection titleId="report-ratings" title={t('reports.section.ratings')}>
        <Text data-testid="fig-average-rating">
          <RatingText rating={x.ratings.average} /> — {t('reports.ratingCount', { count: x.ratings.count })}
        </Text>
        <Table withTableBorder mt="xs" maw={480}>
          <Table.Tbody>
            {([1, 2, 3, 4, 5] as const).map((level) => (
              <Table.Tr key={level}>
                <Table.Th scope="row">{t(`reports.rating.${level}`)}</Table.Th>
                <Table.Td>{f.number(distribution[level - 1] ?? 0)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TitledSection>
      <TitledSection titleId="report-volunteers" title={t('reports.section.volunteers')}>
        <Roster report={report} />
      </TitledSection>
    </Stack>
  );
}

/** /$lang/reports/$id: one event's report (spec: event reports/{id}/{eventId}), as of a day, printable. */
export function EventReportPage() {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const f = useFormat();
  const { id } = route.useParams();
  const { asOf } = route.useSearch();
  const navigate = useNavigate();
  const query = useQuery(eventReportQuery(id, asOf));
  const report = query.data;
  const canExport = useCan(exportEventReport);
  const name = report?.event ? (lang === 'ar' ? report.event.nameAr : report.event.nameEn) : '';
  usePageTitle('page.eventReport');
  return (
    <Stack mt="lg" gap="md" className="event-report">
      <Group justify="space-between" className="report-no-print">
        <AnchorLink to="/$lang/reports" params={{ lang }} search={asOf ? { asOf } : {}}>
          {t('reports.back')}
        </AnchorLink>
        <Group gap="sm">
          {canExport && report?.event && (
            <ExportButton
              label={t('reports.exportReport')}
              start={startEventReportExport(id, asOf)}
              testId="export-report"
            />
          )}
          <Button variant="default" onClick={() => window.print()} disabled={!report} data-testid="print-report">
            {t('reports.print')}
          </Button>
        </Group>
      </Group>
      <Title order={1}>
        {t('page.eventReport')}
        {name ? `: ${name}` : ''}
      </Title>
      {report?.event && (
        <Group gap="sm">
          <Text dir="ltr" component="bdi">
            {report.event.code}
          </Text>
          <Text>
            {f.day(report.event.startDate)} – {f.day(report.event.endDate)}
          </Text>
          <EventStatusBadge status={report.event.status} />
        </Group>
      )}
      <Group className="report-no-print" align="flex-end">
        <AsOfField
          id="report-asof"
          value={asOf}
          onChange={(v) =>
            void navigate({ to: '/$lang/reports/$id', params: { lang, id }, search: v ? { asOf: v } : {} })
          }
        />
      </Group>
      <AsOfNote day={asOf} testId="as-of-note" />
      {!report ? (
        <QueryState query={query} />
      ) : report.event === null ? (
        <Alert color="gray" role="status">
          {t('reports.notYet')}
        </Alert>
      ) : (
        <Report report={report} />
      )}
    </Stack>
  );
}
