import { Group, NumberInput, PasswordInput, type PasswordInputProps, Radio } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageStore } from '../../app/stores/language.ts';
import { FormField, type FormFieldProps } from '../../components/form/FormField.tsx';
// The shared form layer's fields; those below are them labelled by the registration's paths.
import * as Shared from '../../components/form/fields.tsx';
import type { Lookup } from './api.ts';
import { labelKeyOf } from './formState.ts';

/** The registration's label of a path ("emergencyContacts.0.mobile" → the contact's mobile label). */
export function useLabel(path: string): string {
  const { t } = useTranslation();
  const key = labelKeyOf(path);
  return key ? t(key) : path;
}

/** The shared FormField, labelled from the registration's translations by the value's path. */
export function RegField(props: Omit<FormFieldProps, 'label'> & { label?: ReactNode }) {
  const label = useLabel(props.path);
  return <FormField {...props} label={props.label ?? label} />;
}

export function lookupName(item: Lookup, lang: 'ar' | 'en'): string {
  return lang === 'ar' ? item.nameAr : item.nameEn;
}

/** "" for nothing chosen; the rest as strings for the native controls. */
export const asText = (n: number | undefined) => (n === undefined ? '' : String(n));
export const asNumber = (s: string) => (s === '' ? undefined : Number(s));
/** A cleared input means "not given", never "". */
const orUndefined = (s: string) => (s === '' ? undefined : s);

interface Bound<V> {
  path: string;
  value: V | undefined;
  onChange(value: V | undefined): void;
  required?: boolean;
  description?: ReactNode;
}

type TextFieldProps = Bound<string> & Omit<ComponentProps<typeof Shared.TextField>, keyof Bound<string> | 'label'>;

/** The shared text field, labelled by its path; a cleared one means "not given". */
export function TextField({ path, onChange, ...rest }: TextFieldProps) {
  const label = useLabel(path);
  return <Shared.TextField {...rest} path={path} label={label} onChange={(v) => onChange(orUndefined(v))} />;
}

type TextAreaFieldProps = Bound<string> &
  Omit<ComponentProps<typeof Shared.TextAreaField>, keyof Bound<string> | 'label'>;

/** The shared text area (2 to 6 lines), labelled by its path; a cleared one means "not given". */
export function TextAreaField({ path, onChange, ...rest }: TextAreaFieldProps) {
  const label = useLabel(path);
  return (
    <Shared.TextAreaField
      minRows={2}
      maxRows={6}
      {...rest}
      path={path}
      label={label}
      onChange={(v) => onChange(orUndefined(v))}
    />
  );
}

type PasswordFieldProps = Bound<string> &
  Omit<PasswordInputProps, 'value' | 'onChange' | 'label' | 'error' | 'id' | 'description' | 'required'> & {
    /** Ids of what else describes the password (its strength meter and rules). */
    describedBy?: readonly string[];
  };

export function PasswordField({ path, value, onChange, required, describedBy = [], ...rest }: PasswordFieldProps) {
  const { t } = useTranslation();
  return (
    <RegField path={path} required={required} describedBy={describedBy}>
      {({ wrapper, control }) => (
        <PasswordInput
          {...rest}
          {...wrapper}
          aria-describedby={control['aria-describedby']}
          value={value ?? ''}
          onChange={(e) => onChange(orUndefined(e.currentTarget.value))}
          visibilityToggleButtonProps={{ 'aria-label': t('password.toggleVisibility') }}
        />
      )}
    </RegField>
  );
}

interface NumberFieldProps extends Bound<number> {
  min: number;
  max: number;
}

export function NumberField({ path, value, onChange, required, description, min, max }: NumberFieldProps) {
  return (
    <RegField path={path} required={required} description={description}>
      {({ wrapper }) => (
        <NumberInput
          {...wrapper}
          min={min}
          max={max}
          allowDecimal={false}
          allowNegative={false}
          value={value ?? ''}
          onChange={(v) => onChange(typeof v === 'number' ? v : undefined)}
        />
      )}
    </RegField>
  );
}

