import { SimpleGrid } from '@mantine/core';
import { memo } from 'react';
import type { RegistrationForm as Form } from '../../../../domain/registration/form.ts';
import { DATE_PICKER_MAX, DATE_PICKER_MIN } from '../../../../domain/registration/rules.ts';
import type { Lookups } from './api.ts';
import { DateField } from './dateFields.tsx';
import { addDays, minIso, todayIso } from './dates.ts';
import { FileField } from './FileField.tsx';
import { CheckboxField, LookupSelect, TextAreaField, TextField } from './fields.tsx';
import { type Common, type FormActions, pastMax, rowBinder } from './formActions.ts';
import type { ListName, Row } from './formState.ts';
import { ListSection } from './sections.tsx';

/** The repeatable lists: each row's fields bound to their path "list.index.key". */
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
