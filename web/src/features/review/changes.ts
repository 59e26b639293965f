import type { TFunction } from 'i18next';
import type { Lang } from '../../../../api/contracts/common.ts';
import { isRoleId, RoleNameKey } from '../../../../domain/shared/roles.ts';
import { ar } from '../../app/i18n/ar.ts';
import type { TranslationKey } from '../../app/i18n/index.ts';
import {
  formatGregorian,
  formatHijriParts,
  hijriParts,
  type Lookup,
  type Lookups,
  labelKeyOf,
  lookupName,
} from '../registration/index.ts';
import { formatDayTime } from './format.ts';

/** One changed field of an event, as the history tab and the audit log receive it. */
export interface Change {
  field: string;
  from: unknown;
  to: unknown;
}

/** Fields of the review events that are not form paths. */
const EVENT_FIELD_LABELS: Record<string, TranslationKey> = {
  status: 'myReg.status',
  referenceNumber: 'myReg.reference',
  appointmentAt: 'myReg.appointment',
  location: 'myReg.appointmentLocation',
  reviewerName: 'myReg.reviewer',
  reason: 'myReg.rejectReason',
  note: 'history.note',
  email: 'history.email',
  roleId: 'history.role',
  reviewerId: 'history.reviewerId',
  noteId: 'history.noteId',
  at: 'history.at',
  previousEndDate: 'notifications.field.previousEndDate',
  newEndDate: 'notifications.field.newEndDate',
};

/** Internal ids that mean nothing to a reader; the history tab leaves them out (the names are shown instead). */
const HIDDEN_IN_HISTORY = new Set(['reviewerId', 'noteId', 'at']);

export function visibleInHistory(change: Change): boolean {
  return !HIDDEN_IN_HISTORY.has(change.field);
}

/** The field paths without row numbers that hold a lookup id (or a list of them). */
const LOOKUP_FIELDS: Record<string, keyof Lookups> = {
  'identity.nationalityId': 'nationalities',
  'identity.passportIssueCountryId': 'countries',
  'address.regionId': 'regions',
  'address.cityId': 'cities',
  'medical.contactedCovidStatus': 'covidContactStatuses',
  'specialities.professionId': 'professions',
  'specialities.categoryId': 'categories',
  'specialities.subCategoryLevel1Id': 'subCategoriesLevel1',
  'specialities.subCategoryLevel2Id': 'subCategoriesLevel2',
  'specialities.experienceLevelId': 'experienceLevels',
  'specialities.preferredWorkFields': 'workFields',
  'specialities.preferredWorkCities': 'cities',
  skills: 'skills',
  // A staff member's authorised areas (UserAreasAssigned) and an event's (its details).
  regionIds: 'regions',
  cityIds: 'cities',
  'emergencyContacts.relationId': 'contactRelations',
  'graduationCertificates.certificateFieldId': 'certificateFields',
  'languages.languageId': 'languages',
  'languages.proficiency': 'proficiencyLevels',
};

/** Enumerations of the form, by path, as translation key prefixes. */
const ENUM_FIELDS: Record<string, string> = {
  'personal.title': 'reg.title.',
  'personal.gender': 'reg.gender.',
  'personal.maritalStatus': 'reg.marital.',
  'personal.jobRoleType': 'reg.jobRole.',
  'personal.preferredTime': 'reg.time.',
  'personal.preferredDays': 'reg.day.',
  'practitioner.cfhsStatusId': 'reg.cfhsStatus.',
  'identity.idType': 'reg.idType.',
};

const withoutRows = (path: string) =>
  path
    .split('.')
    .filter((part) => !/^\d+$/.test(part))
    .join('.');

/** A changed field's label: the registration form's own label when there is one, else the raw name. */
export function fieldLabel(field: string, t: TFunction): string {
  const event = EVENT_FIELD_LABELS[field];
  if (event) return t(event);
  const key = labelKeyOf(field);
  if (key) return t(key);
  // A whole list ("trainings"): the section's title.
  const section = translated(`reg.section.${field}`, t);
  if (section) return section;
  // "personal.birthDate.value" and ".calendar": the date's label (and which calendar).
  const parts = field.split('.');
  for (let n = parts.length - 1; n > 0; n--) {
    const parent = labelKeyOf(parts.slice(0, n).join('.'));
    if (!parent) continue;
    const rest = parts.slice(n).join('.');
    if (rest === 'value') return t(parent);
    if (rest === 'calendar') return `${t(parent)} – ${t('reg.calendar.label')}`;
    return `${t(parent)} – ${rest}`;
  }
  // Any record's field (features/audit/record-i18n.ts), by its own name ("details.titleAr": titleAr).
  const leaf = parts.filter((part) => !/^\d+$/.test(part)).pop();
  return (leaf && translated(`field.${leaf}`, t)) ?? field;
}

