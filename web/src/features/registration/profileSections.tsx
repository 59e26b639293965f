import { SimpleGrid, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegistrationForm as Form } from '../../../../domain/registration/form.ts';
import { DATE_PICKER_MIN, PASSPORT_EXPIRY_MAX } from '../../../../domain/registration/rules.ts';
import type { TranslationKey } from '../../app/i18n/index.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { checkEmployeeCode, type Lookups } from './api.ts';
import { DateField } from './dateFields.tsx';
import { FileField } from './FileField.tsx';
import {
  CheckboxField,
  CheckboxGroupField,
  LookupSelect,
  lookupName,
  MultiSelectField,
  SelectField,
  StringSelectField,
  TextAreaField,
  TextField,
} from './fields.tsx';
import { BLOOD_GROUPS, binder, CFHS_STATUSES, type Common, pastMax, useOptions } from './formActions.ts';
import { FormSection } from './sections.tsx';

/** Medical, specialities, practitioner, special needs and employee sections (each memoised on its own slice). */
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

export const SpecialNeedsSection = memo(function SpecialNeedsSection({
  actions,
  isSpecialNeeds,
  specialNeedsDetails,
}: Common & { isSpecialNeeds: boolean | undefined; specialNeedsDetails: string | undefined }) {
  const bind = binder(actions, 'personal', { specialNeedsDetails });
  return (
    <FormSection anchor="specialNeedsSection" titleKey="reg.section.specialNeeds">
      <CheckboxField
        path="personal.isSpecialNeeds"
        checked={isSpecialNeeds}
        onChange={(v) => actions.set('personal', 'isSpecialNeeds', v)}
      />
      {isSpecialNeeds && <TextAreaField {...bind('specialNeedsDetails')} required maxLength={500} />}
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
