import { useForm } from '@mantine/form';
import { createContext, use, useCallback, useMemo, useRef, useState } from 'react';
import type { ErrorCode } from '../../../../domain/shared/errors.ts';
import { fieldDomId } from './ids.ts';

/** One broken rule, as the domain's validators report it: the field's dotted path and a catalogue code. */
export interface FormIssue {
  path: string;
  code: ErrorCode;
}

/** What @mantine/form takes as values: any object (an interface has no index signature, hence `any`). */
// biome-ignore lint/suspicious/noExplicitAny: @mantine/form's own constraint, the only one an interface satisfies
export type FormValues = Record<string, any>;

function useMantineForm<V extends FormValues>(initialValues: V, validate: (values: V) => Record<string, ErrorCode>) {
  // Errors are forgotten per path by the layer: Mantine's default clears them all (a new object) on every change,
  // which re-renders every field of a long form on each keystroke.
  return useForm<V>({ mode: 'controlled', initialValues, validate, clearInputErrorOnChange: false });
}

/**
 * The @mantine/form instance. Named through a call: the package's ESM typings re-export their types from an
 * extensionless path, which module resolution for ESM does not follow.
 */
export type MantineForm<V extends FormValues> = ReturnType<typeof useMantineForm<V>>;

export interface DomainFormOptions<V extends FormValues, M extends string> {
  initialValues: V;
  /**
   * The domain's own rules (the same function the server runs), never a copy: each broken rule one issue. `mode`
   * lets a form check less for a draft than for a submit.
   */
  rules(values: V, mode: M): readonly FormIssue[];
  /** The mode a plain `form.validate()` / `form.onSubmit()` checks with. */
  defaultMode: M;
  /** Prefix of the fields' DOM ids: path "user.email" with prefix "reg" is the element "reg-user-email". */
  idPrefix: string;
  /** The order issues are shown in (the fields' order on the page); as reported by default. */
  order?(issues: readonly FormIssue[]): FormIssue[];
}

export interface DomainForm<V extends FormValues, M extends string> {
  /** The @mantine/form instance: values, dirty/touched state, list helpers, onSubmit. Errors hold catalogue codes. */
  form: MantineForm<V>;
  values: V;
  /** The issues found by the last check (or given by the server), in the order they were reported. */
  issues: readonly FormIssue[];
  /** Runs the domain's rules on `values` (the current values by default), shows what they found and returns it in order. */
  check(mode: M, values?: V): FormIssue[];
  /** Shows issues found elsewhere (the server's 422, a 409 on one field); returns them in the order shown. */
  showIssues(issues: readonly FormIssue[]): FormIssue[];
  /** An immutable update of the values; untouched parts keep their identity (memoised sections skip re-rendering). */
  update(change: (values: V) => V, changedPath: string): void;
  /** Sets one top-level value (an `update` of that key alone); `binder(values, set)` binds fields with it. */
  set<K extends keyof V & string>(key: K, value: V[K]): void;
  /** Forgets the issues of a path and of everything under it (a list whose rows were renumbered). */
  forget(path: string, withChildren?: boolean): void;
  /** What fields need: their DOM id and their issue. Put it in <DomainFormProvider>. */
  fields: FieldSource;
}

/** What every field reads from its form. */
export interface FieldSource {
  idOf(path: string): string;
  errorOf(path: string): ErrorCode | undefined;
}

const FieldSourceContext = createContext<FieldSource>({
  idOf: (path) => `field-${path.replaceAll('.', '-')}`,
  errorOf: () => undefined,
});

export const DomainFormProvider = FieldSourceContext.Provider;

export function useFieldSource(): FieldSource {
  return use(FieldSourceContext);
}

/** The first code of each path: the one a field shows (the summary lists them all). */
export function issuesToErrors(issues: readonly FormIssue[]): Record<string, ErrorCode> {
  const errors: Record<string, ErrorCode> = {};
  for (const issue of issues) if (!(issue.path in errors)) errors[issue.path] = issue.code;
  return errors;
}

/**
 * A form on @mantine/form whose validation is the domain's own rule function: the browser refuses exactly what the
 * server would, with the same catalogue codes, which fields translate when they show them.
 */
export function useDomainForm<V extends FormValues, M extends string>({
  initialValues,
  rules,
  defaultMode,
  idPrefix,
  order,
}: DomainFormOptions<V, M>): DomainForm<V, M> {
  const rulesRef = useRef(rules);
  rulesRef.current = rules;
  const orderRef = useRef(order);
  orderRef.current = order;
  const [issues, setIssues] = useState<readonly FormIssue[]>([]);
  // form.validate() and form.onSubmit() run the same rules; their codes are the errors.
  const form = useMantineForm<V>(initialValues, (values) => issuesToErrors(rulesRef.current(values, defaultMode)));
  const formRef = useRef(form);
  formRef.current = form;

  const showIssues = useCallback((found: readonly FormIssue[]) => {
    const ordered = orderRef.current ? orderRef.current(found) : [...found];
    setIssues(ordered);
    formRef.current.setErrors(issuesToErrors(ordered));
    return ordered;
  }, []);

  const check = useCallback(
    (mode: M, values?: V) => showIssues(rulesRef.current(values ?? formRef.current.getValues(), mode)),
    [showIssues],
  );

  const forget = useCallback((path: string, withChildren = false) => {
    const gone = (p: string) => p === path || (withChildren && p.startsWith(`${path}.`));
    setIssues((prev) => (prev.some((i) => gone(i.path)) ? prev.filter((i) => !gone(i.path)) : prev));
    // Only when there is something to forget: every setErrors makes a new object, and every field reads it.
    if (Object.keys(formRef.current.errors).some(gone))
      formRef.current.setErrors((errors) => Object.fromEntries(Object.entries(errors).filter(([p]) => !gone(p))));
  }, []);

  const update = useCallback(
    (change: (values: V) => V, changedPath: string) => {
      // setValues merges the top level only, so sections the change did not touch keep their identity.
      formRef.current.setValues((prev) => change(prev as V));
      forget(changedPath);
    },
    [forget],
  );

  const set = useCallback(
    <K extends keyof V & string>(key: K, value: V[K]) => update((old) => ({ ...old, [key]: value }), key),
    [update],
  );

  const errors = form.errors;
  const fields = useMemo<FieldSource>(
    () => ({
      idOf: (path) => fieldDomId(idPrefix, path),
      errorOf: (path) => errors[path] as ErrorCode | undefined,
    }),
    [errors, idPrefix],
  );

  return { form, values: form.values, issues, check, showIssues, update, set, forget, fields };
}
