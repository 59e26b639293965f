import { SimpleGrid, TextInput } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegistrationForm as Form } from '../../../../domain/registration/form.ts';
import {
  DATE_PICKER_MAX,
  DATE_PICKER_MIN,
  idTypeFor,
  PASSPORT_EXPIRY_MAX,
} from '../../../../domain/registration/rules.ts';
import { type Lookups, lookupSnapshot } from './api.ts';
import { CalendarDateField, DateField } from './dateFields.tsx';
import { FileField } from './FileField.tsx';
import {
  CheckboxGroupField,
  LookupSelect,
  NumberField,
  type Option,
  RadioField,
  RegField,
  SelectField,
  TextField,
} from './fields.tsx';
import { binder, type Common, DAYS, JOB_ROLES, useOptions } from './formActions.ts';
import { FormSection } from './sections.tsx';

/** The person: names, birth date, volunteering times, identity and address (each memoised on its own slice). */
export const PersonalSection = memo(function PersonalSection({
  actions,
  personal,
  full,
}: Common & { personal: Form['personal']; full: boolean }) {
  const { t } = useTranslation();
  const options = useOptions();
  const bind = binder(actions, 'personal', personal);
  const p = personal ?? {};
  return (
    <FormSection anchor="personalInfoSection" titleKey="reg.section.personal">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SelectField {...bind('title')} options={options([1, 2, 3], (n) => `reg.title.${n as 1}`)} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2, md: full ? 4 : 2 }}>
        <TextField {...bind('firstNameAr')} required maxLength={50} autoComplete="given-name" />
        {full && <TextField {...bind('secondNameAr')} required maxLength={50} />}
        {full && <TextField {...bind('thirdNameAr')} required maxLength={50} />}
        <TextField {...bind('lastNameAr')} required maxLength={50} autoComplete="family-name" />
      </SimpleGrid>
      {full && (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <TextField {...bind('firstNameEn')} required maxLength={50} dir="ltr" lang="en" />
          <TextField {...bind('secondNameEn')} required maxLength={50} dir="ltr" lang="en" />
          <TextField {...bind('thirdNameEn')} required maxLength={50} dir="ltr" lang="en" />
          <TextField {...bind('lastNameEn')} required maxLength={50} dir="ltr" lang="en" />
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <RadioField
          {...bind('gender')}
          required
          options={options([1, 2], (n) => `reg.gender.${n as 1}`) as Option<1 | 2>[]}
        />
        {full && (
          <RadioField
            {...bind('maritalStatus')}
            required
            options={options([1, 2], (n) => `reg.marital.${n as 1}`) as Option<1 | 2>[]}
          />
        )}
      </SimpleGrid>
      <CalendarDateField {...bind('birthDate')} min={DATE_PICKER_MIN} max={DATE_PICKER_MAX} required />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SelectField {...bind('jobRoleType')} options={options(JOB_ROLES, (n) => `reg.jobRole.${n as 1}`)} />
        {p.jobRoleType === 1 && (
          <SelectField
            {...bind('universityYear')}
            options={[1, 2, 3, 4, 5, 6, 7].map((n) => ({ value: n, label: t('reg.universityYearN', { n }) }))}
          />
        )}
        {full && p.maritalStatus === 2 && <NumberField {...bind('childrenCount')} min={0} max={30} />}
      </SimpleGrid>
    </FormSection>
  );
});

export const VolunteeringTimesSection = memo(function VolunteeringTimesSection({
  actions,
  preferredTime,
  preferredDays,
}: Common & { preferredTime: 1 | 2 | 3 | undefined; preferredDays: number[] | undefined }) {
  const options = useOptions();
  const bind = binder(actions, 'personal', { preferredTime, preferredDays });
  return (
    <FormSection anchor="VolunteeringTimes" titleKey="reg.section.volunteeringTimes">
      <RadioField
        {...bind('preferredTime')}
        required
        options={options([1, 2, 3], (n) => `reg.time.${n as 1}`) as Option<1 | 2 | 3>[]}
      />
      <CheckboxGroupField {...bind('preferredDays')} required options={options(DAYS, (n) => `reg.day.${n as 1}`)} />
    </FormSection>
  );
});

export const IdentitySection = memo(function IdentitySection({
  actions,
  identity,
  photoFileId,
  idFileId,
  full,
  lookups,
}: Common & {
  identity: Form['identity'];
  photoFileId: string | undefined;
  idFileId: string | undefined;
  full: boolean;
  lookups: Lookups;
}) {
  const { t } = useTranslation();
  const bind = binder(actions, 'identity', identity);
  const nationalityId = identity?.nationalityId;
  return (
    <FormSection anchor="IdSection" titleKey="reg.section.identity">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <LookupSelect
          {...bind('nationalityId')}
          onChange={(v) => {
            actions.set('identity', 'nationalityId', v);
            actions.forget('identity.idType');
          }}
          items={lookups.nationalities}
          required
        />
        <RegField path="identity.idType" description={t('reg.idType.hint')}>
          {({ wrapper }) => (
            <TextInput
              {...wrapper}
              readOnly
              value={
                nationalityId === undefined ? '' : t(`reg.idType.${idTypeFor(nationalityId, lookupSnapshot(lookups))}`)
              }
            />
          )}
        </RegField>
        <TextField {...bind('idNumber')} required maxLength={10} inputMode="numeric" dir="ltr" autoComplete="off" />
      </SimpleGrid>
      {full && <CalendarDateField {...bind('idExpiryDate')} min={DATE_PICKER_MIN} max={DATE_PICKER_MAX} required />}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextField {...bind('passportNo')} maxLength={20} dir="ltr" />
        <DateField {...bind('passportExpDate')} min={DATE_PICKER_MIN} max={PASSPORT_EXPIRY_MAX} />
        <LookupSelect {...bind('passportIssueCountryId')} items={lookups.countries} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <FileField
          path="photoFileId"
          kind="personalPhoto"
          value={photoFileId}
          onChange={(v) => actions.setTop('photoFileId', v)}
        />
        <FileField path="idFileId" kind="idPhoto" value={idFileId} onChange={(v) => actions.setTop('idFileId', v)} />
      </SimpleGrid>
    </FormSection>
  );
});

export const AddressSection = memo(function AddressSection({
  actions,
  address,
  lookups,
}: Common & { address: Form['address']; lookups: Lookups }) {
  const bind = binder(actions, 'address', address);
  const regionId = address?.regionId;
  const regions = lookups.regions.filter((r) => !r.flags?.excludedFromRegistration);
  const cities = lookups.cities.filter((c) => c.regionId === regionId);
  return (
    <FormSection anchor="addressSection" titleKey="reg.section.address">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <LookupSelect
          {...bind('regionId')}
          onChange={(v) => {
            actions.set('address', 'regionId', v);
            const city = lookups.cities.find((c) => c.id === address?.cityId);
            if (city && city.regionId !== v) actions.set('address', 'cityId', undefined);
          }}
          items={regions}
          required
        />
        <LookupSelect {...bind('cityId')} items={cities} required disabled={regionId === undefined} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        <TextField {...bind('district')} maxLength={100} />
        <TextField {...bind('street')} maxLength={100} />
        <TextField {...bind('buildingNo')} maxLength={10} inputMode="numeric" dir="ltr" />
        <TextField {...bind('postalCode')} maxLength={10} inputMode="numeric" dir="ltr" autoComplete="postal-code" />
        <TextField {...bind('extraNumber')} maxLength={10} inputMode="numeric" dir="ltr" />
      </SimpleGrid>
    </FormSection>
  );
});
