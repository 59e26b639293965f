import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegistrationForm as Form } from '../../../../domain/registration/form.ts';
import { DATE_PICKER_MAX } from '../../../../domain/registration/rules.ts';
import type { TranslationKey } from '../../app/i18n/index.ts';
import type { DomainForm } from '../../components/form/useDomainForm.ts';
import { minIso, todayIso } from './dates.ts';
import type { Option } from './fields.tsx';
import { type ListName, type Row, type Section, type SectionName, withField, withRowField } from './formState.ts';

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
export function binder<S extends SectionName>(
  actions: FormActions,
  section: S,
  values: Partial<Section<S>> | undefined,
) {
  return <K extends keyof Section<S>>(key: K) => ({
    path: `${section}.${String(key)}`,
    value: values?.[key],
    onChange: (value: Section<S>[K] | undefined) => actions.set(section, key, value),
  });
}

export function rowBinder<L extends ListName>(actions: FormActions, list: L, index: number, row: Row<L>) {
  return <K extends keyof Row<L>>(key: K) => ({
    path: `${list}.${index}.${String(key)}`,
    value: row[key],
    onChange: (value: Row<L>[K] | undefined) => actions.setRow(list, index, key, value),
  });
}

export function useOptions() {
  const { t } = useTranslation();
  return (keys: readonly number[], key: (n: number) => TranslationKey): Option[] =>
    keys.map((n) => ({ value: n, label: t(key(n)) }));
}

export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'O+', 'O-', 'AB+', 'AB-'] as const;
/** Spec: Saturday 6, Sunday 0, Monday 1 … Friday 5; the week is shown from Saturday. */
export const DAYS = [6, 0, 1, 2, 3, 4, 5] as const;
export const JOB_ROLES = [1, 2, 3, 4, 5, 6, 7] as const;
export const CFHS_STATUSES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

export function pastMax(): string {
  return minIso(todayIso(), DATE_PICKER_MAX);
}

export interface Common {
  actions: FormActions;
}

/**
 * The sections' actions on the form layer: immutable updates that keep untouched sections' identity, each forgetting
 * the issue of what it changed. Stable for the life of the form.
 */
export function useFormActions(domain: DomainForm<Form, 'draft' | 'submit'>): FormActions {
  const { update, forget } = domain;
  return useMemo<FormActions>(
    () => ({
      set: (section, key, value) => update((f) => withField(f, section, key, value), `${section}.${String(key)}`),
      setRow: (list, index, key, value) =>
        update((f) => withRowField(f, list, index, key, value), `${list}.${index}.${String(key)}`),
      setList: (list, rows) => update((f) => ({ ...f, [list]: rows }), list),
      setTop: (key, value) => update((f) => ({ ...f, [key]: value }), key),
      forget: (path) => forget(path),
      forgetList: (list) => forget(list, true),
    }),
    [update, forget],
  );
}
