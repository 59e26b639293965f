import type { LookupSnapshot } from '../../../../domain/lookups/snapshot.ts';
import type { RegistrationForm } from '../../../../domain/registration/form.ts';
import { type Issue, idTypeFor, isBlank, validateRegistration } from '../../../../domain/registration/rules.ts';
import type { ClientConfig } from '../../../../domain/shared/clients.ts';
import { type ErrorCode, ErrorCodes } from '../../../../domain/shared/errors.ts';
import { ar } from '../../app/i18n/ar.ts';
import type { TranslationKey } from '../../app/i18n/index.ts';
import { fieldDomId } from '../../components/form/ids.ts';

/** The form's sections that are one object, and its repeatable lists. */
export type SectionName =
  | 'personal'
  | 'identity'
  | 'address'
  | 'medical'
  | 'specialities'
  | 'user'
  | 'practitioner'
  | 'employee';
export type ListName =
  | 'emergencyContacts'
  | 'graduationCertificates'
  | 'expertises'
  | 'trainings'
  | 'volunteerCertificates'
  | 'languages'
  | 'volunteerWorks'
  | 'otherAttachments';
export type Section<S extends SectionName> = NonNullable<RegistrationForm[S]>;
export type Row<L extends ListName> = NonNullable<RegistrationForm[L]>[number];

/** Most rows any list may hold (the contract's maximum). */
export const LIST_MAX: Record<ListName, number> = {
  emergencyContacts: 10,
  graduationCertificates: 20,
  expertises: 20,
  trainings: 50,
  volunteerCertificates: 50,
  languages: 20,
  volunteerWorks: 50,
  otherAttachments: 20,
};

/** The prefix of the registration form's DOM ids (the form layer's `idPrefix`). */
export const REG_ID_PREFIX = 'reg';

/** The DOM id of a field (or of a list's container), from the rule path: "user.email" → "reg-user-email". */
export function fieldId(path: string): string {
  return fieldDomId(REG_ID_PREFIX, path);
}

/** The label key of a path without its row numbers ("emergencyContacts.0.mobile" → "reg.f.emergencyContacts.mobile"). */
export function labelKeyOf(path: string): TranslationKey | null {
  const key = `reg.f.${path
    .split('.')
    .filter((part) => !/^\d+$/.test(part))
    .join('.')}`;
  return key in ar ? (key as TranslationKey) : null;
}

/** The list and the zero-based row of a path inside a list, if any. */
export function rowOf(path: string): { list: ListName; index: number } | null {
  const match = /^(\w+)\.(\d+)(?:\.|$)/.exec(path);
  if (!match || !(match[1]! in LIST_MAX)) return null;
  return { list: match[1] as ListName, index: Number(match[2]) };
}

/** A code from the server, kept only if the catalogue (and so the translations) know it. */
export function knownCode(code: string): ErrorCode {
  return (ErrorCodes as readonly string[]).includes(code) ? (code as ErrorCode) : 'ValidationFailed';
}

/** Drops empty strings and undefined values everywhere: a cleared input means "not given", never "". */
export function cleanForm(form: RegistrationForm): RegistrationForm {
  return clean(form) as RegistrationForm;
}

function clean(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clean);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined || v === '') continue;
      out[k] = clean(v);
    }
    return out;
  }
  return value;
}

export interface SaveContext {
  client: ClientConfig;
  /** The lookups the rules read (the national nationality, the regions left out). */
  lookups: LookupSnapshot;
  /** Editing an existing registration: the password is kept as it is (it changes on the change-password page). */
  editing: boolean;
}

/** The body to send: cleaned, id type derived from the nationality, no password when editing. */
export function formToSend(form: RegistrationForm, { client, editing, lookups }: SaveContext): RegistrationForm {
  const out = cleanForm(form);
  if (out.identity?.nationalityId !== undefined) out.identity.idType = idTypeFor(out.identity.nationalityId, lookups);
  if (!client.covidContactField && out.medical) delete out.medical.contactedCovidStatus;
  // Editing never changes the password (that is the change-password page): it is not sent at all.
  if (editing && out.user) {
    delete out.user.password;
    delete out.user.confirmPassword;
  }
  return out;
}

/** The domain's rules, as the server runs them; when editing, the password is not part of the form. */
export function checkForm(
  form: RegistrationForm,
  mode: 'draft' | 'submit',
  { client, editing, lookups }: SaveContext,
  now: Date,
): Issue[] {
  const issues = validateRegistration(form, mode, client, now, lookups);
  if (!editing) return issues;
  return issues.filter((i) => i.path !== 'user.password' && i.path !== 'user.confirmPassword');
}

/** Does a list row hold anything worth confirming before it is removed? */
export function rowHasData(row: object): boolean {
  return Object.values(row).some((v) => (Array.isArray(v) ? v.length > 0 : !isBlank(v)));
}

/** An immutable update of one field of a section. */
export function withField<S extends SectionName, K extends keyof Section<S>>(
  form: RegistrationForm,
  section: S,
  key: K,
  value: Section<S>[K] | undefined,
): RegistrationForm {
  const current = (form[section] ?? {}) as Section<S>;
  return { ...form, [section]: { ...current, [key]: value } };
}

/** An immutable update of one field of one row of a list. */
export function withRowField<L extends ListName, K extends keyof Row<L>>(
  form: RegistrationForm,
  list: L,
  index: number,
  key: K,
  value: Row<L>[K] | undefined,
): RegistrationForm {
  const rows = [...((form[list] ?? []) as Row<L>[])];
  rows[index] = { ...rows[index], [key]: value } as Row<L>;
  return { ...form, [list]: rows };
}

/** Moves focus to a field by its rule path: the element itself, or the first focusable control inside it. */
export function focusField(path: string, doc: Document = document): boolean {
  const el = doc.getElementById(fieldId(path));
  if (!el) return false;
  const target = el.matches('input, select, textarea, button')
    ? el
    : (el.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea, button') ?? el);
  target.focus();
  if (typeof target.scrollIntoView === 'function') target.scrollIntoView({ block: 'center' });
  return true;
}

/** The issues' paths in page order (those with an element), so the first is the first invalid field on screen. */
export function inPageOrder(issues: readonly Issue[], doc: Document = document): Issue[] {
  const located = issues
    .map((issue) => ({ issue, el: doc.getElementById(fieldId(issue.path)) }))
    .filter((x): x is { issue: Issue; el: HTMLElement } => x.el !== null);
  located.sort((a, b) => {
    if (a.el === b.el) return 0;
    return a.el.compareDocumentPosition(b.el) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
  const unplaced = issues.filter((i) => !located.some((x) => x.issue === i));
  return [...located.map((x) => x.issue), ...unplaced];
}
