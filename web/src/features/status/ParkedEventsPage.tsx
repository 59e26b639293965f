import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParkedEvent, RetryResult } from '../../../../api/contracts/admin.ts';
import * as C from '../../../../api/contracts/admin.ts';
import { errorCode } from '../../app/api.ts';
import { useCan } from '../../app/permissions.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { DataGrid, type GridRead, gridColumnHelper } from '../../components/DataGrid.tsx';
import { FailureAlert } from '../../components/FailureAlert.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { call } from '../../lib/client.ts';
import { endpointQuery } from '../../lib/endpointQuery.ts';
import { useScreen } from '../../lib/useScreen.ts';
import { formatWhen } from '../review/index.ts';

const parkedQuery = endpointQuery(['parked-events'], C.parkedEvents, () => ({}));

/** The events of the list, by projection, in the list's order (oldest first). */
function byProjection(rows: readonly ParkedEvent[]): [string, ParkedEvent[]][] {
  const groups = new Map<string, ParkedEvent[]>();
  for (const r of rows) groups.set(r.projection, [...(groups.get(r.projection) ?? []), r]);
  return [...groups];
}

/**
 * /$lang/projections (admins): events a read model could not apply and set aside, with the error, and a retry per
 * read model once the cause is fixed (after a confirmation).
 */
export function ParkedEventsPage() {
  const { t, title } = useScreen('page.projections');
  const parked = useQuery(parkedQuery);
  const [confirming, setConfirming] = useState<{ projection: string; count: number } | null>(null);
  const [outcome, setOutcome] = useState<{ projection: string; result: RetryResult } | null>(null);
  const groups = byProjection(parked.data?.rows ?? []);

  return (
    <Stack mt="lg" gap="md">
      <Title order={1}>{title}</Title>
      <Text>{t('parked.intro')}</Text>
      {outcome && (
        <Alert color={outcome.result.parked === 0 && !outcome.result.pending ? 'green' : 'yellow'} role="status">
          {t(outcome.result.pending ? 'parked.result.pending' : 'parked.result.done', {
            projection: outcome.projection,
            resolved: outcome.result.resolved,
            parked: outcome.result.parked,
          })}
        </Alert>
      )}
      {(parked.isPending || parked.isError) && <QueryState query={parked} />}
      {parked.isSuccess && groups.length === 0 && (
        <Text data-testid="parked-none" c="green.9">
          {t('parked.none')}
        </Text>
      )}
      {groups.map(([projection, rows]) => (
        <ProjectionParked
          key={projection}
          projection={projection}
          rows={rows}
          read={parked}
          onRetry={() => setConfirming({ projection, count: rows.length })}
        />
      ))}
      {confirming && (
        <RetryDialog
          projection={confirming.projection}
          count={confirming.count}
          onClose={() => setConfirming(null)}
          onDone={(result) => {
            setOutcome({ projection: confirming.projection, result });
            setConfirming(null);
          }}
        />
      )}
    </Stack>
  );
}

const col = gridColumnHelper<ParkedEvent>();

function ProjectionParked({
  projection,
  rows,
  read,
  onRetry,
}: {
  projection: string;
  rows: ParkedEvent[];
  read: GridRead;
  onRetry(): void;
}) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const columns = useMemo(
    () =>
      col.columns([
        col.accessor('eventType', {
          header: () => t('parked.col.event'),
          cell: ({ row: { original: r } }) => (
            <>
              <Text size="sm" fw={600}>
                {r.eventType}
              </Text>
              <Text size="xs" dir="ltr">
                {r.streamId}
              </Text>
              <Text size="xs" dir="ltr">
                {t('parked.position', { position: r.position })}
              </Text>
            </>
          ),
        }),
        col.accessor('error', {
          header: () => t('parked.col.error'),
          cell: (info) => (
            <Text size="sm" dir="ltr" style={{ wordBreak: 'break-word' }}>
              {info.getValue()}
            </Text>
          ),
        }),
        col.accessor('attempts', { header: () => t('parked.col.attempts') }),
        col.accessor('parkedAt', {
          header: () => t('parked.col.parkedAt'),
          cell: (info) => formatWhen(info.getValue(), lang, t).main,
        }),
      ]),
    [t, lang],
  );
  const canRetry = useCan(C.retryParked);
  const headingId = `parked-${projection}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId} data-testid="parked-projection">
      <Group justify="space-between" mb="sm">
        <Group gap="sm">
          <Title order={2} size="h3" id={headingId}>
            {projection}
          </Title>
          <Badge color="red.9" variant="light">
            {t('parked.count', { count: rows.length })}
          </Badge>
        </Group>
        {canRetry && (
          <Button onClick={onRetry} data-testid="parked-retry">
            {t('parked.retry')}
          </Button>
        )}
      </Group>
      <DataGrid
        id="parked-events"
        caption={t('parked.caption', { projection })}
        columns={columns}
        rows={rows}
        getRowId={(r) => r.eventId}
        read={read}
        rowProps={() => ({ 'data-testid': 'parked-row' })}
        columnChoice={false}
      />
    </Paper>
  );
}

function RetryDialog({
  projection,
  count,
  onClose,
  onDone,
}: {
  projection: string;
  count: number;
  onClose(): void;
  onDone(r: RetryResult): void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => call(C.retryParked, { params: { name: projection } }),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: parkedQuery.queryKey });
      onDone(result);
    },
  });
  return (
    <ConfirmModal
      opened
      title={t('parked.confirmTitle')}
      message={t('parked.confirmText', { projection, count })}
      confirmLabel={t('parked.retry')}
      cancelLabel={t('parked.cancel')}
      busy={retry.isPending}
      error={retry.isError && <FailureAlert code={errorCode(retry.error)} />}
      confirmTestId="parked-confirm"
      onConfirm={() => retry.mutate()}
      onCancel={onClose}
    />
  );
}