export interface FormatContext {
  t: TFunction;
  lang: Lang;
  lookups: Lookups | undefined;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const EMPTY = '—';

function isEmpty(v: unknown): boolean {
  return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
}

/** A value of a changed field, written for a reader: status names, lookup names, dates, yes/no, list rows. */
export function formatValue(field: string, value: unknown, ctx: FormatContext): string {
  const { t, lang, lookups } = ctx;
  if (isEmpty(value)) return EMPTY;
  const path = withoutRows(field);
  const separator = lang === 'ar' ? '، ' : ', ';

  if (path === 'status' && typeof value === 'number') return t(`reg.status.${value as 1}`);
  if (path === 'roleId' && isRoleId(value)) return t(RoleNameKey[value] as TranslationKey);
  if (path === 'eventStatus' && typeof value === 'number')
    return translated(`events.status.${value}`, t) ?? String(value);
  if (path.endsWith('.calendar') && (value === 'gregorian' || value === 'hijri')) return t(`reg.calendar.${value}`);
  // A master-data event's list (workField): the list's screen title.
  if (path === 'kind' && typeof value === 'string') return translated(`masterData.kind.${value}`, t) ?? value;
  if (/fileId$/i.test(path) && typeof value === 'string') return t('reg.file.attached');
  if (typeof value === 'boolean') return value ? t('reg.yes') : t('reg.no');

  const lookupKey = LOOKUP_FIELDS[path];
  if (lookupKey) {
    const items = (lookups?.[lookupKey] ?? []) as readonly Lookup[];
    const one = (id: unknown) => {
      const item = items.find((i) => i.id === id);
      return item ? lookupName(item, lang) : String(id);
    };
    if (Array.isArray(value)) return value.map(one).join(separator);
    return one(value);
  }
  const enumPrefix = ENUM_FIELDS[path];
  if (enumPrefix) {
    const one = (v: unknown) => translated(`${enumPrefix}${String(v)}`, t) ?? String(v);
    if (Array.isArray(value)) return value.map(one).join(separator);
    return one(value);
  }
  if (path === 'personal.universityYear' && typeof value === 'number') return t('reg.universityYearN', { n: value });

  if (typeof value === 'string') {
    if (ISO_INSTANT.test(value)) return formatDayTime(value, lang) ?? value;
    if (ISO_DAY.test(value)) {
      // A Hijri day (year before 1700) from a two-calendar date, else a Gregorian one.
      const parts = hijriParts(value);
      if (parts && parts[0] < 1700) return formatHijriParts(parts, lang, t);
      return formatGregorian(value, lang);
    }
    return value;
  }
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    // A list section's rows: each row's fields with their labels.
    return value
      .map((item) =>
        item !== null && typeof item === 'object'
          ? Object.entries(item as Record<string, unknown>)
              .filter(([, v]) => !isEmpty(v))
              .map(([k, v]) => `${fieldLabel(`${path}.${k}`, t)}: ${formatValue(`${path}.${k}`, v, ctx)}`)
              .join(separator)
          : formatValue(path, item, ctx),
      )
      .join('\n');
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => !isEmpty(v))
      .map(([k, v]) => `${fieldLabel(`${path}.${k}`, t)}: ${formatValue(`${path}.${k}`, v, ctx)}`)
      .join(separator);
  }
  return String(value);
}

/** A key's translation, or null when there is no such key. */
export function translated(key: string, t: TFunction): string | null {
  return key in ar ? t(key as TranslationKey) : null;
}

/** An action (event type) in the page's language; an unknown one as it is. */
export function actionLabel(action: string, t: TFunction): string {
  return translated(`action.${action}`, t) ?? action;
}
