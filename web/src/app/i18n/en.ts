import { auditEn } from '../../features/audit/i18n.ts';
import { certificatesEn } from '../../features/certificates/i18n.ts';
import { dashboardEn } from '../../features/dashboard/i18n.ts';
import { firstRespondersEn } from '../../features/first-responders/i18n.ts';
import { hoursEn } from '../../features/hours/i18n.ts';
import { identityEn } from '../../features/identity/i18n.ts';
import { initiativesEn } from '../../features/initiatives/i18n.ts';
import { masterDataEn } from '../../features/master-data/i18n.ts';
import { myEventsEn } from '../../features/my-events/i18n.ts';
import { notificationsEn } from '../../features/notifications/i18n.ts';
import { opportunitiesEn } from '../../features/opportunities/i18n.ts';
import { manageEventsEn } from '../../features/opportunities/manage/i18n.ts';
import { permissionsEn } from '../../features/permissions/i18n.ts';
import { preferencesEn } from '../../features/preferences/i18n.ts';
import { recoveryEn } from '../../features/recovery/i18n.ts';
import { en as registrationEn } from '../../features/registration/i18n.ts';
import { reportsEn } from '../../features/reports/i18n.ts';
import { reviewEn } from '../../features/review/i18n.ts';
import { statisticsEn } from '../../features/statistics/i18n.ts';
import { surveysEn } from '../../features/surveys/i18n.ts';
import { ticketsEn } from '../../features/tickets/i18n.ts';
import { usersEn } from '../../features/users/i18n.ts';
import type { TranslationKey } from './ar.ts';
import { opportunityErrorsEn } from './opportunity-errors.ts';
import { publicEn } from './public.en.ts';
import { volunteerEn } from './volunteer.ts';

/** English strings: the same keys as ar.ts (a missing or extra key is a compile error here and a test failure). */
export const en: Record<TranslationKey, string> = {
  // the public pages' texts, loaded first (public.en.ts)
  ...publicEn,

  // registration (web/src/features/registration)
  ...registrationEn,
  // registration review and audit log (web/src/features/review, web/src/features/audit)
  'page.registrations': 'Registration applications',
  'page.registrationDetail': 'Registration application',
  'page.auditLog': 'Audit log',
  'history.title': 'Changes to the application',
  'history.by': 'by {{actor}}',
  'history.system': 'System',
  'history.unknownUser': 'Unknown user',
  'history.changes': 'Changed fields',
  'history.noChanges': 'No field changed.',
  'history.field': 'Field',
  'history.from': 'From',
  'history.to': 'To',
  'history.items': 'Items: {{n}}',
  'history.note': 'Note',
  'history.at': 'Time',
  'history.reviewerId': "Interviewer's id",
  'history.noteId': 'Note id',
  'history.email': 'E-mail',
  'history.role': 'Role',
  'history.empty': 'No changes recorded.',
  ...opportunityErrorsEn,
  // each feature's own strings (web/src/features/<feature>/i18n.ts)
  ...auditEn,
  ...hoursEn,
  ...dashboardEn,
  ...myEventsEn,
  ...notificationsEn,
  ...certificatesEn,
  ...opportunitiesEn,
  ...manageEventsEn,
  ...reviewEn,
  ...recoveryEn,
  ...identityEn,
  ...permissionsEn,
  ...ticketsEn,
  ...initiativesEn,
  ...reportsEn,
  ...statisticsEn,
  ...masterDataEn,
  ...usersEn,
  ...firstRespondersEn,
  ...preferencesEn,
  ...surveysEn,
  ...volunteerEn,
};
