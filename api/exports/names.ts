import type { LookupKind } from '../../domain/lookups/kinds.ts';
import { type ExportColumn, type ExportContext, lookupName } from './columns.ts';

// The names the export sources print for the codes of the read models, in both languages (as the web translates them).

export type Names = Record<string | number, { ar: string; en: string }>;
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

export const REGISTRATION_STATUS_NAMES: Names = {
  1: { ar: 'مسودة', en: 'Draft' },
  2: { ar: 'مُرسَل', en: 'Submitted' },
  3: { ar: 'مقبول مبدئياً', en: 'Initially accepted' },
  5: { ar: 'معتمد', en: 'Approved' },
  6: { ar: 'مرفوض', en: 'Rejected' },
};

export const PARTICIPATION_STATUS_NAMES: Names = {
  1: { ar: 'بانتظار موافقة المتطوع', en: 'Waiting for the volunteer' },
  2: { ar: 'قبِل المتطوع، بانتظار الفريق', en: 'Accepted by volunteer, waiting for staff' },
  3: { ar: 'رفضها المتطوع', en: 'Rejected by the volunteer' },
  4: { ar: 'مقبول', en: 'Accepted' },
  5: { ar: 'رفضها الفريق', en: 'Rejected by staff' },
  6: { ar: 'ملغاة', en: 'Cancelled' },
  7: { ar: 'طلب انضمام', en: 'Join request' },
  8: { ar: 'تم الإخلاء', en: 'Released' },
  9: { ar: 'غائب', en: 'Absent' },
  10: { ar: 'طلب إخلاء', en: 'Release requested' },
};

/** The events' statuses (web: events.status.*). */
export const EVENT_STATUS_NAMES: Names = {
  0: { ar: 'قادمة', en: 'Upcoming' },
  2: { ar: 'جارية', en: 'Active' },
  3: { ar: 'مغلقة', en: 'Closed' },
  4: { ar: 'محذوفة', en: 'Deleted' },
};

/** The events' approval states (web: events.approval.*). */
export const EVENT_APPROVAL_NAMES: Names = {
  pending: { ar: 'بانتظار الاعتماد', en: 'Pending approval' },
  approved: { ar: 'معتمدة', en: 'Approved' },
  rejected: { ar: 'مرفوضة', en: 'Rejected' },
  pendingDelete: { ar: 'بانتظار اعتماد الحذف', en: 'Deletion pending approval' },
};

/** The events' visibilities (web: events.visibility.*). */
export const EVENT_VISIBILITY_NAMES: Names = {
  0: { ar: 'مفتوحة للجميع', en: 'Open to all' },
  1: { ar: 'مناطق محددة', en: 'Selected regions' },
  2: { ar: 'مدن محددة', en: 'Selected cities' },
  3: { ar: 'للمدعوين فقط', en: 'Invited volunteers only' },
};