export interface Option<V extends string | number = number> {
  value: V;
  label: string;
}

interface SelectFieldProps extends Bound<number> {
  options: readonly Option[];
  disabled?: boolean;
}

/** A native select of numbers: the select of texts below, its options' numbers as their texts. */
export function SelectField({ options, value, onChange, ...rest }: SelectFieldProps) {
  return (
    <StringSelectField
      {...rest}
      options={options.map((o) => ({ value: String(o.value), label: o.label }))}
      value={value === undefined ? undefined : String(value)}
      onChange={(v) => onChange(v === undefined ? undefined : Number(v))}
    />
  );
}

type LookupSelectProps = Omit<SelectFieldProps, 'options'> & { items: readonly Lookup[] };

export function LookupSelect({ items, ...rest }: LookupSelectProps) {
  const lang = useLanguageStore((s) => s.lang);
  return <SelectField {...rest} options={items.map((i) => ({ value: i.id, label: lookupName(i, lang) }))} />;
}

interface StringSelectFieldProps<V extends string> extends Bound<V> {
  options: readonly Option<V>[];
  disabled?: boolean;
}

/** A native select: keyboard and screen-reader behaviour of the platform, right-to-left included. */
export function StringSelectField<V extends string>({ path, onChange, ...rest }: StringSelectFieldProps<V>) {
  const { t } = useTranslation();
  const label = useLabel(path);
  // The options' values are V: the select gives back one of them, or '' for its blank.
  const chosen = (text: string) => (text === '' ? undefined : (text as V));
  return (
    <Shared.SelectField
      {...rest}
      path={path}
      label={label}
      blank={t('reg.select')}
      onChange={(v) => onChange(chosen(v))}
    />
  );
}

interface RadioFieldProps<V extends number> {
  path: string;
  value: NoInfer<V> | undefined;
  onChange(value: NoInfer<V>): void;
  options: readonly Option<V>[];
  required?: boolean;
}

export function RadioField<V extends number>({ path, value, onChange, options, required }: RadioFieldProps<V>) {
  return (
    <RegField path={path} required={required} kind="radiogroup">
      {({ wrapper, control }) => (
        <Group gap="lg" mt={6}>
          {options.map((o) => (
            <Radio
              key={o.value}
              name={wrapper.id}
              value={String(o.value)}
              label={o.label}
              error={control.invalid}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
            />
          ))}
        </Group>
      )}
    </RegField>
  );
}

/** A field that picks any number of ids: none picked may come as undefined, a change is always a list. */
interface BoundIds {
  path: string;
  value: readonly number[] | undefined;
  onChange(value: number[]): void;
  required?: boolean;
}

interface CheckboxGroupFieldProps extends BoundIds {
  options: readonly Option[];
}

export function CheckboxGroupField({ value, ...rest }: CheckboxGroupFieldProps) {
  const label = useLabel(rest.path);
  return <Shared.CheckboxGroupField {...rest} label={label} value={value ?? []} />;
}

interface CheckboxFieldProps {
  path: string;
  checked: boolean | undefined;
  onChange(checked: boolean): void;
  label?: ReactNode;
}

/** One box: its own label names it (the path's, unless given). */
export function CheckboxField({ label, ...rest }: CheckboxFieldProps) {
  const fieldLabel = useLabel(rest.path);
  return <Shared.CheckboxField {...rest} label={label ?? fieldLabel} />;
}

interface MultiSelectFieldProps extends BoundIds {
  items: readonly Lookup[];
}

export function MultiSelectField({ path, value, onChange, items, required }: MultiSelectFieldProps) {
  const lang = useLanguageStore((s) => s.lang);
  const label = useLabel(path);
  return (
    <Shared.MultiSelectField
      path={path}
      label={label}
      required={required}
      searchable
      hidePickedOptions
      comboboxProps={{ withinPortal: false }}
      data={items.map((i) => ({ value: String(i.id), label: lookupName(i, lang) }))}
      value={(value ?? []).map(String)}
      onChange={(v) => onChange(v.map(Number))}
    />
  );
}
