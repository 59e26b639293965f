import { Alert, DataList, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RegistrationDetail } from '../../../../api/contracts/registration.ts';
import { RegistrationStatus } from '../../../../domain/registration/status.ts';
import { CLIENTS } from '../../../../domain/shared/clients.ts';
import { ApiError } from '../../app/api.ts';
import { ButtonLink } from '../../app/layout/links.tsx';
import { useLanguageStore } from '../../app/stores/language.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { allReads } from '../../lib/reads.ts';
import { useConfig } from '../session/index.ts';
import { lookupsQuery, myRegistrationQuery } from './api.ts';
import { formatDateTime, hijriOf, localIsoDay } from './dates.ts';
import { ReferenceNumber } from './ReferenceNumber.tsx';
import { RegistrationSummary } from './RegistrationSummary.tsx';
import { StartRegistration } from './StartRegistration.tsx';
import { StatusBadge } from './StatusBadge.tsx';

/** Spec: the volunteer edits the registration only while it is a draft or submitted. */
export function isEditable(status: RegistrationStatus): boolean {
  return status === RegistrationStatus.Draft || status === RegistrationStatus.Submitted;
}

/** /$lang/registration: the signed-in volunteer's registration, its status and, while allowed, the way to edit it. */
export function MyRegistrationPage() {
  const title = usePageTitle('page.myRegistration');
  const config = useConfig();
  const lookups = useQuery(lookupsQuery);
  const mine = useQuery(myRegistrationQuery);

  if (mine.error instanceof ApiError && mine.error.status === 404) {
    return (
      <Stack mt="lg">
        <Title order={1}>{title}</Title>
        <StartRegistration />
      </Stack>
    );
  }
  if (!mine.data || !config.data || !lookups.data) {
    return (
      <Stack mt="lg">
        <Title order={1}>{title}</Title>
        <QueryState query={allReads(mine, config, lookups)} />
      </Stack>
    );
  }

  const detail = mine.data;
  return (
    <Stack mt="lg" gap="lg">
      <Title order={1}>{title}</Title>
      <StatusPanel detail={detail} />
      <RegistrationSummary form={detail.form} client={CLIENTS[config.data.clientCode]} lookups={lookups.data} />
    </Stack>
  );
}

function StatusPanel({ detail }: { detail: RegistrationDetail }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const hint =
    detail.status === RegistrationStatus.Draft
      ? t('myReg.draftHint')
      : detail.status === RegistrationStatus.Submitted
        ? t('myReg.submittedHint')
        : detail.status === RegistrationStatus.Approved
          ? t('myReg.approvedHint')
          : null;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" component="section" aria-labelledby="status-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Title order={2} size="h4" id="status-title">
              {t('myReg.status')}
            </Title>
            <StatusBadge status={detail.status} />
          </Group>
          <ReferenceNumber value={detail.referenceNumber} testId="my-reference" />
        </Group>
        {hint && <Text>{hint}</Text>}
        {isEditable(detail.status) && (
          <div>
            <ButtonLink to="/$lang/registration/edit" params={{ lang }}>
              {t('myReg.edit')}
            </ButtonLink>
          </div>
        )}
        {detail.status === RegistrationStatus.InitiallyAccepted && detail.appointment && (
          <Appointment appointment={detail.appointment} />
        )}
        {detail.status === RegistrationStatus.Rejected && (
          <Alert color="red" variant="outline" title={t('myReg.rejectReason')} data-testid="reject-reason">
            <Text size="sm" c="red.9">
              {detail.rejectReason?.trim() || t('reg.notProvided')}
            </Text>
          </Alert>
        )}
        {detail.status > RegistrationStatus.Draft && (
          <div data-testid="notes">
            <Title order={3} size="h5" mb={4}>
              {t('myReg.notes')}
            </Title>
            {detail.notes.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('NoRecordsFound')}
              </Text>
            ) : (
              <List spacing="xs" size="sm">
                {detail.notes.map((note) => {
                  const at = formatDateTime(note.at, lang);
                  return (
                    <List.Item key={note.noteId}>
                      <Text size="sm" c="dimmed" span>
                        {at.date} {at.time}
                      </Text>
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                        {note.note}
                      </Text>
                    </List.Item>
                  );
                })}
              </List>
            )}
          </div>
        )}
      </Stack>
    </Paper>
  );
}

/** The interview appointment (date with its Hijri day, time, location, reviewer): the volunteer's and the staff's view. */
export function Appointment({ appointment }: { appointment: NonNullable<RegistrationDetail['appointment']> }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const at = formatDateTime(appointment.at, lang);
  const day = localIsoDay(appointment.at);
  return (
    <Alert color="violet" variant="light" title={t('myReg.appointment')} data-testid="appointment">
      <DataList gap={4} labelWidth="8rem">
        <DataList.Item>
          <DataList.ItemLabel>{t('myReg.appointmentDate')}</DataList.ItemLabel>
          <DataList.ItemValue>
            {at.date}
            {day && (
              <Text span size="sm">
                {' '}
                ({hijriOf(day, lang, t)})
              </Text>
            )}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('myReg.appointmentTime')}</DataList.ItemLabel>
          <DataList.ItemValue>{at.time}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('myReg.appointmentLocation')}</DataList.ItemLabel>
          <DataList.ItemValue>{appointment.location}</DataList.ItemValue>
        </DataList.Item>
        {appointment.reviewerName && (
          <DataList.Item>
            <DataList.ItemLabel>{t('myReg.reviewer')}</DataList.ItemLabel>
            <DataList.ItemValue>{appointment.reviewerName}</DataList.ItemValue>
          </DataList.Item>
        )}
      </DataList>
    </Alert>
  );
}
