import { Alert, Anchor, Badge, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { issueEventTypeCertificate, issueHoursCertificate } from '../../../../api/contracts/certificates.ts';
import { errorCode } from '../../app/api.ts';
import { AnchorLink } from '../../app/layout/links.tsx';
import { useCan } from '../../app/permissions.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { DataGrid, gridColumnHelper } from '../../components/DataGrid.tsx';
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
import { bothCalendars, formatHours, nameIn } from './format.ts';

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

  const eventColumns = useMemo(
    () =>
      ev.columns([
        ev.accessor((r) => nameIn(r, lang), {
          id: 'event',
          header: () => t('certs.col.event'),
          meta: { label: t('certs.col.event') },
        }),
        ev.accessor('startDate', {
          header: () => t('certs.col.dates'),
          meta: { label: t('certs.col.dates') },
          cell: ({ row: { original: r } }) => `${bothCalendars(r.startDate, lang)} – ${bothCalendars(r.endDate, lang)}`,
        }),
        ev.accessor('approvedHours', {
          header: () => t('certs.col.hours'),
          meta: { label: t('certs.col.hours') },
          cell: (i) => <span data-testid="cert-event-hours">{formatHours(i.getValue(), lang)}</span>,
        }),
        ev.display({
          id: 'actions',
          header: () => t('certs.col.actions'),
          meta: { label: t('certs.col.actions') },
          cell: ({ row: { original: r } }) => (
            <Group gap="xs" wrap="nowrap">
              <Button
                size="xs"
                loading={busy === `p:${r.eventId}`}
                data-testid="issue-participation"
                onClick={() => run(`p:${r.eventId}`, { kind: 'participation', eventId: r.eventId })}
              >
                {t('certs.issue.participation')}
              </Button>
              <Button
                size="xs"
                variant="default"
                loading={busy === `c:${r.eventId}`}
                onClick={() => run(`c:${r.eventId}`, { kind: 'card', eventId: r.eventId })}
              >
                {t('certs.issue.card')}
              </Button>
            </Group>
          ),
        }),
      ]),
    [t, lang, busy, run],
  );

  const certColumns = useMemo(
    () =>
      cc.columns([
        cc.accessor('kind', {
          header: () => t('certs.col.kind'),
          meta: { label: t('certs.col.kind') },
          cell: (i) => t(`certs.kind.${i.getValue()}`),
        }),
        cc.accessor((c) => subjectText(c, lang), {
          id: 'subject',
          header: () => t('certs.col.subject'),
          meta: { label: t('certs.col.subject') },
        }),
        cc.accessor('issuedAt', {
          header: () => t('certs.col.issued'),
          meta: { label: t('certs.col.issued') },
          cell: (i) => bothCalendars(i.getValue(), lang),
        }),
        cc.accessor('state', {
          header: () => t('certs.col.state'),
          meta: { label: t('certs.col.state') },
          cell: (i) => (
            <Badge variant="filled" color={STATE_COLOR[i.getValue()]} data-testid="cert-state">
              {t(`certs.state.${i.getValue()}`)}
            </Badge>
          ),
        }),
        cc.display({
          id: 'actions',
          header: () => t('certs.col.actions'),
          meta: { label: t('certs.col.actions') },
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
      {error && (
        <Alert color="red" role="alert" data-testid="certs-error">
          {error}
        </Alert>
      )}
      <Paper withBorder p="md" component="section" aria-labelledby="certs-events">
        <Title order={2} size="h4" id="certs-events" mb="sm">
          {t('certs.events.title')}
        </Title>
        {d.events.length === 0 ? (
          <Text c="dimmed">{t('certs.events.empty')}</Text>
        ) : (
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
        )}
      </Paper>
      {canHours && (
        <Paper withBorder p="md" component="section" aria-labelledby="certs-hours">
          <Title order={2} size="h4" id="certs-hours" mb="sm">
            {t('certs.hours.title')}
          </Title>
          <Group align="end">
            <NativeSelect
              label={t('certs.hours.year')}
              value={String(chosenYear)}
              data={d.years.map(String)}
              onChange={(e) => setYear(Number(e.currentTarget.value))}
            />
            <Button loading={busy === 'hours'} onClick={() => run('hours', { kind: 'hours', year: chosenYear })}>
              {t('certs.issue.hours')}
            </Button>
          </Group>
        </Paper>
      )}
      {canTypes && (
        <Paper withBorder p="md" component="section" aria-labelledby="certs-types">
          <Title order={2} size="h4" id="certs-types" mb="sm">
            {t('certs.types.title')}
          </Title>
          {d.eventTypes.length === 0 ? (
            <Text c="dimmed">{t('certs.types.empty')}</Text>
          ) : (
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
                        loading={busy === `t:${ty.id}`}
                        onClick={() => run(`t:${ty.id}`, { kind: 'eventType', eventId: anEvent.eventId })}
                      >
                        {t('certs.issue.eventType')}
                      </Button>
                    )}
                  </Group>
                );
              })}
            </Stack>
          )}
        </Paper>
      )}
      <Paper withBorder p="md" component="section" aria-labelledby="certs-badge">
        <Title order={2} size="h4" id="certs-badge" mb="sm">
          {t('certs.badge.title')}
        </Title>
        <Group justify="space-between">
          <Text>{t('certs.badge.text')}</Text>
          <Button variant="default" loading={busy === 'badge'} onClick={() => run('badge', { kind: 'badge' })}>
            {t('certs.issue.badge')}
          </Button>
        </Group>
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="certs-mine">
        <Title order={2} size="h4" id="certs-mine" mb="sm">
          {t('certs.mine.title')}
        </Title>
        {d.certificates.length === 0 ? (
          <Text c="dimmed">{t('certs.mine.empty')}</Text>
        ) : (
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
        )}
      </Paper>
    </Stack>
  );
}

function subjectText(c: CertificateSummary, lang: 'ar' | 'en'): string {
  const r = c.record;
  if (r.event) return nameIn(r.event, lang);
  if (r.eventType) return nameIn(r.eventType, lang);
  if (r.year) return String(r.year);
  return nameIn(r.volunteer, lang);
}
