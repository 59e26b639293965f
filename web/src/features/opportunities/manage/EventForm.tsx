import { Alert, SimpleGrid, Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpportunityDetails } from '../../../../../domain/opportunity/rules.ts';
import { CLIENTS, DEFAULT_CLIENT } from '../../../../../domain/shared/clients.ts';
import type { ErrorCode } from '../../../../../domain/shared/errors.ts';
import { ApiError, errorCode } from '../../../app/api.ts';
import type { TranslationKey } from '../../../app/i18n/index.ts';
import { useLanguageStore } from '../../../app/stores/language.ts';
import { CancelAndSubmit } from '../../../components/form/CancelAndSubmit.tsx';
import { DomainFormProvider, type FormIssue, useDomainForm } from '../../../components/form/useDomainForm.ts';
import { lookupName, lookupsQuery } from '../../registration/index.ts';
import { configQuery } from '../../session/index.ts';
import { createEvent, editEvent } from '../api.ts';
import { GalleryField, MainImageField } from './EventImages.tsx';
import {
  type Bound,
  EventCheckbox,
  EventDateField,
  EventDaysField,
  EventMultiSelect,
  EventSelect,
  EventTextArea,
  EventTextField,
  Section,
  type SetField,
} from './eventFields.tsx';
import { EMPTY_EVENT, type EventFormValues, eventIssues, toDetails } from './eventForm.ts';
import { PlaceOnMap } from './PlaceOnMap.tsx';

type Key = keyof EventFormValues;

/** The DOM ids of the fields: "event-<key>". */
export const EVENT_ID_PREFIX = 'event';

