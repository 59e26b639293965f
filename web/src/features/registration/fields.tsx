import {
  Button,
  Checkbox,
  Group,
  Input,
  MultiSelect,
  NativeSelect,
  Radio,
  Text,
  Textarea,
  type TextareaProps,
  TextInput,
  type TextInputProps,
  VisuallyHidden,
} from '@mantine/core';
import { createContext, type ReactNode, use, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarDate } from '../../../../domain/registration/form.ts';
import { gregorianOf, isIsoDate } from '../../../../domain/registration/rules.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { UploadProgress } from '../../app/UploadProgress.tsx';
import { acceptOf, type FileKind, isImageKind, useUpload } from '../../app/upload.ts';
import type { Lookup } from './api.ts';
import {
  formatCalendarDate,
  HIJRI_MONTHS,
  hijriOf,
  hijriParts,
  hijriValue,
  hijriYears,
  switchCalendar,
} from './dates.ts';
import { fieldId, labelKeyOf } from './formState.ts';

/** What every field needs from the form: its translated issue, if any. */
export interface FieldContextValue {
  errorOf(path: string): string | undefined;
}

export const FieldContext = createContext<FieldContextValue>({ errorOf: () => undefined });

function useField(path: string) {
  const { t } = useTranslation();
  const key = labelKeyOf(path);
  return { id: fieldId(path), label: key ? t(key) : path, error: use(FieldContext).errorOf(path) };
}

export function lookupName(item: Lookup, lang: 'ar' | 'en'): string {
  return lang === 'ar' ? item.nameAr : item.nameEn;
}

/** "" for nothing chosen; the rest as strings for the native controls. */
const asText = (n: number | undefined) => (n === undefined ? '' : String(n));
const asNumber = (s: string) => (s === '' ? undefined : Number(s));

type TextFieldProps = Omit<TextInputProps, 'value' | 'onChange' | 'label' | 'error' | 'id'> & {
  path: string;
  value: string | undefined;
  onChange(value: string | undefined): void;
};

export function TextField({ path, value, onChange, ...rest }: TextFieldProps) {
  const { id, label, error } = useField(path);
  return (
    <TextInput
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      {...rest}
      id={id}
      label={label}
      error={error}
      value={value ?? ''}
      onChange={(e) => onChange(e.currentTarget.value === '' ? undefined : e.currentTarget.value)}
    />
  );
}

type TextAreaFieldProps = Omit<TextareaProps, 'value' | 'onChange' | 'label' | 'error' | 'id'> & {
  path: string;
  value: string | undefined;
  onChange(value: string | undefined): void;
};

export function TextAreaField({ path, value, onChange, ...rest }: TextAreaFieldProps) {
  const { id, label, error } = useField(path);
  return (
    <Textarea
      autosize
      minRows={2}
      maxRows={6}
      {...rest}
      id={id}
      label={label}
      error={error}
      value={value ?? ''}
      onChange={(e) => onChange(e.currentTarget.value === '' ? undefined : e.currentTarget.value)}
    />
  );
}

export interface Option<V extends string | number = number> {
  value: V;
  label: string;
}

interface SelectFieldProps {
  path: string;
  value: number | undefined;
  onChange(value: number | undefined): void;
  options: readonly Option[];
  required?: boolean;
  disabled?: boolean;
  description?: ReactNode;
}

/** A native select: keyboard and screen-reader behaviour of the platform, right-to-left included. */
export function SelectField({ path, value, onChange, options, required, disabled, description }: SelectFieldProps) {
  const { t } = useTranslation();
  const { id, label, error } = useField(path);
  return (
    <NativeSelect
      id={id}
      label={label}
      error={error}
      required={required}
      disabled={disabled}
      description={description}
      value={asText(value)}
      onChange={(e) => onChange(asNumber(e.currentTarget.value))}
      data={[
        { value: '', label: t('reg.select') },
        ...options.map((o) => ({ value: String(o.value), label: o.label })),
      ]}
    />
  );
}

type LookupSelectProps = Omit<SelectFieldProps, 'options'> & { items: readonly Lookup[] };

export function LookupSelect({ items, ...rest }: LookupSelectProps) {
  const lang = useLanguageStore((s) => s.lang);
  return <SelectField {...rest} options={items.map((i) => ({ value: i.id, label: lookupName(i, lang) }))} />;
}

interface StringSelectFieldProps<V extends string> {
  path: string;
  value: V | undefined;
  onChange(value: V | undefined): void;
  options: readonly Option<V>[];
  required?: boolean;
}

