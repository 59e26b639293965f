import { Button, Group, NativeSelect, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type IncidentBody, recordContribution } from '../../../../api/contracts/incidents.ts';
import { assertIncident } from '../../../../domain/participation/decide.ts';
import { DomainError, type ErrorCode } from '../../../../domain/shared/errors.ts';
import { errorCode } from '../../app/api.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { AppModal } from '../../components/AppModal.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { notifyDone } from '../../lib/notify.ts';
import { eventsCommand } from '../opportunities/index.ts';
import { lookupName, lookupsQuery } from '../registration/index.ts';

export interface IncidentValues {
  incidentId: string;
  fullName: string;
  genderType: number;
  age: number | '';
  nationalityId: number | '';
  startTime: string;
  closeTime: string;
  proceduresTaken: string;
  complaint: string;
}

type TextKey = 'incidentId' | 'fullName' | 'startTime' | 'closeTime' | 'proceduresTaken' | 'complaint';

/** The two long texts, one under the other below the grid of short fields. */
const LONG_TEXTS = [
  ['proceduresTaken', 'incident.procedures'],
  ['complaint', 'incident.complaint'],
] as const;

const EMPTY: IncidentValues = {
  incidentId: '',
  fullName: '',
  genderType: 0,
  age: '',
  nationalityId: '',
  startTime: '',
  closeTime: '',
  proceduresTaken: '',
  complaint: '',
};

/** The incident as the API takes it; blank optional fields are left out, blank numbers stay missing. */
export function incidentBody(v: IncidentValues) {
  const iso = (local: string) => (local ? new Date(local).toISOString() : '');
  return {
    incidentId: v.incidentId.trim(),
    fullName: v.fullName.trim(),
    genderType: v.genderType,
    age: v.age === '' ? undefined : v.age,
    nationalityId: v.nationalityId === '' ? undefined : v.nationalityId,
    startTime: iso(v.startTime),
    ...(v.closeTime ? { closeTime: iso(v.closeTime) } : {}),
    ...(v.proceduresTaken.trim() ? { proceduresTaken: v.proceduresTaken.trim() } : {}),
    ...(v.complaint.trim() ? { complaint: v.complaint.trim() } : {}),
  };
}

/** The domain's incident rules (domain/participation/decide.ts), run in the browser with the same codes. */
export function incidentIssue(v: IncidentValues, mode: 'draft' | 'submit'): ErrorCode | null {
  try {
    assertIncident(incidentBody(v) as Parameters<typeof assertIncident>[0], mode);
    return null;
  } catch (e) {
    return e instanceof DomainError ? e.code : 'ValidationFailed';
  }
}

export function IncidentForm({ opportunityId, onClose }: { opportunityId: string; onClose(): void }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const queryClient = useQueryClient();
  const lookups = useQuery(lookupsQuery);
  const [v, setV] = useState<IncidentValues>(EMPTY);
  /** A text input's value and change, bound to one field of the form. */
  const text = (key: TextKey) => ({
    value: v[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setV({ ...v, [key]: e.currentTarget.value }),
  });
  const [issue, setIssue] = useState<ErrorCode | null>(null);
  const save = useMutation({
    mutationFn: (mode: 'draft' | 'submit') =>
      eventsCommand(queryClient, recordContribution, {
        params: { id: opportunityId },
        // A draft may leave age and nationality empty: the server answers those with its catalogue code.
        body: { mode, incident: incidentBody(v) as IncidentBody['incident'] },
      }),
    onSuccess: () => {
      notifyDone(t('incident.saved'));
      onClose();
    },
    onError: (e) => setIssue(errorCode(e)),
  });
  const run = (mode: 'draft' | 'submit') => {
    const problem = incidentIssue(v, mode);
    setIssue(problem);
    if (!problem) save.mutate(mode);
  };
  return (
    <AppModal opened onClose={onClose} title={t('incident.title')} size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          run('submit');
        }}
      >
        <Stack>
          <ErrorAlert message={issue && t(issue)} testId="incident-error" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('incident.incidentId')} maxLength={40} dir="ltr" {...text('incidentId')} />
            <TextInput label={t('incident.fullName')} maxLength={200} {...text('fullName')} />
            <NativeSelect
              label={t('incident.genderType')}
              value={String(v.genderType)}
              onChange={(e) => setV({ ...v, genderType: Number(e.currentTarget.value) })}
              data={[0, 1, 2].map((g) => ({ value: String(g), label: t(`incident.gender.${g as 0 | 1 | 2}`) }))}
            />
            <NumberInput
              label={t('incident.age')}
              value={v.age}
              min={0}
              max={130}
              allowDecimal={false}
              onChange={(n) => setV({ ...v, age: typeof n === 'number' ? n : '' })}
            />
            <NativeSelect
              label={t('incident.nationality')}
              value={v.nationalityId === '' ? '' : String(v.nationalityId)}
              onChange={(e) =>
                setV({ ...v, nationalityId: e.currentTarget.value === '' ? '' : Number(e.currentTarget.value) })
              }
              data={[
                { value: '', label: '—' },
                ...(lookups.data?.nationalities ?? []).map((n) => ({
                  value: String(n.id),
                  label: lookupName(n, lang),
                })),
              ]}
            />
            <TextInput type="datetime-local" label={t('incident.startTime')} required {...text('startTime')} />
            <TextInput
              type="datetime-local"
              label={t('incident.closeTime')}
              min={v.startTime || undefined}
              {...text('closeTime')}
            />
          </SimpleGrid>
          {LONG_TEXTS.map(([key, label]) => (
            <Textarea key={key} label={t(label)} maxLength={2000} rows={2} {...text(key)} />
          ))}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => run('draft')}
              loading={save.isPending && save.variables === 'draft'}
            >
              {t('incident.draft')}
            </Button>
            <Button type="submit" loading={save.isPending && save.variables === 'submit'}>
              {t('incident.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
