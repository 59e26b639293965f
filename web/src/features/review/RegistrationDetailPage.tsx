import { Alert, Anchor, Button, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { printIdCard } from '../../../../api/contracts/certificates.ts';
import type { Lang } from '../../../../api/contracts/common.ts';
import { addNote, type RegistrationDetail, removeNote } from '../../../../api/contracts/registration.ts';
import type { RegistrationForm } from '../../../../domain/registration/form.ts';
import { RegistrationStatus } from '../../../../domain/registration/status.ts';
import { CLIENTS } from '../../../../domain/shared/clients.ts';
import { ApiError } from '../../app/api.ts';
import { ArrowBackIcon } from '../../app/layout/icons.tsx';
import { AnchorLink } from '../../app/layout/links.tsx';
import { useCan } from '../../app/permissions.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { HistoryTab } from '../audit/index.ts';
import { Appointment, lookupsQuery, ReferenceNumber, RegistrationSummary, StatusBadge } from '../registration/index.ts';
import { useConfig } from '../session/index.ts';
import { idCardUrl, registrationQuery } from './api.ts';
import { NotesSection } from './NotesSection.tsx';
import { PractitionerPanel } from './Practitioner.tsx';
import { ReviewActions } from './ReviewActions.tsx';

const route = getRouteApi('/$lang/registrations/$id');

/** The volunteer's full name from the form, in the page's language (else the other one). */
export function formName(form: RegistrationForm, lang: Lang): string {
  const p = form.personal ?? {};
  const ar = [p.firstNameAr, p.secondNameAr, p.thirdNameAr, p.lastNameAr].filter(Boolean).join(' ');
  const en = [p.firstNameEn, p.secondNameEn, p.thirdNameEn, p.lastNameEn].filter(Boolean).join(' ');
  return (lang === 'ar' ? ar || en : en || ar).trim();
}

/** /$lang/registrations/$id: one application for review — details and actions, or its history. */
export function RegistrationDetailPage() {
  const { t } = useTranslation();
  const pageTitle = usePageTitle('page.registrationDetail');
  const lang = useLanguageStore((s) => s.lang);
  const { id } = route.useParams();
  const { tab } = route.useSearch();
  const navigate = useNavigate();
  const detail = useQuery(registrationQuery(id));
  const lookups = useQuery(lookupsQuery);
  const config = useConfig();
  const canPrint = useCan(printIdCard);

  const back = (
    <AnchorLink
      to="/$lang/registrations"
      params={{ lang }}
      search={detail.data && detail.data.status !== 2 ? { status: detail.data.status } : {}}
      size="sm"
    >
      <Group gap={4} component="span">
        <ArrowBackIcon size={16} />
        {t('review.back')}
      </Group>
    </AnchorLink>
  );

  if (detail.error instanceof ApiError && detail.error.status === 404) {
    return (
      <Stack mt="lg">
        {back}
        <Title order={1}>{pageTitle}</Title>
        <Alert color="gray">{t('NotFound')}</Alert>
      </Stack>
    );
  }
  if (!detail.data || !lookups.data || !config.data) {
    const failed = detail.error ?? lookups.error ?? config.error;
    return (
      <Stack mt="lg">
        {back}
        <Title order={1}>{pageTitle}</Title>
        <QueryState
          query={{
            error: failed,
            isFetching: detail.isFetching || lookups.isFetching || config.isFetching,
            refetch: () => Promise.all([detail, lookups, config].filter((r) => r.isError).map((r) => r.refetch())),
          }}
        />
      </Stack>
    );
  }

  const data = detail.data;
  const name = formName(data.form, lang) || t('review.unnamed');
  const current = tab === 'history' ? 'history' : 'details';

  return (
    <Stack mt="lg" gap="md">
      {back}
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {pageTitle}
        </Text>
        <Group gap="sm" align="center" wrap="wrap">
          <Title order={1} data-testid="applicant-name">
            {name}
          </Title>
          <StatusBadge status={data.status} />
          {canPrint && data.status === RegistrationStatus.Approved && (
            <Button component="a" href={idCardUrl(id, lang)} variant="default" size="xs" data-testid="print-id-card">
              {t('review.printIdCard')}
            </Button>
          )}
        </Group>
        <ReferenceNumber value={data.referenceNumber} testId="detail-reference" />
      </Stack>
      <Tabs
        value={current}
        onChange={(v) =>
          void navigate({
            to: '/$lang/registrations/$id',
            params: { lang, id },
            search: v === 'history' ? { tab: 'history' } : {},
            replace: true,
          })
        }
      >
        <Tabs.List aria-label={t('review.tabs')}>
          <Tabs.Tab value="details">{t('review.tab.details')}</Tabs.Tab>
          <Tabs.Tab value="history" data-testid="history-tab">
            {t('review.tab.history')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details" pt="md">
          {current === 'details' && (
            <Stack gap="md">
              <StatusPanel id={id} detail={data} name={name} />
              {data.practitioner && <PractitionerPanel practitioner={data.practitioner} lang={lang} />}
              <RegistrationSummary
                form={data.form}
                client={CLIENTS[config.data.clientCode]}
                lookups={lookups.data}
                fileLink={(fileId) => (
                  <Anchor href={`/api/files/${encodeURIComponent(fileId)}`} download data-testid="attachment-link">
                    {t('review.attachment')}
                  </Anchor>
                )}
              />
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          {current === 'history' && <HistoryTab kind="registration" id={id} title={t('history.title')} />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** Status, appointment or rejection, the actions the role may take in this status, and the application notes. */
function StatusPanel({ id, detail, name }: { id: string; detail: RegistrationDetail; name: string }) {
  const { t } = useTranslation();
  const canAddNote = useCan(addNote);
  const canRemoveNote = useCan(removeNote);
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" component="section" aria-labelledby="review-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="review-title" tabIndex={-1}>
          {t('myReg.status')}
        </Title>
        {detail.appointment && detail.status === RegistrationStatus.InitiallyAccepted && (
          <Appointment appointment={detail.appointment} />
        )}
        {detail.status === RegistrationStatus.Rejected && (
          <Alert color="red" variant="outline" title={t('myReg.rejectReason')} data-testid="reject-reason">
            <Text size="sm" c="red.9" style={{ whiteSpace: 'pre-wrap' }}>
              {detail.rejectReason?.trim() || t('reg.notProvided')}
            </Text>
          </Alert>
        )}
        <ReviewActions id={id} status={detail.status} name={name} />
        <NotesSection
          id={id}
          detail={detail}
          canAdd={canAddNote && detail.status < RegistrationStatus.Approved}
          canRemove={canRemoveNote && detail.status < RegistrationStatus.Approved}
        />
      </Stack>
    </Paper>
  );
}