/** "Create event": every field of OpportunityDetails, checked with the server's rules before it is sent. */
export function EventForm({
  onCreated,
  onCancel,
  editing,
  initial,
  create,
}: {
  onCreated(id: string, names: { nameAr: string; nameEn: string }): void;
  onCancel(): void;
  /** Edit an existing event (PUT) instead of creating one: its id and current values. */
  editing?: { id: string; values: EventFormValues };
  /** A new event's values to start from (an initiative approved into a draft event). */
  initial?: Partial<EventFormValues>;
  /** What creates the event, when not the plain create (approving an initiative creates it). */
  create?: (details: OpportunityDetails) => Promise<{ opportunityId: string; position: string }>;
}) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const queryClient = useQueryClient();
  const lookups = useQuery(lookupsQuery);
  const config = useQuery(configQuery);
  const client = CLIENTS[config.data?.clientCode ?? DEFAULT_CLIENT];
  const domain = useDomainForm<EventFormValues, 'submit'>({
    initialValues: editing?.values ?? { ...EMPTY_EVENT, ...initial },
    // The domain's own rules (domain/opportunity/rules.ts, what the server runs) on the details that would be sent.
    rules: (values) => eventIssues(values, client, new Date(), !editing),
    defaultMode: 'submit',
    idPrefix: EVENT_ID_PREFIX,
  });
  const { values: v, issues, fields, update } = domain;
  const [failure, setFailure] = useState<ErrorCode | null>(null);
  const [mainBusy, setMainBusy] = useState(false);
  const [galleryBusy, setGalleryBusy] = useState(false);
  const uploading = mainBusy || galleryBusy;
  const save = useMutation({
    mutationFn: async (values: EventFormValues) => {
      if (!editing) return create ? create(toDetails(values)) : createEvent(queryClient, toDetails(values));
      const res = await editEvent(queryClient, editing.id, toDetails(values));
      return { opportunityId: editing.id, position: res.position };
    },
    onSuccess: (res, values) =>
      onCreated(res.opportunityId, { nameAr: values.nameAr.trim(), nameEn: values.nameEn.trim() }),
    onError: (e) => {
      const list = e instanceof ApiError ? e.details?.issues : undefined;
      if (Array.isArray(list)) domain.showIssues(list as FormIssue[]);
      setFailure(errorCode(e));
    },
  });

  // One stable setter (a change forgets that field's issue) and stable options: a keystroke re-renders one field.
  const set = useCallback<SetField>((path, value) => update((old) => ({ ...old, [path]: value }), path), [update]);
  const bind = <K extends Key>(path: K): Bound<K> => ({ path, value: v[path], onChange: set });
  const options = useMemo(() => {
    const opts = (prefix: string, values: number[]) =>
      values.map((n) => ({ value: String(n), label: t(`${prefix}.${n}` as TranslationKey) }));
    const lookupOpts = (items: { id: number; nameAr: string; nameEn: string }[] = []) =>
      items.map((i) => ({ value: String(i.id), label: lookupName(i, lang) }));
    const data = lookups.data;
    return {
      visibility: opts('events.visibility', [0, 1, 2, 3]),
      gender: opts('events.gender', [1, 2, 3]),
      attendance: opts('events.attendance', [1, 2, 3]),
      period: opts('events.period', [1, 2, 3]),
      regions: lookupOpts(data?.regions),
      cities: lookupOpts(data?.cities),
      // The event's own city: those of its region once one is chosen.
      placeCities: lookupOpts(data?.cities.filter((c) => !v.regionId || String(c.regionId) === v.regionId)),
      eventTypes: lookupOpts(data?.eventTypes),
      categories: lookupOpts(data?.categories),
      workFields: lookupOpts(data?.workFields),
    };
  }, [t, lang, lookups.data, v.regionId]);

  function submit(e: FormEvent) {
    e.preventDefault();
    // An image still uploading is not in the form yet: saving now would drop it.
    if (uploading) return;
    setFailure(null);
    const found = domain.check('submit');
    if (found.length > 0) {
      document.getElementById(fields.idOf(found[0]!.path))?.focus();
      return;
    }
    save.mutate(domain.form.getValues());
  }

  return (
    <DomainFormProvider value={fields}>
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
            <EventTextField {...bind('code')} dir="ltr" maxLength={30} required />
            <EventTextField {...bind('nameAr')} maxLength={200} required />
            <EventTextField {...bind('nameEn')} maxLength={200} required dir="ltr" />
            <EventSelect {...bind('visibility')} options={options.visibility} />
            {v.visibility === '1' && <EventMultiSelect {...bind('regionIds')} options={options.regions} />}
            {v.visibility === '2' && <EventMultiSelect {...bind('cityIds')} options={options.cities} searchable />}
            <EventTextField {...bind('maxInvitations')} type="number" required />
            <EventTextField {...bind('maxContributions')} type="number" required />
            <EventTextField {...bind('maxHours')} type="number" required />
            <EventSelect {...bind('gender')} options={options.gender} />
            <EventSelect {...bind('attendanceType')} options={options.attendance} />
            <EventSelect {...bind('categoryId')} options={options.categories} required={false} />
            <EventSelect {...bind('workFieldId')} options={options.workFields} required={false} />
            <EventSelect {...bind('eventTypeId')} options={options.eventTypes} required={false} />
            <EventSelect
              {...bind('regionId')}
              onChange={(path, value) => {
                set(path, value);
                set('cityId', '');
              }}
              options={options.regions}
              required={false}
            />
            <EventSelect {...bind('cityId')} options={options.placeCities} required={false} />
          </Section>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            <EventTextArea {...bind('descriptionAr')} maxLength={4000} />
            <EventTextArea {...bind('descriptionEn')} maxLength={4000} dir="ltr" />
          </SimpleGrid>
          <Section title={t('manage.section.lead')}>
            <EventTextField {...bind('leadName')} maxLength={100} required />
            <EventTextField {...bind('leadMobile')} dir="ltr" maxLength={10} required />
            <EventTextField {...bind('leadEmail')} dir="ltr" maxLength={254} required type="email" />
            <EventTextField {...bind('coordinatorMobile')} dir="ltr" maxLength={10} />
          </Section>
          <Section title={t('manage.section.dates')}>
            <EventDateField {...bind('startDate')} required />
            <EventDateField {...bind('endDate')} required />
            <EventDateField {...bind('registrationStart')} />
            <EventDateField {...bind('registrationEnd')} />
            <EventSelect {...bind('timePeriod')} options={options.period} />
            <EventDaysField {...bind('volunteeringDays')} />
          </Section>
          <Section title={t('manage.section.place')}>
            <EventTextField {...bind('location')} maxLength={300} />
            <EventTextField {...bind('latitude')} type="number" dir="ltr" />
            <EventTextField {...bind('longitude')} type="number" dir="ltr" />
            <PlaceOnMap
              latitude={v.latitude}
              longitude={v.longitude}
              onPick={(lat, lng) => {
                set('latitude', lat);
                set('longitude', lng);
              }}
            />
          </Section>
          <Section title={t('manage.section.more')}>
            <EventCheckbox {...bind('trainingCompulsory')} />
            <EventTextField {...bind('trainingHours')} type="number" />
            <EventCheckbox {...bind('travelRequired')} />
            <EventTextField {...bind('travelTime')} maxLength={50} />
            <EventTextField {...bind('costPerHour')} type="number" />
            <EventTextField {...bind('minTarget')} type="number" />
            <EventTextField {...bind('maxTarget')} type="number" />
          </Section>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            <EventTextArea {...bind('conditionSkills')} />
            <EventTextArea {...bind('responsibilities')} />
          </SimpleGrid>
          <Section title={t('manage.section.images')} cols={1}>
            <MainImageField
              value={v.mainImageFileId}
              onChange={(fileId) => update((old) => ({ ...old, mainImageFileId: fileId }), 'mainImageFileId')}
              onBusy={setMainBusy}
            />
            <GalleryField
              value={v.galleryFileIds}
              onAdd={(fileId) =>
                update((old) => ({ ...old, galleryFileIds: [...old.galleryFileIds, fileId] }), 'galleryFileIds')
              }
              onRemove={(index) =>
                update(
                  (old) => ({ ...old, galleryFileIds: old.galleryFileIds.filter((_, i) => i !== index) }),
                  'galleryFileIds',
                )
              }
              onBusy={setGalleryBusy}
            />
          </Section>
          <CancelAndSubmit
            cancel={t('manage.cancel')}
            onCancel={onCancel}
            submit={t('manage.save')}
            busy={save.isPending}
            disabled={uploading}
            testId="event-save"
            gap="sm"
          />
        </Stack>
      </form>
    </DomainFormProvider>
  );
}
