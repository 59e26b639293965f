import { SimpleGrid } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import type { RegistrationForm as Form } from '../../../../domain/registration/form.ts';
import { DATE_PICKER_MAX, DATE_PICKER_MIN } from '../../../../domain/registration/rules.ts';
import type { Lookups } from './api.ts';
import { DateField } from './dateFields.tsx';
import { addDays, minIso, todayIso } from './dates.ts';
import { FileField } from './FileField.tsx';
import { CheckboxField, LookupSelect, TextAreaField, TextField } from './fields.tsx';
import { type Common, pastMax, rowBinder } from './formActions.ts';
import type { ListName, Row } from './formState.ts';
import { ListSection } from './sections.tsx';

/** What a list's row draws its fields from: `bind(key)` binds one to its path "list.index.key". */
interface RowParts<L extends ListName> extends Common {
  bind: ReturnType<typeof rowBinder<L>>;
  row: Row<L>;
  index: number;
  lookups: Lookups;
}

/** Each repeatable list's row, its fields in order. */
const ROWS: { [L in ListName]: (parts: RowParts<L>) => ReactNode } = {
  emergencyContacts: ({ bind, lookups }) => (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <LookupSelect {...bind('relationId')} items={lookups.contactRelations} required />
      <TextField {...bind('name')} required maxLength={100} />
      <TextField {...bind('mobile')} required maxLength={10} inputMode="tel" dir="ltr" />
    </SimpleGrid>
  ),
  graduationCertificates: ({ bind, lookups }) => (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <LookupSelect {...bind('certificateFieldId')} items={lookups.certificateFields} required />
        <DateField {...bind('issueDate')} min={DATE_PICKER_MIN} max={pastMax()} required />
      </SimpleGrid>
      <FileField {...bind('fileId')} kind="graduation" required />
    </>
  ),
  expertises: ({ bind, row, index, actions }) => (
    <>
      <TextField {...bind('title')} maxLength={200} />
      <CheckboxField
        path={`expertises.${index}.isCurrentJob`}
        checked={row.isCurrentJob}
        onChange={(v) => actions.setRow('expertises', index, 'isCurrentJob', v)}
      />
      <FileField {...bind('letterFileId')} kind="expertise" />
    </>
  ),
  trainings: ({ bind }) => (
    <>
      <TextField {...bind('name')} required maxLength={200} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {/* Spec: a training starts yesterday at the latest and ends today at the latest. */}
        <DateField
          {...bind('startDate')}
          min={DATE_PICKER_MIN}
          max={minIso(addDays(todayIso(), -1), DATE_PICKER_MAX)}
          required
        />
        <DateField {...bind('endDate')} min={DATE_PICKER_MIN} max={pastMax()} required />
      </SimpleGrid>
      <FileField {...bind('fileId')} kind="training" required />
    </>
  ),
  volunteerCertificates: ({ bind }) => (
    <>
      <TextField {...bind('name')} maxLength={200} />
      <FileField {...bind('fileId')} kind="volunteerCertificate" />
    </>
  ),
  languages: ({ bind, lookups }) => (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <LookupSelect {...bind('languageId')} items={lookups.languages} required />
      <LookupSelect {...bind('proficiency')} items={lookups.proficiencyLevels} required />
    </SimpleGrid>
  ),
  volunteerWorks: ({ bind }) => (
    <>
      <TextAreaField {...bind('description')} required maxLength={1000} />
      <FileField {...bind('fileId')} kind="volunteerWork" />
    </>
  ),
  otherAttachments: ({ bind }) => (
    <>
      <TextField {...bind('name')} required maxLength={200} />
      <TextAreaField {...bind('description')} maxLength={1000} />
      <FileField {...bind('fileId')} kind="otherAttachment" />
    </>
  ),
};

/** The lists in the form's order. */
export const LISTS = Object.keys(ROWS) as readonly ListName[];

/** The lists the submit rules need a row of (shown with a star). */
const REQUIRED: ReadonlySet<ListName> = new Set(['emergencyContacts', 'graduationCertificates', 'languages']);

interface ListProps<L extends ListName> extends Common {
  list: L;
  rows: Form[L];
  lookups: Lookups;
}

/**
 * One repeatable list of the form: its rows (each drawn by ROWS, bound to "list.index.key"), their change and
 * removal through the form's actions.
 */
function RepeatableListOf<L extends ListName>({ list, actions, rows, lookups }: ListProps<L>) {
  const fields: (parts: RowParts<L>) => ReactNode = ROWS[list];
  return (
    <ListSection
      list={list}
      required={REQUIRED.has(list)}
      rows={rows ?? []}
      onChange={(next) => actions.setList(list, next)}
      onRemoved={() => actions.forgetList(list)}
      renderRow={(row, index) => fields({ bind: rowBinder(actions, list, index, row), row, index, actions, lookups })}
    />
  );
}

/** Memoised: a keystroke elsewhere in the form leaves the lists it does not touch alone. */
export const RepeatableList = memo(RepeatableListOf) as typeof RepeatableListOf;
