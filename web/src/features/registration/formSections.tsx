import { Button, NumberInput, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { memo, use, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegistrationForm as Form } from '../../../../domain/registration/form.ts';
import {
  DATE_PICKER_MAX,
  DATE_PICKER_MIN,
  idTypeFor,
  PASSPORT_EXPIRY_MAX,
} from '../../../../domain/registration/rules.ts';
import type { ClientConfig } from '../../../../domain/shared/clients.ts';
import type { TranslationKey } from '../../app/i18n/index.ts';
import { AnchorLink } from '../../app/layout/links.tsx';
import { useLanguageStore } from '../../app/stores/language.ts';
import { PasswordRules, PasswordStrengthMeter } from '../session/PasswordStrengthMeter.tsx';
import { checkEmployeeCode, type Lookups, lookupSnapshot } from './api.ts';
import { addDays, minIso, todayIso } from './dates.ts';
import {
  CalendarDateField,
  CheckboxField,
  CheckboxGroupField,
  DateField,
  FieldContext,
  FileField,
  LookupSelect,
  lookupName,
  MultiSelectField,
  type Option,
  RadioField,
  SelectField,
  StringSelectField,
  TextAreaField,
  TextField,
} from './fields.tsx';
import { fieldId, type ListName, type Row, type Section, type SectionName } from './formState.ts';
import { FormSection, ListSection } from './sections.tsx';

/**
 * The form's sections. Each is memoised and receives only its own slice of the form and the (stable) actions, so a
 * keystroke re-renders one section, not the whole form.
 */
export interface FormActions {
  set<S extends SectionName, K extends keyof Section<S>>(section: S, key: K, value: Section<S>[K] | undefined): void;
  setRow<L extends ListName, K extends keyof Row<L>>(
    list: L,
    index: number,
    key: K,
    value: Row<L>[K] | undefined,
  ): void;
  setList<L extends ListName>(list: L, rows: Row<L>[]): void;
  setTop<K extends TopField>(key: K, value: Form[K]): void;
  forget(path: string): void;
  /** Rows were removed: the numbers in the list's issues no longer match, so they go. */
  forgetList(list: ListName): void;
}

export type TopField = 'photoFileId' | 'idFileId' | 'skills' | 'agreement';

/** value + onChange for the fields of one section. */
function binder<S extends SectionName>(actions: FormActions, section: S, values: Section<S> | undefined) {
  return <K extends keyof Section<S>>(key: K) => ({
    path: `${section}.${String(key)}`,
    value: (values as Partial<Record<K, Section<S>[K]>> | undefined)?.[key],
    onChange: (value: Section<S>[K] | undefined) => actions.set(section, key, value),
  });
}

function rowBinder<L extends ListName>(actions: FormActions, list: L, index: number, row: Row<L>) {
  return <K extends keyof Row<L>>(key: K) => ({
    path: `${list}.${index}.${String(key)}`,
    value: row[key],
    onChange: (value: Row<L>[K] | undefined) => actions.setRow(list, index, key, value),
  });
}

function useOptions() {
  const { t } = useTranslation();
  return (keys: readonly number[], key: (n: number) => TranslationKey): Option[] =>
    keys.map((n) => ({ value: n, label: t(key(n)) }));
}

const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'O+', 'O-', 'AB+', 'AB-'] as const;
/** Spec: Saturday 6, Sunday 0, Monday 1 … Friday 5; the week is shown from Saturday. */
const DAYS = [6, 0, 1, 2, 3, 4, 5] as const;
const JOB_ROLES = [1, 2, 3, 4, 5, 6, 7] as const;
const CFHS_STATUSES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

function pastMax(): string {
  return minIso(todayIso(), DATE_PICKER_MAX);
}

interface Common {
  actions: FormActions;
}

