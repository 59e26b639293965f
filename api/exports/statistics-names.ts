import type { KpiFigure } from '../../domain/statistics/figures.ts';
import type { TargetRow } from '../../projections/statistics/queries.ts';

// The names the statistics exports print (as the statistics screen says them: web/src/features/statistics/i18n.ts).

export type Text = { ar: string; en: string };

/** The dashboard's counters as the screen names them (web: statistics.counter.*). */
export const COUNTER_NAMES: Record<string, Text> = {
  volunteers: { ar: 'المتطوعون المسجلون', en: 'Registered volunteers' },
  draft: { ar: 'طلبات غير مكتملة', en: 'Incomplete applications' },
  submitted: { ar: 'طلبات مُرسلة', en: 'Submitted applications' },
  initiallyAccepted: { ar: 'مقبولون مبدئيًا', en: 'Initially accepted' },
  approved: { ar: 'متطوعون معتمدون', en: 'Approved volunteers' },
  rejected: { ar: 'طلبات مرفوضة', en: 'Rejected applications' },
  events: { ar: 'الفعاليات', en: 'Events' },
  eventsApproved: { ar: 'فعاليات معتمدة', en: 'Approved events' },
  'events.upcoming': { ar: 'فعاليات قادمة', en: 'Upcoming events' },
  'events.active': { ar: 'فعاليات جارية', en: 'Active events' },
  'events.closed': { ar: 'فعاليات منتهية', en: 'Closed events' },
  'events.deleted': { ar: 'فعاليات محذوفة', en: 'Deleted events' },
  participants: { ar: 'المشاركون المقبولون', en: 'Accepted participants' },
  approvedHours: { ar: 'الساعات المعتمدة', en: 'Approved hours' },
  notApprovedHours: { ar: 'الساعات غير المعتمدة', en: 'Not approved hours' },
};
export const DIMENSIONS: Record<string, Text> = {
  status: { ar: 'حسب الحالة', en: 'By status' },
  region: { ar: 'حسب المنطقة', en: 'By region' },
  city: { ar: 'حسب المدينة', en: 'By city' },
  gender: { ar: 'حسب الجنس', en: 'By gender' },
  practitioner: { ar: 'ممارس صحي', en: 'Health practitioner' },
  category: { ar: 'حسب الفئة', en: 'By category' },
  subCategoryLevel1: { ar: 'حسب الفئة الفرعية (المستوى 1)', en: 'By sub-category (level 1)' },
  subCategoryLevel2: { ar: 'حسب الفئة الفرعية (المستوى 2)', en: 'By sub-category (level 2)' },
  experienceLevel: { ar: 'حسب مستوى الخبرة', en: 'By experience level' },
  approval: { ar: 'حسب الاعتماد', en: 'By approval' },
  eventType: { ar: 'حسب نوع الفعالية', en: 'By event type' },
  public: { ar: 'عامة', en: 'Public' },
};
/** What a key means in the dimensions without names of their own (as the screen says it). */
export const CODED: Record<string, Record<number, Text>> = {
  gender: { 1: { ar: 'ذكر', en: 'Male' }, 2: { ar: 'أنثى', en: 'Female' } },
  registrationStatus: {
    1: { ar: 'مسودة', en: 'Draft' },
    2: { ar: 'مُرسل', en: 'Submitted' },
    3: { ar: 'مقبول مبدئيًا', en: 'Initially accepted' },
    5: { ar: 'معتمد', en: 'Approved' },
    6: { ar: 'مرفوض', en: 'Rejected' },
  },
  eventStatus: {
    0: { ar: 'قادمة', en: 'Upcoming' },
    2: { ar: 'جارية', en: 'Active' },
    3: { ar: 'منتهية', en: 'Closed' },
    4: { ar: 'محذوفة', en: 'Deleted' },
  },
  approval: {
    0: { ar: 'بانتظار الاعتماد', en: 'Pending' },
    1: { ar: 'معتمدة', en: 'Approved' },
    2: { ar: 'مرفوضة', en: 'Rejected' },
    3: { ar: 'بانتظار الحذف', en: 'Pending delete' },
  },
  yesNo: { 0: { ar: 'لا', en: 'No' }, 1: { ar: 'نعم', en: 'Yes' } },
};
export const NOT_GIVEN: Text = { ar: 'غير محدد', en: 'Not given' };

export const STANDING_NAMES: Record<NonNullable<TargetRow['standing']>, Text> = {
  below: { ar: 'أقل من المستهدف', en: 'Below target' },
  within: { ar: 'ضمن المستهدف', en: 'Within target' },
  above: { ar: 'أعلى من المستهدف', en: 'Above target' },
};

export const KPI_NAMES: Record<KpiFigure, Text> = {
  events: { ar: 'الفعاليات', en: 'Events' },
  approvedEvents: { ar: 'الفعاليات المعتمدة', en: 'Approved events' },
  closedEvents: { ar: 'الفعاليات المنتهية', en: 'Closed events' },
  invitations: { ar: 'الدعوات والطلبات', en: 'Invitations and requests' },
  participants: { ar: 'المشاركات المقبولة', en: 'Accepted participations' },
  approvedHours: { ar: 'الساعات المعتمدة', en: 'Approved hours' },
  notApprovedHours: { ar: 'الساعات غير المعتمدة', en: 'Not approved hours' },
};
