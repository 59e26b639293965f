import { Paper, SimpleGrid, type TextInputProps, Title } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_PICKER_MAX, DATE_PICKER_MIN } from '../../../../../domain/registration/rules.ts';
import type { TranslationKey } from '../../../app/i18n/index.ts';
import { FormField } from '../../../components/form/FormField.tsx';
import {
  CheckboxField,
  CheckboxGroupField,
  MultiSelectField,
  SelectField,
  TextAreaField,
  TextField,
} from '../../../components/form/fields.tsx';
import { GregorianDateInput } from '../../../components/form/GregorianDateInput.tsx';
import type { EventFormValues } from './eventForm.ts';

// The event form's fields on the shared form layer: each a FormField (label, required mark, the domain rule's
// error translated, ids "event-<key>") around a Mantine control, bound to one value of EventFormValues.

type Key = keyof EventFormValues;
type KeysOf<V> = { [K in Key]: EventFormValues[K] extends V ? K : never }[Key];

/** Sets one value of the form; stable for the life of the form, so memoised fields skip unrelated keystrokes. */
export type SetField = <K extends Key>(path: K, value: EventFormValues[K]) => void;

/** One value of the form and how to change it: what `bind(key)` gives a field. */
export interface Bound<K extends Key> {
  path: K;
  value: EventFormValues[K];
  onChange: SetField;
}

export type Option = { value: string; label: string };

function useFieldLabel(path: Key): string {
  const { t } = useTranslation();
  return t(`manage.field.${path}` as TranslationKey);
}

type TextProps = Bound<KeysOf<string>> &
  Pick<TextInputProps, 'type' | 'dir' | 'maxLength'> & {
    required?: boolean;
  };

export const EventTextField = memo(function EventTextField({ path, onChange, ...rest }: TextProps) {
  const label = useFieldLabel(path);
  return <TextField {...rest} path={path} label={label} onChange={(v) => onChange(path, v)} />;
});

export const EventTextArea = memo(function EventTextArea({
  path,
  onChange,
  ...rest
}: Bound<KeysOf<string>> & { dir?: 'ltr'; maxLength?: number }) {
  const label = useFieldLabel(path);
  return (
    <TextAreaField {...rest} path={path} label={label} autosize={false} rows={3} onChange={(v) => onChange(path, v)} />
  );
});

/** A native select; an optional one starts with "None". */
export const EventSelect = memo(function EventSelect({
  path,
  onChange,
  required = true,
  ...rest
}: Bound<KeysOf<string>> & { options: Option[]; required?: boolean }) {
  const { t } = useTranslation();
  const label = useFieldLabel(path);
  return (
    <SelectField
      {...rest}
      path={path}
      label={label}
      required={required}
      blank={required ? false : t('manage.none')}
      onChange={(v) => onChange(path, v)}
    />
  );
});

export const EventMultiSelect = memo(function EventMultiSelect({
  path,
  onChange,
  options,
  ...rest
}: Bound<'regionIds' | 'cityIds'> & { options: Option[]; searchable?: boolean }) {
  const label = useFieldLabel(path);
  return (
    <MultiSelectField {...rest} path={path} label={label} required data={options} onChange={(x) => onChange(path, x)} />
  );
});

/** A Gregorian day (typed or picked), within the spec's date pickers; the rules name a wrong one. */
export const EventDateField = memo(function EventDateField({
  path,
  value,
  onChange,
  required,
}: Bound<'startDate' | 'endDate' | 'registrationStart' | 'registrationEnd'> & { required?: boolean }) {
  const label = useFieldLabel(path);
  return (
    <FormField path={path} label={label} required={required}>
      {({ wrapper }) => (
        <GregorianDateInput
          {...wrapper}
          value={value || undefined}
          onChange={(day) => onChange(path, day ?? '')}
          min={DATE_PICKER_MIN}
          max={DATE_PICKER_MAX}
        />
      )}
    </FormField>
  );
});

/** The week's days as a named group of boxes, Sunday (0) to Saturday (6). */
export const EventDaysField = memo(function EventDaysField({ path, value, onChange }: Bound<'volunteeringDays'>) {
  const { t } = useTranslation();
  const label = useFieldLabel(path);
  const days = [0, 1, 2, 3, 4, 5, 6].map((d) => ({ value: String(d), label: t(`events.day.${d as 0}`) }));
  return (
    <CheckboxGroupField
      path={path}
      label={label}
      value={value}
      options={days}
      gap="sm"
      mt={4}
      onChange={(v) => onChange(path, v)}
    />
  );
});

/** One box named by its own label; the wrapper ties the rule's error to it. */
export const EventCheckbox = memo(function EventCheckbox({ path, value, onChange }: Bound<KeysOf<boolean>>) {
  const label = useFieldLabel(path);
  return <CheckboxField path={path} label={label} checked={value} onChange={(v) => onChange(path, v)} />;
});

export function Section({ title, children, cols }: { title: string; children: ReactNode; cols?: number }) {
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
