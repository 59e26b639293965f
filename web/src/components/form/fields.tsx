import {
  NativeSelect,
  type NativeSelectProps,
  Textarea,
  type TextareaProps,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { FormField } from './FormField.tsx';

/** What every field below takes for its wrapper (FormField): the value's path, label, required mark, hint. */
interface FieldBase {
  path: string;
  label: ReactNode;
  required?: boolean;
  description?: ReactNode;
}

/** The input's own props, less those the wrapper and the field set. */
type Own<P> = Omit<P, 'value' | 'onChange' | 'label' | 'required' | 'description' | 'error' | 'id'>;

/** One line of text bound to a form value (empty while undefined). */
export function TextField({
  path,
  label,
  required,
  description,
  value,
  onChange,
  ...input
}: FieldBase & Own<TextInputProps> & { value: string | undefined; onChange(value: string): void }) {
  return (
    <FormField path={path} label={label} required={required} description={description}>
      {({ wrapper }) => (
        <TextInput {...input} {...wrapper} value={value ?? ''} onChange={(e) => onChange(e.currentTarget.value)} />
      )}
    </FormField>
  );
}

/** Several lines of text bound to a form value, growing with it (3 lines at first) unless told otherwise. */
export function TextAreaField({
  path,
  label,
  required,
  description,
  value,
  onChange,
  autosize = true,
  minRows = 3,
  ...input
}: FieldBase & Own<TextareaProps> & { value: string | undefined; onChange(value: string): void }) {
  return (
    <FormField path={path} label={label} required={required} description={description}>
      {({ wrapper }) => (
        <Textarea
          {...input}
          {...wrapper}
          autosize={autosize}
          minRows={minRows}
          value={value ?? ''}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      )}
    </FormField>
  );
}

/**
 * A native select bound to a form value (a number or a string id; none while undefined or null), with an empty first
 * option unless `blank` is false (a text: that option's label). `onChange` gets the option's value as text ('' for the
 * empty one).
 */
export function SelectField({
  path,
  label,
  required,
  description,
  value,
  options,
  blank = true,
  onChange,
  ...input
}: FieldBase &
  Own<Omit<NativeSelectProps, 'data'>> & {
    value: string | number | undefined | null;
    options: readonly { value: string; label: string }[];
    blank?: boolean | string;
    onChange(value: string): void;
  }) {
  return (
    <FormField path={path} label={label} required={required} description={description}>
      {({ wrapper }) => (
        <NativeSelect
          {...input}
          {...wrapper}
          value={value === undefined || value === null ? '' : String(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
          data={blank === false ? [...options] : [{ value: '', label: blank === true ? '' : blank }, ...options]}
        />
      )}
    </FormField>
  );
}
