import {
  Alert,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Issue } from '../../../../../domain/registration/rules.ts';
import { CLIENTS, DEFAULT_CLIENT } from '../../../../../domain/shared/clients.ts';
import type { ErrorCode } from '../../../../../domain/shared/errors.ts';
import { ApiError, errorCode } from '../../../app/api.ts';
import type { TranslationKey } from '../../../app/i18n/index.ts';
import { useLanguageStore } from '../../../app/stores/language.ts';
import { lookupName, lookupsQuery } from '../../registration/index.ts';
import { configQuery } from '../../session/index.ts';
import { createEvent, editEvent } from '../api.ts';
import { GalleryField, MainImageField } from './EventImages.tsx';
import { EMPTY_EVENT, type EventFormValues, eventIssues, toDetails } from './eventForm.ts';

type Key = keyof EventFormValues;

/** "Create event": every field of OpportunityDetails, checked with the server's rules before it is sent. */
export function EventForm({
  onCreated,
  onCancel,
  editing,
}: {
  onCreated(id: string, names: { nameAr: string; nameEn: string }): void;
  onCancel(): void;
  /** Edit an existing event (PUT) instead of creating one: its id and current values. */
  editing?: { id: string; values: EventFormValues };
}) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const queryClient = useQueryClient();
  const lookups = useQuery(lookupsQuery);
  const config = useQuery(configQuery);
  const [v, setV] = useState<EventFormValues>(editing?.values ?? EMPTY_EVENT);
  const [issues, setIssues] = useState<Issue[]>([]);
  const [failure, setFailure] = useState<ErrorCode | null>(null);
  const [mainBusy, setMainBusy] = useState(false);
  const [galleryBusy, setGalleryBusy] = useState(false);
  const uploading = mainBusy || galleryBusy;
  const save = useMutation({
    mutationFn: async () => {
      if (!editing) return createEvent(queryClient, toDetails(v));
      const res = await editEvent(queryClient, editing.id, toDetails(v));
      return { opportunityId: editing.id, position: res.position };
    },
    onSuccess: (res) => onCreated(res.opportunityId, { nameAr: v.nameAr.trim(), nameEn: v.nameEn.trim() }),
    onError: (e) => {
      const list = e instanceof ApiError ? e.details?.issues : undefined;
      if (Array.isArray(list)) setIssues(list as Issue[]);
      setFailure(errorCode(e));
    },
  });
  const set = <K extends Key>(k: K, value: EventFormValues[K]) => setV((old) => ({ ...old, [k]: value }));
  const errorOf = (k: string) => {
    const code = issues.find((i) => i.path === k)?.code;
    return code ? t(code) : undefined;
  };
  const label = (k: Key) => t(`manage.field.${k}` as TranslationKey);
  const id = (k: Key) => `event-${k}`;
  const textField = (k: Key, extra: { type?: string; dir?: 'ltr'; maxLength?: number; required?: boolean } = {}) => (
    <TextInput
      id={id(k)}
      label={label(k)}
      value={v[k] as string}
      error={errorOf(k)}
      onChange={(e) => set(k, e.currentTarget.value as never)}
      {...extra}
    />
  );
  const select = (k: Key, options: { value: string; label: string }[], required = true) => (
    <NativeSelect
      id={id(k)}
      label={label(k)}
      value={v[k] as string}
      required={required}
      error={errorOf(k)}
      onChange={(e) => set(k, e.currentTarget.value as never)}
      data={required ? options : [{ value: '', label: t('manage.none') }, ...options]}
    />
  );
  const opts = (prefix: string, values: number[]) =>
    values.map((n) => ({ value: String(n), label: t(`${prefix}.${n}` as TranslationKey) }));
  const lookupOpts = (items: { id: number; nameAr: string; nameEn: string }[] = []) =>
    items.map((i) => ({ value: String(i.id), label: lookupName(i, lang) }));

  function submit(e: FormEvent) {
    e.preventDefault();
    // An image still uploading is not in the form yet: saving now would drop it.
    if (uploading) return;
    setFailure(null);
    const client = CLIENTS[config.data?.clientCode ?? DEFAULT_CLIENT];
    const found = eventIssues(v, client, new Date(), !editing);
    setIssues(found);
    if (found.length > 0) {
      setFailure(null);
      document.getElementById(id(found[0]!.path as Key))?.focus();
      return;
    }
    save.mutate();
  }

  return (
    <form onSubmit={submit} noValidate data-testid="event-form">
      <Stack gap="md">
        {issues.length > 0 && (
          <Alert color="red" role="alert" data-testid="form-issues">
            {t('manage.fixErrors')}
          </Alert>
        )}
        {failure && issues.length === 0 && (
          <Alert color="red" role="alert">
            {t(failure)}
          </Alert>
        )}
        <Section title={t('manage.section.basic')}>
          {textField('code', { dir: 'ltr', maxLength: 30, required: true })}
          {textField('nameAr', { maxLength: 200, required: true })}
          {textField('nameEn', { maxLength: 200, required: true, dir: 'ltr' })}
          {select('visibility', opts('events.visibility', [0, 1, 2, 3]))}
          {v.visibility === '1' && (
            <MultiSelect
              id={id('regionIds')}
              label={label('regionIds')}
              value={v.regionIds}
              error={errorOf('regionIds')}
              onChange={(x) => set('regionIds', x)}
              data={lookupOpts(lookups.data?.regions)}
            />
          )}
          {v.visibility === '2' && (
            <MultiSelect
              id={id('cityIds')}
              label={label('cityIds')}
              value={v.cityIds}
              error={errorOf('cityIds')}
              onChange={(x) => set('cityIds', x)}
              data={lookupOpts(lookups.data?.cities)}
              searchable
            />
          )}
          {textField('maxInvitations', { type: 'number', required: true })}
          {textField('maxContributions', { type: 'number', required: true })}
          {textField('maxHours', { type: 'number', required: true })}
          {select('gender', opts('events.gender', [1, 2, 3]))}
          {select('attendanceType', opts('events.attendance', [1, 2, 3]))}
          {select('categoryId', lookupOpts(lookups.data?.categories), false)}
          {select('workFieldId', lookupOpts(lookups.data?.workFields), false)}
        </Section>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <Textarea
            id={id('descriptionAr')}
            label={label('descriptionAr')}
            value={v.descriptionAr}
            maxLength={4000}
            rows={3}
            onChange={(e) => set('descriptionAr', e.currentTarget.value)}
          />
          <Textarea
            id={id('descriptionEn')}
            label={label('descriptionEn')}
            value={v.descriptionEn}
            maxLength={4000}
            rows={3}
            dir="ltr"
            onChange={(e) => set('descriptionEn', e.currentTarget.value)}
          />
        </SimpleGrid>
        <Section title={t('manage.section.lead')}>
          {textField('leadName', { maxLength: 100, required: true })}
          {textField('leadMobile', { dir: 'ltr', maxLength: 10, required: true })}
          {textField('leadEmail', { dir: 'ltr', maxLength: 254, required: true, type: 'email' })}
          {textField('coordinatorMobile', { dir: 'ltr', maxLength: 10 })}
        </Section>
        <Section title={t('manage.section.dates')}>
          {textField('startDate', { type: 'date', required: true })}
          {textField('endDate', { type: 'date', required: true })}
          {textField('registrationStart', { type: 'date' })}
          {textField('registrationEnd', { type: 'date' })}
          {select('timePeriod', opts('events.period', [1, 2, 3]))}
          <Checkbox.Group
            id={id('volunteeringDays')}
            label={label('volunteeringDays')}
            value={v.volunteeringDays}
            error={errorOf('volunteeringDays')}
            onChange={(x) => set('volunteeringDays', x)}
          >
            <Group gap="sm" mt={4}>
              {[0, 1, 2, 3, 4, 5, 6].map((d) => (
                <Checkbox key={d} value={String(d)} label={t(`events.day.${d as 0}`)} />
              ))}
            </Group>
          </Checkbox.Group>
        </Section>
        <Section title={t('manage.section.place')}>
          {textField('location', { maxLength: 300 })}
          {textField('latitude', { type: 'number', dir: 'ltr' })}
          {textField('longitude', { type: 'number', dir: 'ltr' })}
        </Section>
        <Section title={t('manage.section.more')}>
          <Checkbox
            label={label('trainingCompulsory')}
            checked={v.trainingCompulsory}
            onChange={(e) => set('trainingCompulsory', e.currentTarget.checked)}
          />
          {textField('trainingHours', { type: 'number' })}
          <Checkbox
            label={label('travelRequired')}
            checked={v.travelRequired}
            onChange={(e) => set('travelRequired', e.currentTarget.checked)}
          />
          {textField('travelTime', { maxLength: 50 })}
          {textField('costPerHour', { type: 'number' })}
          {textField('minTarget', { type: 'number' })}
          {textField('maxTarget', { type: 'number' })}
        </Section>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <Textarea
            id={id('conditionSkills')}
            label={label('conditionSkills')}
            value={v.conditionSkills}
            rows={3}
            onChange={(e) => set('conditionSkills', e.currentTarget.value)}
          />
          <Textarea
            id={id('responsibilities')}
            label={label('responsibilities')}
            value={v.responsibilities}
            rows={3}
            onChange={(e) => set('responsibilities', e.currentTarget.value)}
          />
        </SimpleGrid>
        <Section title={t('manage.section.images')} cols={1}>
          <MainImageField
            value={v.mainImageFileId}
            onChange={(fileId) => set('mainImageFileId', fileId)}
            onBusy={setMainBusy}
          />
          <GalleryField
            value={v.galleryFileIds}
            onAdd={(fileId) => setV((old) => ({ ...old, galleryFileIds: [...old.galleryFileIds, fileId] }))}
            onRemove={(index) =>
              setV((old) => ({ ...old, galleryFileIds: old.galleryFileIds.filter((_, i) => i !== index) }))
            }
            onBusy={setGalleryBusy}
          />
        </Section>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('manage.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={uploading} data-testid="event-save">
            {t('manage.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Section({ title, children, cols }: { title: string; children: ReactNode; cols?: number }) {
  return (
    <Paper withBorder p="md" radius="md" component="fieldset" style={{ margin: 0 }}>
      <Title order={2} size="h4" component="legend" mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={cols ?? { base: 1, sm: 2, md: 3 }} spacing="sm">
        {children}
      </SimpleGrid>
    </Paper>
  );
}
