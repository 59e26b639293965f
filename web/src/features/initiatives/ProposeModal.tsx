import { SimpleGrid } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DESCRIPTION_MAX,
  DETAILS_MAX,
  type InitiativeDraft,
  initiativeIssues,
  LOCATION_MAX,
  NAME_MAX,
} from '../../../../domain/initiative/rules.ts';
import type { ErrorCode } from '../../../../domain/shared/errors.ts';
import { errorCode } from '../../app/api.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { AppModal } from '../../components/AppModal.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { CancelAndSubmit } from '../../components/form/CancelAndSubmit.tsx';
import { binder, optionalNumber, SelectField, TextAreaField, TextField } from '../../components/form/fields.tsx';
import { RulesForm } from '../../components/form/RulesForm.tsx';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { notifyDone } from '../../lib/notify.ts';
import { lookupName, lookupsQuery } from '../registration/index.ts';
import { placesOf, proposeInitiative } from './api.ts';

/** The form's values as the inputs hold them; the coordinates as typed (the events form's location inputs). */
interface Values {
  name?: string;
  description?: string;
  details?: string;
  regionId?: number;
  cityId?: number;
  location?: string;
  latitude?: string;
  longitude?: string;
}

const coordinate = (s: string | undefined) => (s === undefined || s.trim() === '' ? null : Number(s));
const draftOf = (v: Values): InitiativeDraft => ({
  name: v.name ?? null,
  description: v.description ?? null,
  details: v.details ?? null,
  regionId: v.regionId ?? null,
  cityId: v.cityId ?? null,
  location: v.location ?? null,
  latitude: coordinate(v.latitude),
  longitude: coordinate(v.longitude),
});

/** Spec "event initiative": name, description, details, region and city, the place and its point on the map. */
export function ProposeModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const queryClient = useQueryClient();
  const lookups = useQuery({ ...lookupsQuery, enabled: opened });
  const domain = useDomainForm<Values, 'submit'>({
    initialValues: {},
    // The domain's own rules, with the master data the server checks against.
    rules: (v) => (lookups.data ? initiativeIssues(draftOf(v), placesOf(lookups.data)) : []),
    defaultMode: 'submit',
    idPrefix: 'initiative',
  });
  const v = domain.values;
  const [failure, setFailure] = useState<ErrorCode | null>(null);
  const save = useMutation({
    mutationFn: () => proposeInitiative(queryClient, draftOf(v)),
    onSuccess: (r) => {
      notifyDone(t('initiatives.proposed', { code: r.code }));
      domain.form.reset();
      setFailure(null);
      onClose();
    },
    onError: (e) => setFailure(errorCode(e)),
  });
  const bind = binder(v, domain.set);
  const regions = lookups.data?.regions ?? [];
  const cities = (lookups.data?.cities ?? []).filter((c) => c.regionId === v.regionId);
  /** A required text: one line (name, location) or several (description, details). */
  const text = (
    k: 'name' | 'location' | 'description' | 'details',
    max: number,
    Field: typeof TextField | typeof TextAreaField = TextField,
  ) => <Field {...bind(k)} label={t(`initiatives.field.${k}`)} required maxLength={max} />;
  const point = (k: 'latitude' | 'longitude') => (
    <TextField {...bind(k)} label={t(`initiatives.field.${k}`)} type="number" dir="ltr" />
  );

  return (
    <AppModal opened={opened} onClose={onClose} title={t('initiatives.newTitle')} size="lg">
      <RulesForm domain={domain} mode="submit" onValid={() => save.mutate()}>
        {text('name', NAME_MAX)}
        {text('description', DESCRIPTION_MAX, TextAreaField)}
        {text('details', DETAILS_MAX, TextAreaField)}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <SelectField
            path="regionId"
            label={t('initiatives.field.region')}
            required
            value={v.regionId}
            onChange={(value) =>
              domain.update((old) => ({ ...old, regionId: optionalNumber(value), cityId: undefined }), 'regionId')
            }
            options={regions.map((r) => ({ value: String(r.id), label: lookupName(r, lang) }))}
          />
          <SelectField
            {...bind('cityId', optionalNumber)}
            label={t('initiatives.field.city')}
            required
            options={cities.map((c) => ({ value: String(c.id), label: lookupName(c, lang) }))}
          />
        </SimpleGrid>
        {text('location', LOCATION_MAX)}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {point('latitude')}
          {point('longitude')}
        </SimpleGrid>
        <ErrorAlert message={failure && t(failure)} testId="initiative-error" />
        <CancelAndSubmit
          cancel={t('initiatives.cancel')}
          onCancel={onClose}
          submit={t('initiatives.submit')}
          busy={save.isPending}
          testId="submit-initiative"
        />
      </RulesForm>
    </AppModal>
  );
}
