import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recordHours } from '../../../../../api/contracts/hours.ts';
import { type InvitationResults, inviteVolunteers } from '../../../../../api/contracts/participation.ts';
import { listRegistrations } from '../../../../../api/contracts/registration.ts';
import type { ErrorCode } from '../../../../../domain/shared/errors.ts';
import { errorCode } from '../../../app/api.ts';
import type { TranslationKey } from '../../../app/i18n/index.ts';
import { useLanguageStore } from '../../../app/stores/language.ts';
import { AppModal } from '../../../components/AppModal.tsx';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { CancelAndSubmit } from '../../../components/form/CancelAndSubmit.tsx';
import { endpointQuery } from '../../../lib/endpointQuery.ts';
import { notifyDone } from '../../../lib/notify.ts';
import { gridQuery, personName } from '../../review/index.ts';
import { eventsCommand } from '../api.ts';
import { EMPTY_HOURS, type HoursValues, hoursBody, hoursIssue } from './hours.ts';

/** "Add hours" for one participant: hours, cases, check-in and -out, a rating 1–5 (Poor … Excellent), a review. */
export function HoursModal({
  id,
  volunteerId,
  name,
  onClose,
}: {
  id: string;
  volunteerId: string;
  name: string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [v, setV] = useState<HoursValues>(EMPTY_HOURS);
  const [issue, setIssue] = useState<ErrorCode | null>(null);
  const save = useMutation({
    mutationFn: () => eventsCommand(queryClient, recordHours, { params: { id, volunteerId }, body: hoursBody(v) }),
    onSuccess: () => {
      notifyDone(t('hours.saved'));
      onClose();
    },
    onError: (e) => setIssue(errorCode(e)),
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    const problem = hoursIssue(v);
    setIssue(problem);
    if (!problem) save.mutate();
  }
  const set = (k: keyof HoursValues, value: string) => setV((old) => ({ ...old, [k]: value }));
  /** A required field of the form: its id (hours-…), label, value and change. */
  const field = (k: keyof HoursValues, name: 'hours' | 'cases' | 'checkIn' | 'checkOut' | 'rating') => ({
    id: `hours-${name}`,
    required: true,
    label: t(`hours.${name}`),
    value: v[k],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => set(k, e.currentTarget.value),
  });
  return (
    <AppModal opened onClose={onClose} title={`${t('hours.title')}: ${name}`} size="lg">
      <form onSubmit={submit} noValidate data-testid="hours-form">
        <Stack>
          {issue && (
            <Alert color="red" role="alert" data-testid="hours-error" data-code={issue}>
              {t(issue)}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput type="number" min={0} step="0.5" {...field('hours', 'hours')} />
            <TextInput type="number" min={1} {...field('casesHandled', 'cases')} />
            <TextInput type="datetime-local" {...field('checkIn', 'checkIn')} />
            <TextInput type="datetime-local" min={v.checkIn || undefined} {...field('checkOut', 'checkOut')} />
            <NativeSelect
              {...field('rating', 'rating')}
              data={[
                { value: '', label: '—' },
                ...[1, 2, 3, 4, 5].map((r) => ({
                  value: String(r),
                  label: `${r} – ${t(`hours.rating.${r}` as TranslationKey)}`,
                })),
              ]}
            />
          </SimpleGrid>
          <Textarea
            id="hours-review"
            label={t('hours.review')}
            value={v.review}
            maxLength={2000}
            rows={2}
            onChange={(e) => set('review', e.currentTarget.value)}
          />
          <CancelAndSubmit
            cancel={t('manage.cancel')}
            onCancel={onClose}
            submit={t('manage.save')}
            busy={save.isPending}
            testId="hours-save"
            gap="sm"
          />
        </Stack>
      </form>
    </AppModal>
  );
}

type InviteResult = InvitationResults['results'][number];

/**
 * Invite approved volunteers (found by name among approved registrations). Results are per volunteer; when the
 * invitations would pass the maximum the staff member is asked to raise it, and those are sent again.
 */
export function InviteModal({ id, onClose }: { id: string; onClose(): void }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [term, setTerm] = useState<string | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [results, setResults] = useState<InviteResult[]>([]);
  const [raise, setRaise] = useState<string[] | null>(null);
  const [failure, setFailure] = useState<ErrorCode | null>(null);
  const found = useQuery({
    ...endpointQuery(['events', 'invite-search', term], listRegistrations, () => ({
      query: gridQuery({
        status: 5,
        page: 1,
        pageSize: 20,
        sort: 'nameAr',
        dir: 'asc',
        ...(term ? { name: term } : {}),
      }),
    })),
    enabled: term !== null,
  });
  const send = useMutation({
    mutationFn: async ({ ids, confirmRaise }: { ids: string[]; confirmRaise: boolean }) => {
      const res = await eventsCommand(queryClient, inviteVolunteers, {
        params: { id },
        body: { volunteerIds: ids, confirmRaise },
      });
      return res.results;
    },
    onSuccess: (res) => {
      setFailure(null);
      setResults((old) => [...old.filter((o) => !res.some((r) => r.volunteerId === o.volunteerId)), ...res]);
      const over = res.filter((r) => r.result === 'InvitationExceededMax').map((r) => r.volunteerId);
      setRaise(over.length ? over : null);
    },
    onError: (e) => setFailure(errorCode(e)),
  });
  const nameOf = (vid: string) => {
    const row = found.data?.rows.find((r) => r.volunteerId === vid);
    return row ? personName(row, lang) : vid;
  };
  const resultText = (r: string) =>
    r === 'invited' ? t('invite.result.invited') : t(r as ErrorCode, { defaultValue: r });
  return (
    <AppModal opened onClose={onClose} title={t('invite.title')} size="lg">
      <Stack>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setTerm(name.trim());
          }}
        >
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('invite.name')}
              value={name}
              maxLength={100}
              onChange={(e) => setName(e.currentTarget.value)}
              style={{ flex: 1 }}
              data-autofocus
            />
            <Button type="submit" variant="default" loading={found.isFetching}>
              {t('invite.search')}
            </Button>
          </Group>
        </form>
        {failure && (
          <Alert color="red" role="alert">
            {t(failure)}
          </Alert>
        )}
        {found.isError && (
          <Alert color="red" role="alert">
            {t(errorCode(found.error))}
          </Alert>
        )}
        {found.data &&
          (found.data.rows.length === 0 ? (
            <Text c="dimmed">{t('invite.none')}</Text>
          ) : (
            <Checkbox.Group value={selected} onChange={setSelected} label={t('invite.title')}>
              <Stack gap={6} mt={6}>
                {found.data.rows.map((r) => (
                  <Checkbox key={r.volunteerId} value={r.volunteerId} label={personName(r, lang)} />
                ))}
              </Stack>
            </Checkbox.Group>
          ))}
        {results.length > 0 && (
          <List data-testid="invite-results" aria-live="polite">
            {results.map((r) => (
              <List.Item key={r.volunteerId}>
                {nameOf(r.volunteerId)}: {resultText(r.result)}
              </List.Item>
            ))}
          </List>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('app.close')}
          </Button>
          <Button
            disabled={selected.length === 0}
            loading={send.isPending}
            onClick={() => send.mutate({ ids: selected, confirmRaise: false })}
            data-testid="invite-send"
          >
            {t('invite.send')}
          </Button>
        </Group>
      </Stack>
      {raise && (
        <ConfirmModal
          opened
          title={t('invite.title')}
          message={t('invite.raise')}
          confirmLabel={t('invite.raiseConfirm')}
          busy={send.isPending}
          onCancel={() => setRaise(null)}
          confirmTestId="confirm-dialog"
          onConfirm={() => send.mutate({ ids: raise, confirmRaise: true })}
        />
      )}
    </AppModal>
  );
}
