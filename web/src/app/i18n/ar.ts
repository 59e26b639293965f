import { auditAr } from '../../features/audit/i18n.ts';
import { certificatesAr } from '../../features/certificates/i18n.ts';
import { dashboardAr } from '../../features/dashboard/i18n.ts';
import { firstRespondersAr } from '../../features/first-responders/i18n.ts';
import { hoursAr } from '../../features/hours/i18n.ts';
import { identityAr } from '../../features/identity/i18n.ts';
import { initiativesAr } from '../../features/initiatives/i18n.ts';
import { masterDataAr } from '../../features/master-data/i18n.ts';
import { myEventsAr } from '../../features/my-events/i18n.ts';
import { notificationsAr } from '../../features/notifications/i18n.ts';
import { opportunitiesAr } from '../../features/opportunities/i18n.ts';
import { manageEventsAr } from '../../features/opportunities/manage/i18n.ts';
import { permissionsAr } from '../../features/permissions/i18n.ts';
import { preferencesAr } from '../../features/preferences/i18n.ts';
import { recoveryAr } from '../../features/recovery/i18n.ts';
import { ar as registrationAr } from '../../features/registration/i18n.ts';
import { reportsAr } from '../../features/reports/i18n.ts';
import { reviewAr } from '../../features/review/i18n.ts';
import { statisticsAr } from '../../features/statistics/i18n.ts';
import { surveysAr } from '../../features/surveys/i18n.ts';
import { ticketsAr } from '../../features/tickets/i18n.ts';
import { usersAr } from '../../features/users/i18n.ts';
import { opportunityErrorsAr } from './opportunity-errors.ts';
import { publicAr } from './public.ar.ts';
import { volunteerAr } from './volunteer.ts';
/**
 * Arabic strings (the default language). Keys are flat (keySeparator is off): error codes from
 * domain/shared/errors.ts and role keys from domain/shared/roles.ts are keys as they are; the rest use dotted names.
 * en.ts must have exactly the same keys (checked by the compiler and by i18n.test.ts).
 */
export const ar = {
  // the public pages' texts, loaded first (public.ar.ts)
  ...publicAr,

  // registration (web/src/features/registration)
  ...registrationAr,
  // registration review and audit log (web/src/features/review, web/src/features/audit)
  'page.registrations': 'طلبات التسجيل',
  'page.registrationDetail': 'طلب التسجيل',
  'page.auditLog': 'سجل التدقيق',
  'history.title': 'سجل تغييرات الطلب',
  'history.by': 'بواسطة {{actor}}',
  'history.system': 'النظام',
  'history.unknownUser': 'مستخدم غير معروف',
  'history.changes': 'الحقول التي تغيّرت',
  'history.noChanges': 'لا توجد حقول متغيّرة.',
  'history.field': 'الحقل',
  'history.from': 'القيمة السابقة',
  'history.to': 'القيمة الجديدة',
  'history.items': 'عدد العناصر: {{n}}',
  'history.note': 'نص الملاحظة',
  'history.at': 'الوقت',
  'history.reviewerId': 'معرّف المقيِّم',
  'history.noteId': 'معرّف الملاحظة',
  'history.email': 'البريد الإلكتروني',
  'history.role': 'الدور',
  'history.empty': 'لا توجد تغييرات مسجّلة.',
  ...opportunityErrorsAr,
  // each feature's own strings (web/src/features/<feature>/i18n.ts)
  ...auditAr,
  ...hoursAr,
  ...dashboardAr,
  ...myEventsAr,
  ...notificationsAr,
  ...certificatesAr,
  ...opportunitiesAr,
  ...manageEventsAr,
  ...reviewAr,
  ...recoveryAr,
  ...identityAr,
  ...permissionsAr,
  ...ticketsAr,
  ...initiativesAr,
  ...reportsAr,
  ...statisticsAr,
  ...masterDataAr,
  ...usersAr,
  ...firstRespondersAr,
  ...preferencesAr,
  ...surveysAr,
  ...volunteerAr,
};

export type TranslationKey = keyof typeof ar;