export const PersonalSection = memo(function PersonalSection({
  actions,
  personal,
  full,
}: Common & { personal: Form['personal']; full: boolean }) {
  const { t } = useTranslation();
  const options = useOptions();
  const errorOf = use(FieldContext).errorOf;
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
        {full && p.maritalStatus === 2 && (
          <NumberInput
            id={fieldId('personal.childrenCount')}
            label={t('reg.f.personal.childrenCount')}
            min={0}
            max={30}
            allowDecimal={false}
            allowNegative={false}
            value={p.childrenCount ?? ''}
            onChange={(v) => actions.set('personal', 'childrenCount', typeof v === 'number' ? v : undefined)}
            error={errorOf('personal.childrenCount')}
          />
        )}
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
  return (
    <FormSection anchor="VolunteeringTimes" titleKey="reg.section.volunteeringTimes">
      <RadioField
        path="personal.preferredTime"
        value={preferredTime}
        onChange={(v) => actions.set('personal', 'preferredTime', v)}
        required
        options={options([1, 2, 3], (n) => `reg.time.${n as 1}`) as Option<1 | 2 | 3>[]}
      />
      <CheckboxGroupField
        path="personal.preferredDays"
        value={preferredDays}
        onChange={(v) => actions.set('personal', 'preferredDays', v)}
        required
        options={options(DAYS, (n) => `reg.day.${n as 1}`)}
      />
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
  const errorOf = use(FieldContext).errorOf;
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
        <TextInput
          id={fieldId('identity.idType')}
          label={t('reg.f.identity.idType')}
          readOnly
          value={
            nationalityId === undefined ? '' : t(`reg.idType.${idTypeFor(nationalityId, lookupSnapshot(lookups))}`)
          }
          description={t('reg.idType.hint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          error={errorOf('identity.idType')}
        />
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

export const MedicalSection = memo(function MedicalSection({
  actions,
  medical,
  covidContactField,
  lookups,
}: Common & { medical: Form['medical']; covidContactField: boolean; lookups: Lookups }) {
  const bind = binder(actions, 'medical', medical);
  return (
    <FormSection anchor="medicalInformationSection" titleKey="reg.section.medical">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <StringSelectField
          {...bind('bloodGroup')}
          options={BLOOD_GROUPS.map((g) => ({ value: g, label: g }))}
          required
        />
        {covidContactField && (
          <LookupSelect {...bind('contactedCovidStatus')} items={lookups.covidContactStatuses} required />
        )}
      </SimpleGrid>
      <CheckboxField
        path="medical.geneticDiseasesExist"
        checked={medical?.geneticDiseasesExist}
        onChange={(v) => actions.set('medical', 'geneticDiseasesExist', v)}
      />
      {medical?.geneticDiseasesExist && <TextAreaField {...bind('geneticDiseases')} required maxLength={500} />}
    </FormSection>
  );
});

export const SpecialitiesSection = memo(function SpecialitiesSection({
  actions,
  specialities,
  skills,
  full,
  lookups,
}: Common & { specialities: Form['specialities']; skills: number[] | undefined; full: boolean; lookups: Lookups }) {
  const lang = useLanguageStore((s) => s.lang);
  const bind = binder(actions, 'specialities', specialities);
  const s = specialities ?? {};
  const level1 = full
    ? lookups.subCategoriesLevel1.filter((x) => x.categoryId === s.categoryId)
    : lookups.subCategoriesLevel1;
  const level2 = lookups.subCategoriesLevel2.filter((x) => x.level1Id === s.subCategoryLevel1Id);
  return (
    <FormSection anchor="specialitiesSection" titleKey="reg.section.specialities">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <LookupSelect {...bind('professionId')} items={lookups.professions} required />
        {full && (
          <LookupSelect
            {...bind('categoryId')}
            onChange={(v) => {
              actions.set('specialities', 'categoryId', v);
              actions.set('specialities', 'subCategoryLevel1Id', undefined);
              actions.set('specialities', 'subCategoryLevel2Id', undefined);
            }}
            items={lookups.categories}
            required
          />
        )}
        <LookupSelect
          {...bind('subCategoryLevel1Id')}
          onChange={(v) => {
            actions.set('specialities', 'subCategoryLevel1Id', v);
            actions.set('specialities', 'subCategoryLevel2Id', undefined);
          }}
          items={level1}
          required
          disabled={full && s.categoryId === undefined}
        />
        {(level2.length > 0 || s.subCategoryLevel2Id !== undefined) && (
          <LookupSelect {...bind('subCategoryLevel2Id')} items={level2} />
        )}
        <LookupSelect {...bind('experienceLevelId')} items={lookups.experienceLevels} />
      </SimpleGrid>
      <CheckboxGroupField
        {...bind('preferredWorkFields')}
        onChange={(v) => actions.set('specialities', 'preferredWorkFields', v)}
        options={lookups.workFields.map((w) => ({ value: w.id, label: lookupName(w, lang) }))}
        required
      />
      <MultiSelectField
        {...bind('preferredWorkCities')}
        onChange={(v) => actions.set('specialities', 'preferredWorkCities', v)}
        items={lookups.cities}
      />
      {lookups.skills && lookups.skills.length > 0 && (
        <MultiSelectField
          path="skills"
          value={skills}
          onChange={(v) => actions.setTop('skills', v)}
          items={lookups.skills}
        />
      )}
    </FormSection>
  );
});

export const PractitionerSection = memo(function PractitionerSection({
  actions,
  practitioner,
}: Common & { practitioner: Form['practitioner'] }) {
  const options = useOptions();
  const bind = binder(actions, 'practitioner', practitioner);
  return (
    <FormSection anchor="practitionerSection" titleKey="reg.section.practitioner">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField {...bind('cfhsNumber')} maxLength={30} dir="ltr" />
        <SelectField {...bind('cfhsStatusId')} options={options(CFHS_STATUSES, (n) => `reg.cfhsStatus.${n as 1}`)} />
        <DateField {...bind('cfhsIssueDate')} min={DATE_PICKER_MIN} max={pastMax()} />
        <DateField {...bind('cfhsExpiryDate')} min={DATE_PICKER_MIN} max={PASSPORT_EXPIRY_MAX} />
      </SimpleGrid>
      <FileField {...bind('fileId')} kind="scfhs" />
    </FormSection>
  );
});

interface ListProps<L extends ListName> extends Common {
  rows: Form[L];
  lookups: Lookups;
}

function listHandlers<L extends ListName>(actions: FormActions, list: L) {
  return {
    onChange: (rows: Row<L>[]) => actions.setList(list, rows),
    onRemoved: () => actions.forgetList(list),
  };
}

export const EmergencyContactsList = memo(function EmergencyContactsList({
  actions,
  rows,
  lookups,
}: ListProps<'emergencyContacts'>) {
  return (
    <ListSection
      list="emergencyContacts"
      required
      rows={rows ?? []}
      {...listHandlers(actions, 'emergencyContacts')}
      renderRow={(row, i) => {
        const bind = rowBinder(actions, 'emergencyContacts', i, row);
        return (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <LookupSelect {...bind('relationId')} items={lookups.contactRelations} required />
            <TextField {...bind('name')} required maxLength={100} />
            <TextField {...bind('mobile')} required maxLength={10} inputMode="tel" dir="ltr" />
          </SimpleGrid>
        );
      }}
    />
  );
});

export const GraduationCertificatesList = memo(function GraduationCertificatesList({
  actions,
  rows,
  lookups,
}: ListProps<'graduationCertificates'>) {
  return (
    <ListSection
      list="graduationCertificates"
      required
      rows={rows ?? []}
      {...listHandlers(actions, 'graduationCertificates')}
      renderRow={(row, i) => {
        const bind = rowBinder(actions, 'graduationCertificates', i, row);
        return (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <LookupSelect {...bind('certificateFieldId')} items={lookups.certificateFields} required />
              <DateField {...bind('issueDate')} min={DATE_PICKER_MIN} max={pastMax()} required />
            </SimpleGrid>
            <FileField {...bind('fileId')} kind="graduation" required />
          </>
        );
      }}
    />
  );
});

export const ExpertisesList = memo(function ExpertisesList({ actions, rows }: ListProps<'expertises'>) {
  return (
    <ListSection
      list="expertises"
      rows={rows ?? []}
      {...listHandlers(actions, 'expertises')}
      renderRow={(row, i) => {
        const bind = rowBinder(actions, 'expertises', i, row);
        return (
          <>
            <TextField {...bind('title')} maxLength={200} />
            <CheckboxField
              path={`expertises.${i}.isCurrentJob`}
              checked={row.isCurrentJob}
              onChange={(v) => actions.setRow('expertises', i, 'isCurrentJob', v)}
            />
            <FileField {...bind('letterFileId')} kind="expertise" />
          </>
        );
      }}
    />
  );
});

export const TrainingsList = memo(function TrainingsList({ actions, rows }: ListProps<'trainings'>) {
  const today = todayIso();
  return (
    <ListSection
      list="trainings"
      rows={rows ?? []}
      {...listHandlers(actions, 'trainings')}
      renderRow={(row, i) => {
        const bind = rowBinder(actions, 'trainings', i, row);
        return (
          <>
            <TextField {...bind('name')} required maxLength={200} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {/* Spec: a training starts yesterday at the latest and ends today at the latest. */}
              <DateField
                {...bind('startDate')}
                min={DATE_PICKER_MIN}
                max={minIso(addDays(today, -1), DATE_PICKER_MAX)}
                required
              />
              <DateField {...bind('endDate')} min={DATE_PICKER_MIN} max={pastMax()} required />
            </SimpleGrid>
            <FileField {...bind('fileId')} kind="training" required />
          </>
        );
      }}
    />
  );
});

export const VolunteerCertificatesList = memo(function VolunteerCertificatesList({
  actions,
  rows,
}: ListProps<'volunteerCertificates'>) {
  return (
    <ListSection
      list="volunteerCertificates"
      rows={rows ?? []}
      {...listHandlers(actions, 'volunteerCertificates')}
      renderRow={(row, i) => {
        const bind = rowBinder(actions, 'volunteerCertificates', i, row);
        return (
          <>
            <TextField {...bind('name')} maxLength={200} />
            <FileField {...bind('fileId')} kind="volunteerCertificate" />
          </>
        );
      }}
    />
  );
});

export const LanguagesList = memo(function LanguagesList({ actions, rows, lookups }: ListProps<'languages'>) {
  return (
    <ListSection
      list="languages"
      required
      rows={rows ?? []}
      {...listHandlers(actions, 'languages')}
      renderRow={(row, i) => {
        const bind = rowBinder(actions, 'languages', i, row);
        return (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <LookupSelect {...bind('languageId')} items={lookups.languages} required />
            <LookupSelect {...bind('proficiency')} items={lookups.proficiencyLevels} required />
          </SimpleGrid>
        );
      }}
    />
  );
});

export const VolunteerWorksList = memo(function VolunteerWorksList({ actions, rows }: ListProps<'volunteerWorks'>) {
  return (
    <ListSection
      list="volunteerWorks"
      rows={rows ?? []}
      {...listHandlers(actions, 'volunteerWorks')}
      renderRow={(row, i) => {
        const bind = rowBinder(actions, 'volunteerWorks', i, row);
        return (
          <>
            <TextAreaField {...bind('description')} required maxLength={1000} />
            <FileField {...bind('fileId')} kind="volunteerWork" />
          </>
        );
      }}
    />
  );
});

export const OtherAttachmentsList = memo(function OtherAttachmentsList({
  actions,
  rows,
}: ListProps<'otherAttachments'>) {
  return (
    <ListSection
      list="otherAttachments"
      rows={rows ?? []}
      {...listHandlers(actions, 'otherAttachments')}
      renderRow={(row, i) => {
        const bind = rowBinder(actions, 'otherAttachments', i, row);
        return (
          <>
            <TextField {...bind('name')} required maxLength={200} />
            <TextAreaField {...bind('description')} maxLength={1000} />
            <FileField {...bind('fileId')} kind="otherAttachment" />
          </>
        );
      }}
    />
  );
});

export const SpecialNeedsSection = memo(function SpecialNeedsSection({
  actions,
  isSpecialNeeds,
  specialNeedsDetails,
}: Common & { isSpecialNeeds: boolean | undefined; specialNeedsDetails: string | undefined }) {
  return (
    <FormSection anchor="specialNeedsSection" titleKey="reg.section.specialNeeds">
      <CheckboxField
        path="personal.isSpecialNeeds"
        checked={isSpecialNeeds}
        onChange={(v) => actions.set('personal', 'isSpecialNeeds', v)}
      />
      {isSpecialNeeds && (
        <TextAreaField
          path="personal.specialNeedsDetails"
          value={specialNeedsDetails}
          onChange={(v) => actions.set('personal', 'specialNeedsDetails', v)}
          required
          maxLength={500}
        />
      )}
    </FormSection>
  );
});

export const EmployeeSection = memo(function EmployeeSection({
  actions,
  employee,
  idNumber,
}: Common & { employee: Form['employee']; idNumber: string | undefined }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const bind = binder(actions, 'employee', employee);
  // The HR system's answer for the number and id number it was asked about (spec: ValidateEmployeeCode); a
  // changed number or id number makes it stale, and submit checks again on the server anyway.
  const [check, setCheck] = useState<{ key: string; result: 'checking' | 'valid' | TranslationKey } | null>(null);
  const code = employee?.employeeCode?.trim() ?? '';
  const key = `${code}|${idNumber ?? ''}`;
  const shown = check?.key === key ? check.result : null;
  const onBlur = async () => {
    if (!code || !idNumber || check?.key === key) return;
    setCheck({ key, result: 'checking' });
    const result = await checkEmployeeCode(queryClient, code, idNumber);
    setCheck((c) => (c?.key === key ? { key, result } : c));
  };
  return (
    <FormSection anchor="employeeSection" titleKey="reg.section.employee">
      <CheckboxField
        path="employee.isEmployee"
        checked={employee?.isEmployee}
        onChange={(v) => actions.set('employee', 'isEmployee', v)}
      />
      {employee?.isEmployee && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField
            {...bind('employeeCode')}
            maxLength={30}
            dir="ltr"
            onBlur={onBlur}
            description={
              shown && (
                <Text
                  span
                  size="sm"
                  role="status"
                  c={shown === 'checking' ? 'dimmed' : shown === 'valid' ? 'teal.9' : 'red.9'}
                  data-testid="employee-code-check"
                >
                  {shown === 'checking'
                    ? t('reg.employee.checking')
                    : shown === 'valid'
                      ? t('reg.employee.valid')
                      : t(shown)}
                </Text>
              )
            }
          />
        </SimpleGrid>
      )}
    </FormSection>
  );
});

export const UserSection = memo(function UserSection({
  actions,
  user,
  editing,
  client,
  isEmployee,
}: Common & { user: Form['user']; editing: boolean; client: ClientConfig; isEmployee: boolean | undefined }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const errorOf = use(FieldContext).errorOf;
  const ids = useId();
  const bind = binder(actions, 'user', user);
  const u = user ?? {};
  const strengthId = `${ids}-strength`;
  const rulesId = `${ids}-rules`;
  return (
    <FormSection anchor="userInfoSection" titleKey="reg.section.user">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField
          {...bind('userName')}
          required
          maxLength={50}
          dir="ltr"
          autoComplete="username"
          readOnly={editing}
          description={editing ? t('reg.userNameFixed') : t('reg.userNameHint')}
        />
        <TextField
          {...bind('email')}
          required
          maxLength={254}
          type="email"
          dir="ltr"
          autoComplete="email"
          description={
            client.companyEmailDomain && isEmployee
              ? t('reg.companyEmailHint', { domain: client.companyEmailDomain })
              : undefined
          }
        />
        <TextField
          {...bind('mobile')}
          required
          maxLength={10}
          inputMode="tel"
          dir="ltr"
          autoComplete="tel-national"
          description={t(`reg.mobileHint.${client.mobilePrefix}`)}
        />
      </SimpleGrid>
      {editing ? (
        <Text size="sm">
          {t('reg.passwordEditHint')}{' '}
          <AnchorLink to="/$lang/change-password" params={{ lang }} size="sm">
            {t('page.changePassword')}
          </AnchorLink>
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap="xs">
            <PasswordInput
              id={fieldId('user.password')}
              label={t('reg.f.user.password')}
              required
              autoComplete="new-password"
              maxLength={200}
              value={u.password ?? ''}
              onChange={(e) => actions.set('user', 'password', e.currentTarget.value || undefined)}
              error={errorOf('user.password')}
              aria-describedby={`${strengthId} ${rulesId}`}
              visibilityToggleButtonProps={{ 'aria-label': t('password.toggleVisibility') }}
            />
            <PasswordStrengthMeter password={u.password ?? ''} id={strengthId} />
            <PasswordRules password={u.password ?? ''} id={rulesId} />
          </Stack>
          <PasswordInput
            id={fieldId('user.confirmPassword')}
            label={t('reg.f.user.confirmPassword')}
            required
            autoComplete="new-password"
            maxLength={200}
            value={u.confirmPassword ?? ''}
            onChange={(e) => actions.set('user', 'confirmPassword', e.currentTarget.value || undefined)}
            error={errorOf('user.confirmPassword')}
            visibilityToggleButtonProps={{ 'aria-label': t('password.toggleVisibility') }}
          />
        </SimpleGrid>
      )}
    </FormSection>
  );
});

export const AgreementSection = memo(function AgreementSection({
  actions,
  agreement,
  onOpenTerms,
}: Common & { agreement: boolean | undefined; onOpenTerms(): void }) {
  const { t } = useTranslation();
  return (
    <FormSection anchor="agreementSection" titleKey="reg.section.agreement">
      <CheckboxField
        path="agreement"
        checked={agreement}
        onChange={(v) => actions.setTop('agreement', v)}
        label={
          <>
            {t('reg.f.agreement')}
            <Text span c="red.9" aria-hidden="true">
              {' *'}
            </Text>
          </>
        }
      />
      <div>
        <Button variant="subtle" size="compact-sm" onClick={onOpenTerms}>
          {t('reg.terms.open')}
        </Button>
      </div>
    </FormSection>
  );
});
