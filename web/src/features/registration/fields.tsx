import {
  Checkbox,
  Group,
  MultiSelect,
  NativeSelect,
  NumberInput,
  PasswordInput,
  type PasswordInputProps,
  Radio,
  Textarea,
  type TextareaProps,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageStore } from '../../app/stores/language.ts';
import { FormField, type FormFieldProps } from '../../components/form/FormField.tsx';
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

type TextFieldProps = Bound<string> &
  Omit<TextInputProps, 'value' | 'onChange' | 'label' | 'error' | 'id' | 'description' | 'required'>;

export function TextField({ path, value, onChange, required, description, ...rest }: TextFieldProps) {
  return (
    <RegField path={path} required={required} description={description}>
      {({ wrapper }) => (
        <TextInput
          {...rest}
          {...wrapper}
          value={value ?? ''}
          onChange={(e) => onChange(orUndefined(e.currentTarget.value))}
        />
      )}
    </RegField>
  );
}

type TextAreaFieldProps = Bound<string> &
  Omit<TextareaProps, 'value' | 'onChange' | 'label' | 'error' | 'id' | 'description' | 'required'>;

export function TextAreaField({ path, value, onChange, required, description, ...rest }: TextAreaFieldProps) {
  return (
    <RegField path={path} required={required} description={description}>
      {({ wrapper }) => (
        <Textarea
          autosize
          minRows={2}
          maxRows={6}
          {...rest}
          {...wrapper}
          value={value ?? ''}
          onChange={(e) => onChange(orUndefined(e.currentTarget.value))}
        />
      )}
    </RegField>
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

/** A native select: keyboard and screen-reader behaviour of the platform, right-to-left included. */
export function SelectField({ path, value, onChange, options, required, disabled, description }: SelectFieldProps) {
  const { t } = useTranslation();
  return (
    <RegField path={path} required={required} description={description}>
      {({ wrapper }) => (
        <NativeSelect
          {...wrapper}
          disabled={disabled}
          value={asText(value)}
          onChange={(e) => onChange(asNumber(e.currentTarget.value))}
          data={[
            { value: '', label: t('reg.select') },
            ...options.map((o) => ({ value: String(o.value), label: o.label })),
          ]}
        />
      )}
    </RegField>
  );
}

type LookupSelectProps = Omit<SelectFieldProps, 'options'> & { items: readonly Lookup[] };

export function LookupSelect({ items, ...rest }: LookupSelectProps) {
  const lang = useLanguageStore((s) => s.lang);
  return <SelectField {...rest} options={items.map((i) => ({ value: i.id, label: lookupName(i, lang) }))} />;
}

interface StringSelectFieldProps<V extends string> extends Bound<V> {
  options: readonly Option<V>[];
}

export function StringSelectField<V extends string>({
  path,
  value,
  onChange,
  options,
  required,
}: StringSelectFieldProps<V>) {
  const { t } = useTranslation();
  return (
    <RegField path={path} required={required}>
      {({ wrapper }) => (
        <NativeSelect
          {...wrapper}
          value={value ?? ''}
          onChange={(e) => onChange(e.currentTarget.value === '' ? undefined : (e.currentTarget.value as V))}
          data={[{ value: '', label: t('reg.select') }, ...options]}
        />
      )}
    </RegField>
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

interface CheckboxGroupFieldProps {
  path: string;
  value: readonly number[] | undefined;
  onChange(value: number[]): void;
  options: readonly Option[];
  required?: boolean;
}

export function CheckboxGroupField({ path, value, onChange, options, required }: CheckboxGroupFieldProps) {
  const chosen = value ?? [];
  return (
    <RegField path={path} required={required} kind="group">
      {({ control }) => (
        <Group gap="md" mt={6}>
          {options.map((o) => (
            <Checkbox
              key={o.value}
              value={String(o.value)}
              label={o.label}
              error={control.invalid}
              checked={chosen.includes(o.value)}
              onChange={(e) =>
                onChange(e.currentTarget.checked ? [...chosen, o.value] : chosen.filter((v) => v !== o.value))
              }
            />
          ))}
        </Group>
      )}
    </RegField>
  );
}

interface CheckboxFieldProps {
  path: string;
  checked: boolean | undefined;
  onChange(checked: boolean): void;
  label?: ReactNode;
}

/** One box: its own label names it; the wrapper adds the error, tied to the box. */
export function CheckboxField({ path, checked, onChange, label }: CheckboxFieldProps) {
  const fieldLabel = useLabel(path);
  return (
    <RegField path={path} label={label ?? fieldLabel}>
      {({ wrapper, control }) => (
        <Checkbox
          id={wrapper.id}
          label={wrapper.label}
          // Checkbox ties its own error (id "<id>-error", as the wrapper names it) to the box.
          error={wrapper.error}
          aria-invalid={control['aria-invalid']}
          checked={checked === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      )}
    </RegField>
  );
}

interface MultiSelectFieldProps {
  path: string;
  value: readonly number[] | undefined;
  onChange(value: number[]): void;
  items: readonly Lookup[];
  required?: boolean;
}

export function MultiSelectField({ path, value, onChange, items, required }: MultiSelectFieldProps) {
  const lang = useLanguageStore((s) => s.lang);
  return (
    <RegField path={path} required={required}>
      {({ wrapper }) => (
        <MultiSelect
          {...wrapper}
          searchable
          hidePickedOptions
          comboboxProps={{ withinPortal: false }}
          data={items.map((i) => ({ value: String(i.id), label: lookupName(i, lang) }))}
          value={(value ?? []).map(String)}
          onChange={(v) => onChange(v.map(Number))}
        />
      )}
    </RegField>
  );
}
