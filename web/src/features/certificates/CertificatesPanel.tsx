import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { issueEventTypeCertificate, issueHoursCertificate } from '../../../../api/contracts/certificates.ts';
import { errorCode } from '../../app/api.ts';
import { AnchorLink } from '../../app/layout/links.tsx';
import { useCan } from '../../app/permissions.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { columnTitle, DataGrid, gridColumnHelper } from '../../components/DataGrid.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { notifyDone } from '../../lib/notify.ts';
import {
  type CertificateSummary,
  downloadUrl,
  type IssueRequest,
  issue,
  type MyCertificates,
  myCertificatesQuery,
} from './api.ts';
import { eventDatesColumn, eventNameColumn, hoursColumn } from './columns.tsx';
import { bothCalendars, formatHours, nameIn } from './format.ts';
import { YearSelect } from './YearSelect.tsx';

type EventRow = MyCertificates['events'][number];
const ev = gridColumnHelper<EventRow>();
const cc = gridColumnHelper<CertificateSummary>();

const STATE_COLOR = { valid: 'green.9', superseded: 'gray.7', revoked: 'red.9' } as const;

/** The volunteer's certificates: participation per event, hours per year, by event type, card and badge, and the list. */
export function CertificatesPanel() {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const queryClient = useQueryClient();
  const query = useQuery(myCertificatesQuery);
  const canHours = useCan(issueHoursCertificate);
  const canTypes = useCan(issueEventTypeCertificate);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [year, setYear] = useState<number | null>(null);

  const run = useCallback(
    async (key: string, r: IssueRequest) => {
      setBusy(key);
      setError(null);
      try {
        await issue(queryClient, r);
        notifyDone(t('certs.issued'));
      } catch (e) {
        setError(t(errorCode(e)));
      } finally {
        setBusy(null);
      }
    },
    [queryClient, t],
  );
  /** What a button that issues one certificate takes: its spinner while its own request runs, and the request. */
  const issuing = useCallback(
    (key: string, r: IssueRequest) => ({ loading: busy === key, onClick: () => run(key, r) }),
    [busy, run],
  );

  const eventColumns = useMemo(
    () =>
      ev.columns([
        eventNameColumn(ev, t, lang),
        eventDatesColumn(ev, t, lang),
        hoursColumn(ev, 'approvedHours', t('certs.col.hours'), lang, (text) => (
          <span data-testid="cert-event-hours">{text}</span>
        )),
        ev.display({
          id: 'actions',
          ...columnTitle(t('certs.col.actions')),
          cell: ({ row: { original: r } }) => (
            <Group gap="xs" wrap="nowrap">
              <Button
                size="xs"
                data-testid="issue-participation"
                {...issuing(`p:${r.eventId}`, { kind: 'participation', eventId: r.eventId })}
              >
                {t('certs.issue.participation')}
              </Button>
              <Button size="xs" variant="default" {...issuing(`c:${r.eventId}`, { kind: 'card', eventId: r.eventId })}>
                {t('certs.issue.card')}
              </Button>
            </Group>
          ),
        }),
      ]),
    [t, lang, issuing],
  );

  const certColumns = useMemo(
    () =>
      cc.columns([
        cc.accessor('kind', { ...columnTitle(t('certs.col.kind')), cell: (i) => t(`certs.kind.${i.getValue()}`) }),
        cc.accessor((c) => subjectText(c, lang), { id: 'subject', ...columnTitle(t('certs.col.subject')) }),
        cc.accessor('issuedAt', {
          ...columnTitle(t('certs.col.issued')),
          cell: (i) => bothCalendars(i.getValue(), lang),
        }),
        cc.accessor('state', {
          ...columnTitle(t('certs.col.state')),
          cell: (i) => (
            <Badge variant="filled" color={STATE_COLOR[i.getValue()]} data-testid="cert-state">
              {t(`certs.state.${i.getValue()}`)}
            </Badge>
          ),
        }),
        cc.display({
          id: 'actions',
          ...columnTitle(t('certs.col.actions')),
          cell: ({ row: { original: c } }) => (
            <Group gap="xs" wrap="nowrap">
              <Anchor href={downloadUrl(c.certificateId, 'ar')} data-testid="cert-download-ar">
                {t('certs.download.ar')}
              </Anchor>
              <Anchor href={downloadUrl(c.certificateId, 'en')} data-testid="cert-download-en">
                {t('certs.download.en')}
              </Anchor>
              <AnchorLink to="/$lang/verify/$id" params={{ lang, id: c.certificateId }}>
                {t('certs.verify')}
              </AnchorLink>
            </Group>
          ),
        }),
      ]),
    [t, lang],
  );

  if (!query.data) return <QueryState query={query} />;
  const d = query.data;
  const chosenYear = year ?? d.defaultYear;
  return (
    <Stack gap="md">
      {!d.specialisationComplete && (
        <Alert color="yellow" data-testid="certs-incomplete">
          {t('certs.incomplete')}{' '}
          <AnchorLink to="/$lang/registration/edit" params={{ lang }}>
            {t('certs.completeRegistration')}
          </AnchorLink>
        </Alert>
      )}
      <ErrorAlert message={error} testId="certs-error" />
      <Panel id="certs-events" title={t('certs.events.title')} empty={d.events.length === 0 && t('certs.events.empty')}>
        <DataGrid
          id="cert-events"
          caption={t('certs.events.title')}
          columns={eventColumns}
          rows={d.events}
          getRowId={(r) => r.eventId}
          read={query}
          columnChoice={false}
          testId="cert-events"
          rowProps={() => ({ 'data-testid': 'cert-event-row' })}
        />
      </Panel>
      {canHours && (
        <Panel id="certs-hours" title={t('certs.hours.title')}>
          <Group align="end">
            <YearSelect years={d.years} value={chosenYear} onChange={setYear} />
            <Button {...issuing('hours', { kind: 'hours', year: chosenYear })}>{t('certs.issue.hours')}</Button>
          </Group>
        </Panel>
      )}
      {canTypes && (
        <Panel
          id="certs-types"
          title={t('certs.types.title')}
          empty={d.eventTypes.length === 0 && t('certs.types.empty')}
        >
          <Stack gap="xs">
            {d.eventTypes.map((ty) => {
              const anEvent = d.events.find((e) => e.categoryId === ty.id);
              return (
                <Group key={ty.id} justify="space-between">
                  <Text>
                    {nameIn(ty, lang)} · {t('certs.hoursUnit', { hours: formatHours(ty.hours, lang) })}
                  </Text>
                  {anEvent && (
                    <Button
                      size="xs"
                      variant="default"
                      {...issuing(`t:${ty.id}`, { kind: 'eventType', eventId: anEvent.eventId })}
                    >
                      {t('certs.issue.eventType')}
                    </Button>
                  )}
                </Group>
              );
            })}
          </Stack>
        </Panel>
      )}
      <Panel id="certs-badge" title={t('certs.badge.title')}>
        <Group justify="space-between">
          <Text>{t('certs.badge.text')}</Text>
          <Button variant="default" {...issuing('badge', { kind: 'badge' })}>
            {t('certs.issue.badge')}
          </Button>
        </Group>
      </Panel>
      <Panel id="certs-mine" title={t('certs.mine.title')} empty={d.certificates.length === 0 && t('certs.mine.empty')}>
        <DataGrid
          id="my-certificates"
          caption={t('certs.mine.title')}
          columns={certColumns}
          rows={d.certificates}
          getRowId={(c) => c.certificateId}
          read={query}
          columnChoice={false}
          testId="my-certificates"
          rowProps={(c) => ({ 'data-testid': 'cert-row', 'data-kind': c.kind, 'data-state': c.state })}
        />
      </Panel>
    </Stack>
  );
}

/** A titled part of the panel; `empty` (a text) stands in for its content when there is nothing to list. */
function Panel({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  empty?: string | false;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {empty ? <Text c="dimmed">{empty}</Text> : children}
    </Paper>
  );
}

function subjectText(c: CertificateSummary, lang: 'ar' | 'en'): string {
  const r = c.record;
  if (r.event) return nameIn(r.event, lang);
  if (r.eventType) return nameIn(r.eventType, lang);
  if (r.year) return String(r.year);
  return nameIn(r.volunteer, lang);
}