export function StringSelectField<V extends string>({
  path,
  value,
  onChange,
  options,
  required,
}: StringSelectFieldProps<V>) {
  const { t } = useTranslation();
  const { id, label, error } = useField(path);
  return (
    <NativeSelect
      id={id}
      label={label}
      error={error}
      required={required}
      value={value ?? ''}
      onChange={(e) => onChange(e.currentTarget.value === '' ? undefined : (e.currentTarget.value as V))}
      data={[{ value: '', label: t('reg.select') }, ...options]}
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
  const { id, label, error } = useField(path);
  return (
    <Radio.Group
      id={id}
      label={label}
      error={error}
      withAsterisk={required}
      value={asText(value)}
      onChange={(v) => onChange(Number(v) as V)}
    >
      <Group gap="lg" mt={6}>
        {options.map((o) => (
          <Radio key={o.value} value={String(o.value)} label={o.label} />
        ))}
      </Group>
    </Radio.Group>
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
  const { id, label, error } = useField(path);
  return (
    <Checkbox.Group
      id={id}
      label={label}
      error={error}
      withAsterisk={required}
      value={(value ?? []).map(String)}
      onChange={(v) => onChange(v.map(Number))}
    >
      <Group gap="md" mt={6}>
        {options.map((o) => (
          <Checkbox key={o.value} value={String(o.value)} label={o.label} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

interface CheckboxFieldProps {
  path: string;
  checked: boolean | undefined;
  onChange(checked: boolean): void;
  label?: ReactNode;
}

export function CheckboxField({ path, checked, onChange, label }: CheckboxFieldProps) {
  const field = useField(path);
  return (
    <Checkbox
      id={field.id}
      label={label ?? field.label}
      error={field.error}
      aria-invalid={field.error ? true : undefined}
      checked={checked === true}
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
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
  const { id, label, error } = useField(path);
  return (
    <MultiSelect
      id={id}
      label={label}
      error={error}
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

interface DateFieldProps {
  path: string;
  value: string | undefined;
  onChange(value: string | undefined): void;
  min: string;
  max: string;
  required?: boolean;
}

/** A Gregorian day (native date picker, bounded), with its Hijri equivalent underneath. */
export function DateField({ path, value, onChange, min, max, required }: DateFieldProps) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const { id, label, error } = useField(path);
  return (
    <TextInput
      type="date"
      id={id}
      label={label}
      error={error}
      required={required}
      min={min}
      max={max}
      value={value ?? ''}
      onChange={(e) => onChange(e.currentTarget.value === '' ? undefined : e.currentTarget.value)}
      description={isIsoDate(value) ? t('reg.equivalent', { date: hijriOf(value, lang, t) }) : undefined}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}

interface CalendarDateFieldProps {
  path: string;
  value: CalendarDate | undefined;
  onChange(value: CalendarDate | undefined): void;
  /** Bounds as Gregorian ISO days, for both calendars. */
  min: string;
  max: string;
  required?: boolean;
}

/**
 * A date the user may give in the Gregorian or the Hijri calendar; the chosen one is stored as `{ calendar, value }`
 * and the other is shown as the equivalent. Gregorian uses the native date picker; Hijri three selects.
 */
export function CalendarDateField({ path, value, onChange, min, max, required }: CalendarDateFieldProps) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const { id, label, error } = useField(path);
  const [chosen, setChosen] = useState<CalendarDate['calendar']>(value?.calendar ?? 'gregorian');
  const calendar = value?.calendar ?? chosen;
  // A Hijri date is stored only once day, month and year are all chosen; until then the parts live here.
  const [draftParts, setDraftParts] = useState<{ y?: number; m?: number; d?: number }>({});
  const stored = value?.calendar === 'hijri' ? hijriParts(value.value) : null;
  const parts = stored ? { y: stored[0], m: stored[1], d: stored[2] } : draftParts;

  function setCalendar(next: CalendarDate['calendar']) {
    setChosen(next);
    setDraftParts({});
    onChange(switchCalendar(value, next));
  }

  function setPart(part: 'y' | 'm' | 'd', n: number | undefined) {
    const next = { ...parts, [part]: n };
    setDraftParts(next);
    onChange(next.y && next.m && next.d ? { calendar: 'hijri', value: hijriValue(next.y, next.m, next.d) } : undefined);
  }

  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const shown = value && gregorianOf(value) ? formatCalendarDate(value, lang, t) : null;
  const years = hijriYears(min, max);

  return (
    <fieldset aria-labelledby={labelId} aria-describedby={error ? errorId : undefined} className="reg-date-group">
      <Input.Label id={labelId} labelElement="div" required={required}>
        {label}
      </Input.Label>
      <Group gap="md" align="flex-end" wrap="wrap" mt={4}>
        <fieldset className="reg-date-group">
          <VisuallyHidden component="legend">{t('reg.calendar.label')}</VisuallyHidden>
          <Group gap="md" h={36} wrap="nowrap">
            {(['gregorian', 'hijri'] as const).map((c) => (
              <Radio
                key={c}
                name={`${id}-calendar`}
                value={c}
                checked={calendar === c}
                onChange={() => setCalendar(c)}
                label={t(`reg.calendar.${c}`)}
              />
            ))}
          </Group>
        </fieldset>
        {calendar === 'gregorian' ? (
          <TextInput
            type="date"
            id={id}
            aria-label={`${label}: ${t('reg.calendar.gregorianDate')}`}
            error={!!error}
            required={required}
            min={min}
            max={max}
            w={220}
            value={value?.calendar === 'gregorian' ? value.value : ''}
            onChange={(e) =>
              onChange(
                e.currentTarget.value === '' ? undefined : { calendar: 'gregorian', value: e.currentTarget.value },
              )
            }
          />
        ) : (
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <NativeSelect
              id={id}
              label={t('reg.date.day')}
              error={!!error}
              value={asText(parts.d)}
              onChange={(e) => setPart('d', asNumber(e.currentTarget.value))}
              data={[
                { value: '', label: '—' },
                ...Array.from({ length: 30 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })),
              ]}
              w={72}
            />
            <NativeSelect
              label={t('reg.date.month')}
              error={!!error}
              value={asText(parts.m)}
              onChange={(e) => setPart('m', asNumber(e.currentTarget.value))}
              data={[
                { value: '', label: '—' },
                ...HIJRI_MONTHS.map((m) => ({ value: String(m), label: t(`reg.hijriMonth.${m}`) })),
              ]}
              w={140}
            />
            <NativeSelect
              label={t('reg.date.year')}
              error={!!error}
              value={asText(parts.y)}
              onChange={(e) => setPart('y', asNumber(e.currentTarget.value))}
              data={[{ value: '', label: '—' }, ...years.map((y) => ({ value: String(y), label: String(y) }))]}
              w={88}
            />
          </Group>
        )}
      </Group>
      {shown?.equivalent && (
        <Text size="sm" c="dimmed" mt={4}>
          {t('reg.equivalent', { date: shown.equivalent })}
        </Text>
      )}
      {error && (
        <Input.Error id={errorId} mt={4}>
          {error}
        </Input.Error>
      )}
    </fieldset>
  );
}

interface FileFieldProps {
  path: string;
  kind: FileKind;
  value: string | undefined;
  onChange(fileId: string | undefined): void;
  required?: boolean;
}

/**
 * One attachment: size and type are checked here first (same codes as the server), then the file is uploaded with
 * progress, and the form keeps only its id.
 */
export function FileField({ path, kind, value, onChange, required }: FileFieldProps) {
  const { t } = useTranslation();
  const { id, label, error: issue } = useField(path);
  const { state, start, reset, uploading } = useUpload(kind);
  const input = useRef<HTMLInputElement>(null);

  async function pick(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    const result = await start(file);
    if (result?.ok) onChange(result.file.fileId);
  }

  const error = state.phase === 'failed' ? t(state.code) : issue;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;
  const buttonText = value ? t('reg.file.replace') : t('reg.file.choose');

  return (
    <Input.Wrapper
      id={id}
      label={label}
      required={required}
      error={error}
      description={isImageKind(kind) ? t('reg.file.hintImages') : t('reg.file.hintDocuments')}
      descriptionProps={{ id: descriptionId }}
      errorProps={{ id: errorId }}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
    >
      <Group gap="sm" mt={6} wrap="wrap">
        <input
          ref={input}
          type="file"
          hidden
          tabIndex={-1}
          accept={acceptOf(kind)}
          data-testid={`${id}-input`}
          onChange={(e) => void pick(e.currentTarget.files?.[0])}
        />
        <Button
          id={id}
          variant="default"
          size="sm"
          loading={uploading}
          aria-label={`${label}: ${buttonText}`}
          aria-describedby={[descriptionId, error ? errorId : null, statusId].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          onClick={() => input.current?.click()}
        >
          {buttonText}
        </Button>
        {value && !uploading && (
          <Button
            variant="subtle"
            color="red"
            c="red.9"
            size="sm"
            aria-label={`${label}: ${t('reg.file.remove')}`}
            onClick={() => {
              reset();
              onChange(undefined);
            }}
          >
            {t('reg.file.remove')}
          </Button>
        )}
        <Text id={statusId} size="sm" aria-live="polite" style={{ overflowWrap: 'anywhere' }}>
          {state.phase === 'uploading'
            ? t('reg.file.uploading', { name: state.name })
            : state.phase === 'done' && value
              ? t('reg.file.uploaded', { name: state.name })
              : value
                ? t('reg.file.attached')
                : null}
        </Text>
      </Group>
      <UploadProgress state={state} />
    </Input.Wrapper>
  );
}
