import { z } from 'zod';
import type { LookupKind } from '../../domain/lookups/kinds.ts';
import { type Approval, OpportunityStatus, Visibility } from '../../domain/opportunity/rules.ts';
import { ParticipationStatus } from '../../domain/participation/status.ts';
import { RegistrationStatuses } from '../../domain/registration/status.ts';
import { RoleIds } from '../../domain/shared/roles.ts';
import { type ExportColumn, type ExportContext, lookupName } from './columns.ts';
import namesFile from './names.json' with { type: 'json' };

// The names the export sources print for the codes of the read models, in both languages (as the web translates them).

export type Names = Record<string | number, Text>;
export const named = (names: Names, n: string | number, ctx: ExportContext) => names[n]?.[ctx.lang] ?? String(n);
/** A column printing a code's name (a status, a role …) in the file's language; an unknown code as it is. */
export const namedColumn = <R>(
  key: string,
  ar: string,
  en: string,
  width: number,
  names: Names,
  code: (row: R) => string | number,
): ExportColumn<R> => ({ key, ar, en, width, value: (r, c) => named(names, code(r), c) });
export const label = (ctx: ExportContext, ar: string, en: string, value: string | number) =>
  `${ctx.lang === 'ar' ? ar : en}: ${value}`;

// A file's heading names the filters it was made with, one line each; a filter not set (no value, an empty text, the
// id 0) says nothing.

/** A filter's line as it was given (a text, an id, a day), when it is set. */
export const filterLine = (ctx: ExportContext, ar: string, en: string, value: string | number | undefined) =>
  value ? [label(ctx, ar, en, value)] : [];
/** A coded filter's line (a status, a role …) named in the file's language, when it is given (0 is a code too). */
export const codeLine = (
  ctx: ExportContext,
  ar: string,
  en: string,
  names: Names,
  code: string | number | undefined,
) => (code === undefined ? [] : [label(ctx, ar, en, named(names, code, ctx))]);
/** A master data filter's line (a region, a department …) with the item's name, when it is set. */
export const lookupLine = (ctx: ExportContext, ar: string, en: string, kind: LookupKind, id: number | undefined) =>
  id ? [label(ctx, ar, en, lookupName(ctx, kind, id)!)] : [];
/** The region and city filters' lines. */
export const areaLines = (ctx: ExportContext, f: { regionId?: number | undefined; cityId?: number | undefined }) => [
  ...lookupLine(ctx, 'المنطقة', 'Region', 'region', f.regionId),
  ...lookupLine(ctx, 'المدينة', 'City', 'city', f.cityId),
];
/** A period's lines: its first and last day (or moment). */
export const periodLines = (ctx: ExportContext, f: { from?: string | undefined; to?: string | undefined }) => [
  ...filterLine(ctx, 'من', 'From', f.from),
  ...filterLine(ctx, 'إلى', 'To', f.to),
];

/** A name in both languages. */
export const Text = z.object({ ar: z.string().min(1), en: z.string().min(1) }).strict();
export type Text = z.infer<typeof Text>;
/** A name table: each code's name (a JSON key, so a number as its digits). */
export const NameTable = z.record(z.string(), Text);

/** A name table that names every one of `codes`, and nothing else. */
export const namesOf = <const K extends string | number>(codes: readonly K[]) =>
  z.record(z.enum(codes.map(String) as [`${K}`, ...`${K}`[]]), Text);

/**
 * The export sources' name tables (names.json), checked when loaded; each says a code as the web says it (the web's
 * i18n key in brackets).
 */
const TABLES = z
  .object({
    registrationStatus: namesOf(RegistrationStatuses),
    participationStatus: namesOf(Object.values(ParticipationStatus)),
    /** The events' statuses (events.status.*). */
    eventStatus: namesOf(Object.values(OpportunityStatus)),
    /** The events' approval states (events.approval.*). */
    eventApproval: namesOf<Approval>(['pending', 'approved', 'rejected', 'pendingDelete']),
    /** The events' visibilities (events.visibility.*). */
    eventVisibility: namesOf(Object.values(Visibility)),
    /** The roles (RoleVolunteer … RoleResponderAdmin). */
    role: namesOf(RoleIds),
    /** A user account's state in the users grid. */
    userActive: namesOf(['active', 'inactive']),
    /** An hours entry's state. */
    hoursState: namesOf(['pending', 'approved', 'rejected']),
    /** An event's attendance type. */
    attendanceType: NameTable,
    /** A volunteer's attendance in an event's report. */
    attendance: NameTable,
  })
  .strict()
  .parse(namesFile);

export const {
  registrationStatus: REGISTRATION_STATUS_NAMES,
  participationStatus: PARTICIPATION_STATUS_NAMES,
  eventStatus: EVENT_STATUS_NAMES,
  eventApproval: EVENT_APPROVAL_NAMES,
  eventVisibility: EVENT_VISIBILITY_NAMES,
  role: ROLE_NAMES,
  userActive: USER_ACTIVE_NAMES,
  hoursState: HOURS_STATE_NAMES,
  attendanceType: ATTENDANCE_TYPE_NAMES,
  attendance: ATTENDANCE_NAMES,
}: Record<keyof typeof TABLES, Names> = TABLES;
