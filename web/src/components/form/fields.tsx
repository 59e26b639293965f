import {
  Checkbox,
  Group,
  type MantineSpacing,
  MultiSelect,
  type MultiSelectProps,
  NativeSelect,
  type NativeSelectProps,
  Textarea,
  type TextareaProps,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { FormField, type WrapperProps } from './FormField.tsx';

/** What every field below takes for its wrapper (FormField): the value's path, label, required mark, hint. */
interface FieldBase {
  path: string;
  label: ReactNode;
  required?: boolean;
  description?: ReactNode;
}

/** The input's own props, less those the wrapper and the field set. */
type Own<P> = Omit<P, 'value' | 'onChange' | 'label' | 'required' | 'description' | 'error' | 'id'>;

/** A field's props parted: those of its wrapper (FormField), and the rest for its input, drawn in the wrapper. */
function wrapped<P extends FieldBase>(
  { path, label, required, description, ...input }: P,
  draw: (input: Omit<P, keyof FieldBase>, wrapper: WrapperProps) => ReactNode,
) {
  return (
    <FormField path={path} label={label} required={required} description={description}>
      {({ wrapper }) => draw(input, wrapper)}
    </FormField>
  );
}

/** One line of text bound to a form value (empty while undefined). */
export function TextField({
  value,
  onChange,
  ...props
}: FieldBase & Own<TextInputProps> & { value: string | undefined; onChange(value: string): void }) {
  return wrapped(props, (input, wrapper) => (
    <TextInput {...input} {...wrapper} value={value ?? ''} onChange={(e) => onChange(e.currentTarget.value)} />
  ));
}

/** Several lines of text bound to a form value, growing with it (3 lines at first) unless told otherwise. */
export function TextAreaField({
  value,
  onChange,
  autosize = true,
  minRows = 3,
  ...props
}: FieldBase & Own<TextareaProps> & { value: string | undefined; onChange(value: string): void }) {
  return wrapped(props, (input, wrapper) => (
    <Textarea
      {...input}
      {...wrapper}
      autosize={autosize}
      minRows={minRows}
      value={value ?? ''}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  ));
}

/**
 * A native select bound to a form value (a number or a string id; none while undefined or null), with an empty first
 * option unless `blank` is false (a text: that option's label). `onChange` gets the option's value as text ('' for the
 * empty one).
 */
export function SelectField({
  value,
  options,
  blank = true,
  onChange,
  ...props
}: FieldBase &
  Own<Omit<NativeSelectProps, 'data'>> & {
    value: string | number | undefined | null;
    options: readonly { value: string; label: string }[];
    blank?: boolean | string;
    onChange(value: string): void;
  }) {
  return wrapped(props, (input, wrapper) => (
    <NativeSelect
      {...input}
      {...wrapper}
      value={value === undefined || value === null ? '' : String(value)}
      onChange={(e) => onChange(e.currentTarget.value)}
      data={blank === false ? [...options] : [{ value: '', label: blank === true ? '' : blank }, ...options]}
    />
  ));
}

/** Several choices from a list bound to a form value (the chosen options' values, as text), searchable if told. */
export function MultiSelectField({
  value,
  onChange,
  ...props
}: FieldBase & Own<MultiSelectProps> & { value: readonly string[]; onChange(value: string[]): void }) {
  return wrapped(props, (input, wrapper) => (
    <MultiSelect {...input} {...wrapper} value={[...value]} onChange={onChange} />
  ));
}

/** One box bound to a form value: its own label names it; the wrapper ties the rule's error to the box. */
export function CheckboxField({
  path,
  label,
  checked,
  onChange,
}: Omit<FieldBase, 'required' | 'description'> & { checked: boolean | undefined; onChange(checked: boolean): void }) {
  return (
    <FormField path={path} label={label}>
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
    </FormField>
  );
}

/**
 * A named group of boxes bound to a form value, the values of the boxes ticked (in the order ticked); `gap` and `mt`
 * space the boxes.
 */
export function CheckboxGroupField<V extends string | number>({
  path,
  label,
  required,
  value,
  options,
  onChange,
  gap = 'md',
  mt = 6,
}: Omit<FieldBase, 'description'> & {
  value: readonly V[];
  options: readonly { value: V; label: string }[];
  onChange(value: V[]): void;
  gap?: MantineSpacing;
  mt?: number;
}) {
  return (
    <FormField path={path} label={label} required={required} kind="group">
      {({ control }) => (
        <Group gap={gap} mt={mt}>
          {options.map((o) => (
            <Checkbox
              key={o.value}
              value={String(o.value)}
              label={o.label}
              error={control.invalid}
              checked={value.includes(o.value)}
              onChange={(e) =>
                onChange(e.currentTarget.checked ? [...value, o.value] : value.filter((v) => v !== o.value))
              }
            />
          ))}
        </Group>
      )}
    </FormField>
  );
}

/** What binds a field to one value of a form: its path (the value's key), the value, and the change that sets it. */
export interface Binding<T> {
  path: string;
  value: T;
  onChange(value: string): void;
}

/** The keys of a form's values that hold an optional text. */
type TextKey<V> = { [K in keyof V]-?: V[K] extends string | undefined ? K : never }[keyof V] & string;

/**
 * Binds fields to a flat form's values through its setter: `const bind = binder(v, set)`, then
 * `<TextField {...bind('title')} label={…} />`; a value that is not text is read from the field's text by `parse`
 * (`bind('roleId', Number)`, `bind('priority', optionalNumber)`).
 */
export function binder<V>(values: V, set: <K extends keyof V & string>(key: K, value: V[K]) => void) {
  function bind<K extends TextKey<V>>(key: K): Binding<V[K]>;
  function bind<K extends keyof V & string>(key: K, parse: (text: string) => V[K]): Binding<V[K]>;
  function bind<K extends keyof V & string>(key: K, parse?: (text: string) => V[K]): Binding<V[K]> {
    return { path: key, value: values[key], onChange: (text) => set(key, parse ? parse(text) : (text as V[K])) };
  }
  return bind;
}

/** A select's number, none for its blank option. */
export const optionalNumber = (text: string): number | undefined => (text === '' ? undefined : Number(text));
