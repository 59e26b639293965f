import { Alert, Button, Group, SegmentedControl, Stack, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import * as C from '../../../../api/contracts/surveys.ts';
import { SurveyStatus } from '../../../../domain/survey/rules.ts';
import { errorCode } from '../../app/api.ts';
import type { TranslationKey } from '../../app/i18n/index.ts';
import { AnchorLink, ButtonLink } from '../../app/layout/links.tsx';
import { useCan } from '../../app/permissions.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { columnTitle, DataGrid, gridColumnHelper } from '../../components/DataGrid.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { gridPaging } from '../../components/paging.ts';
import { notifyDone } from '../../lib/notify.ts';
import { useScreen } from '../../lib/useScreen.ts';
import { actOnSurvey, rejectSurvey, type SurveyAction, type SurveyItem, surveysQuery } from './api.ts';

type Pending = { survey: SurveyItem; action: SurveyAction | 'reject' } | null;

/** A row's action buttons, in this order: each for the status it applies to, with its colour and variant. */
const ROW_ACTIONS: readonly {
  action: NonNullable<Pending>['action'];
  when: SurveyStatus;
  color?: string;
  variant?: 'light';
}[] = [
  { action: 'approve', when: SurveyStatus.PendingApproval },
  { action: 'reject', when: SurveyStatus.PendingApproval, color: 'red.8', variant: 'light' },
  { action: 'publish', when: SurveyStatus.Approved },
  { action: 'complete', when: SurveyStatus.Published, variant: 'light' },
];
const col = gridColumnHelper<SurveyItem>();

export const statusKey = (s: number) => `surveys.status.${s}` as TranslationKey;
export const surveyTitle = (s: { titleAr: string; titleEn: string }, lang: string) =>
  lang === 'ar' ? s.titleAr : s.titleEn;

/** The staff's surveys: all, or those awaiting approval; approve, reject with a reason, publish, complete, results. */
export function SurveysPage() {
  const { t, lang } = useScreen('surveys.title');
  const queryClient = useQueryClient();
  const can = {
    add: useCan(C.createSurvey),
    approve: useCan(C.approveSurvey),
    reject: useCan(C.rejectSurvey),
    publish: useCan(C.publishSurvey),
    complete: useCan(C.completeSurvey),
    results: useCan(C.surveyResults),
  };
  const [filter, setFilter] = useState<'all' | 'pending'>('all');
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 as 10 | 20 | 50 });
  const query = useQuery(
    surveysQuery({ ...paging, status: filter === 'pending' ? SurveyStatus.PendingApproval : undefined }),
  );
  const [pending, setPending] = useState<Pending>(null);
  const [reason, setReason] = useState('');
  const act = useMutation({
    mutationFn: (p: NonNullable<Pending>) =>
      p.action === 'reject'
        ? rejectSurvey(queryClient, p.survey.id, reason)
        : actOnSurvey(queryClient, p.survey.id, p.action),
    onSuccess: (_r, p) => {
      setPending(null);
      setReason('');
      notifyDone(t(`surveys.done.${p.action}`));
    },
  });
  const open = (survey: SurveyItem, action: NonNullable<Pending>['action']) => {
    act.reset();
    setPending({ survey, action });
  };

  const columns = col.columns([
    col.accessor('code', { ...columnTitle(t('surveys.col.code')) }),
    col.display({
      id: 'title',
      ...columnTitle(t('surveys.col.title')),
      enableHiding: false,
      cell: ({ row }) => surveyTitle(row.original, lang),
    }),
    col.display({
      id: 'scope',
      ...columnTitle(t('surveys.col.scope')),
      cell: ({ row }) => {
        const s = row.original;
        const kind = (s.scope as { kind: 'event' | 'all' | 'filtered' }).kind;
        const event = lang === 'ar' ? s.eventNameAr : s.eventNameEn;
        return kind === 'event' && event ? `${t('surveys.scope.event')}: ${event}` : t(`surveys.scope.${kind}`);
      },
    }),
    col.display({
      id: 'dates',
      ...columnTitle(t('surveys.col.dates')),
      cell: ({ row }) => (
        <span dir="ltr">
          {row.original.startDate} – {row.original.expiryDate}
        </span>
      ),
    }),
    col.display({
      id: 'status',
      ...columnTitle(t('surveys.col.status')),
      cell: ({ row }) => (
        <span data-testid="survey-status" title={row.original.rejectReason ?? undefined}>
          {t(statusKey(row.original.status))}
          {row.original.rejectReason ? ` — ${t('surveys.rejectedBecause', { reason: row.original.rejectReason })}` : ''}
        </span>
      ),
    }),
    col.display({
      id: 'responses',
      ...columnTitle(t('surveys.col.responses')),
      cell: ({ row }) => `${row.original.responses} / ${row.original.recipients}`,
    }),
    col.display({
      id: 'actions',
      ...columnTitle(t('surveys.col.actions')),
      enableHiding: false,
      cell: ({ row }) => {
        const s = row.original;
        const name = surveyTitle(s, lang);
        return (
          <Group gap={4} wrap="nowrap">
            {ROW_ACTIONS.filter((x) => can[x.action] && s.status === x.when).map((x) => (
              <Button
                key={x.action}
                size="compact-sm"
                color={x.color}
                variant={x.variant}
                onClick={() => open(s, x.action)}
                data-testid={`survey-${x.action}`}
                aria-label={`${t(`surveys.${x.action}`)} ${name}`}
              >
                {t(`surveys.${x.action}`)}
              </Button>
            ))}
            {can.results && s.status >= SurveyStatus.Published && (
              <AnchorLink to="/$lang/surveys/$id/results" params={{ lang, id: s.id }} size="sm">
                {t('surveys.results')}
              </AnchorLink>
            )}
          </Group>
        );
      },
    }),
  ]);

  const name = pending ? surveyTitle(pending.survey, lang) : '';
  return (
    <Stack>
      <PageHead title={t('surveys.title')}>
        {can.add && (
          <ButtonLink to="/$lang/surveys/new" params={{ lang }}>
            {t('surveys.new')}
          </ButtonLink>
        )}
      </PageHead>
      <SegmentedControl
        aria-label={t('surveys.col.status')}
        value={filter}
        onChange={(v) => {
          setFilter(v as 'all' | 'pending');
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        data={[
          { value: 'all', label: t('surveys.all') },
          { value: 'pending', label: t('surveys.approvals') },
        ]}
      />
      <DataGrid
        id="surveys"
        caption={filter === 'pending' ? t('surveys.approvals') : t('surveys.all')}
        columns={columns}
        rows={query.data?.items}
        read={query}
        emptyMessage={t('surveys.empty')}
        paging={{
          ...gridPaging(paging, query, (p) => setPaging({ page: p.page, pageSize: p.pageSize as 10 | 20 | 50 })),
          pageSizes: [10, 20, 50],
        }}
        rowProps={(r) => ({ 'data-testid': `survey-row-${r.code}` })}
      />
      {pending && (
        <ConfirmModal
          opened
          title={t(`surveys.${pending.action}`)}
          message={
            pending.action === 'reject' ? (
              <Stack gap="xs">
                <span>{t('surveys.confirm.reject', { name })}</span>
                <Textarea
                  label={t('surveys.rejectReason')}
                  required
                  value={reason}
                  onChange={(e) => setReason(e.currentTarget.value)}
                  maxLength={500}
                />
              </Stack>
            ) : (
              t(`surveys.confirm.${pending.action}`, { name })
            )
          }
          confirmLabel={t('surveys.confirm.yes')}
          cancelLabel={t('surveys.confirm.no')}
          danger={pending.action === 'reject'}
          busy={act.isPending}
          error={act.error ? <Alert color="red">{t(errorCode(act.error))}</Alert> : undefined}
          onConfirm={() => act.mutate(pending)}
          onCancel={() => setPending(null)}
          confirmTestId="survey-confirm"
        />
      )}
    </Stack>
  );
}
