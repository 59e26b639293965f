import { Alert, Anchor, Button, Group, Progress, Radio, Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallInput, Endpoint } from '../../../api/contracts/endpoint.ts';
import { exportFile, getExport } from '../../../api/contracts/exports.ts';
import type { ErrorCode } from '../../../domain/shared/errors.ts';
import { ApiError } from '../app/api.ts';
import { useCan } from '../app/permissions.ts';
import { useLanguageStore } from '../app/stores/language.ts';
import { call, urlOf } from '../lib/client.ts';
import { endpointQuery } from '../lib/endpointQuery.ts';
import { AppModal } from './AppModal.tsx';
import { FailureAlert } from './FailureAlert.tsx';

/** What the dialog asks for; the grid's page adds its current filters and calls its source's start endpoint. */
export interface ExportChoice {
  format: 'xlsx' | 'pdf';
  formatted: boolean;
  language: 'ar' | 'en';
}

/** Starts the export (POST /api/exports/<source> with the grid's filters) and answers its id. */
export type StartExport = (choice: ExportChoice) => Promise<{ id: string }>;

const codeOf = (e: unknown): ErrorCode => (e instanceof ApiError ? e.code : 'GenericErrorMessage');

/**
 * The shared export dialog (DataGrid's export button): Excel or PDF, with or without formatting; it starts the
 * export as a job, shows its progress (rows written of rows selected), then the download link. Failures are the
 * catalogue's codes, translated.
 */
export function ExportDialog({ opened, onClose, start }: { opened: boolean; onClose(): void; start: StartExport }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const [format, setFormat] = useState<'xlsx' | 'pdf'>('xlsx');
  const [formatted, setFormatted] = useState(true);
  const [id, setId] = useState<string | null>(null);
  const begin = useMutation({
    mutationFn: () => start({ format, formatted, language: lang }),
    onSuccess: (r) => setId(r.id),
  });
  const status = useQuery({
    ...endpointQuery(['export', id], getExport, () => ({ params: { id: id! } })),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'requested' ? false : 500),
  });
  const close = () => {
    setId(null);
    begin.reset();
    onClose();
  };
  const s = status.data;
  const percent = s?.total ? Math.min(100, Math.round((s.done / s.total) * 100)) : s?.status === 'completed' ? 100 : 0;

  return (
    <AppModal opened={opened} onClose={close} title={t('export.title')}>
      <Stack gap="md">
        {id === null ? (
          <>
            <Radio.Group label={t('export.format')} value={format} onChange={(v) => setFormat(v as 'xlsx' | 'pdf')}>
              <Group mt="xs">
                <Radio value="xlsx" label={t('export.xlsx')} data-testid="export-xlsx" />
                <Radio value="pdf" label={t('export.pdf')} data-testid="export-pdf" />
              </Group>
            </Radio.Group>
            <Switch
              label={t('export.formatted')}
              checked={formatted}
              onChange={(e) => setFormatted(e.currentTarget.checked)}
            />
            {format === 'pdf' && <Text size="sm">{t('export.pdfBound')}</Text>}
            {begin.error && <FailureAlert code={codeOf(begin.error)} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('confirm.cancel')}
              </Button>
              <Button onClick={() => begin.mutate()} loading={begin.isPending} data-testid="export-start">
                {t('export.start')}
              </Button>
            </Group>
          </>
        ) : (
          <>
            {status.error && <FailureAlert code={codeOf(status.error)} />}
            {s?.status === 'failed' ? (
              <Alert color="red" variant="outline" role="alert">
                {t('export.failed')}
              </Alert>
            ) : (
              <>
                <Progress
                  value={percent}
                  aria-label={t('export.progress')}
                  striped={s?.status !== 'completed'}
                  animated={s?.status !== 'completed'}
                />
                <Text size="sm" role="status" data-testid="export-progress">
                  {s?.status === 'completed'
                    ? t('export.done', { rows: s.rows ?? 0 })
                    : t('export.running', { done: s?.done ?? 0, total: s?.total ?? '…' })}
                </Text>
                {s?.truncated && <Text size="sm">{t('export.truncated')}</Text>}
              </>
            )}
            <Group justify="flex-end">
              {s?.status === 'completed' && (
                <Anchor href={urlOf(exportFile, { params: { id: id } })} download data-testid="export-download">
                  {t('export.download')}
                </Anchor>
              )}
              <Button variant="default" onClick={close}>
                {t('app.close')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </AppModal>
  );
}

/**
 * A grid's export for those the export's contract allows, none for the others: spread on the grid,
 * `<DataGrid {...useGridExport(exportUsers, startUsersExport(search))} … />` or through a constant named before it.
 */
export function useGridExport(contract: Endpoint, start: StartExport): { exportAction?: { start: StartExport } } {
  return useCan(contract) ? { exportAction: { start } } : {};
}

/** The filters an export endpoint's body takes beside the dialog's choice. */
type ExportFiltersOf<E extends Endpoint> = CallInput<E> extends { body: { filters: infer F } } ? F : never;

/**
 * A grid's StartExport: the export endpoint called with the dialog's choice and the grid's current filters,
 * `startExportWith(exportHours, filters)`, where each feature wrote the choice's type and the call's body.
 */
export function startExportWith<E extends Endpoint>(contract: E, filters: ExportFiltersOf<E>): StartExport {
  return (choice) => call(contract, { body: { ...choice, filters } } as CallInput<E>) as Promise<{ id: string }>;
}
