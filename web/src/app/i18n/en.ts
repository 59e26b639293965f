import { componentsEn } from '../../components/i18n.ts';
import { auditEn } from '../../features/audit/i18n.ts';
import { certificatesEn } from '../../features/certificates/i18n.ts';
import { contentEn } from '../../features/content/i18n.ts';
import { dashboardEn } from '../../features/dashboard/i18n.ts';
import { firstRespondersEn } from '../../features/first-responders/i18n.ts';
import { homeEn } from '../../features/home/i18n.ts';
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
import { sessionEn } from '../../features/session/i18n.ts';
import { statisticsEn } from '../../features/statistics/i18n.ts';
import { statusEn } from '../../features/status/i18n.ts';
import { subscriptionsEn } from '../../features/subscriptions/i18n.ts';
import { surveysEn } from '../../features/surveys/i18n.ts';
import { ticketsEn } from '../../features/tickets/i18n.ts';
import { usersEn } from '../../features/users/i18n.ts';
import { footerEn } from '../layout/i18n.ts';
import type { TranslationKey } from './ar.ts';
import { opportunityErrorsEn } from './opportunity-errors.ts';
import { volunteerEn } from './volunteer.ts';

/** English strings: the same keys as ar.ts (a missing or extra key is a compile error here and a test failure). */
export const en: Record<TranslationKey, string> = {
  // application shell
  'app.name': 'Volunteer Portal',
  'app.skipToContent': 'Skip to main content',
  'app.mainNav': 'Main menu',
  'app.userMenu': 'User menu',
  'app.loading': 'Loading…',
  'app.close': 'Close',
  'app.retry': 'Try again',
  'app.backHome': 'Back to the home page',
  'app.signIn': 'Sign in',
  'app.signOut': 'Sign out',
  'app.switchLanguage': 'العربية',
  'app.switchLanguageLang': 'ar',

  // page titles
  'page.home': 'Home',
  'page.login': 'Sign in',
  'page.forceChangePassword': 'Set a new password',
  'page.changePassword': 'Change password',
  'page.dashboard': 'Dashboard',
  'page.notFound': 'Page not found',
  'page.forbidden': 'Access denied',
  'page.unauthorized': 'Sign-in required',

  // header menus
  'menu.dashboard': 'Dashboard',
  'menu.changepassword': 'Change password',
  'menu.users': 'Users',
  'menu.auditlog': 'Audit log',
  'menu.registrationadmin': 'Registrations',
  'menu.events': 'Events',
  'menu.eventsadmin': 'Manage events',
  'menu.volunteerhours': 'Volunteer hours',
  'menu.statistics': 'Statistics',
  'menu.content': 'Content',
  'menu.masterdata': 'Master data',
  'menu.permissions': 'Permissions',
  'menu.tickets': 'Tickets',
  'menu.ticketsadmin': 'Manage tickets',
  'menu.initiatives': 'Event initiatives',
  'menu.firstresponder': 'First responders',
  'menu.myevents': 'My events',
  'menu.myregistration': 'My registration',
  'menu.projections': 'Read model status',

  // roles
  RoleVolunteer: 'Volunteer',
  RoleStaff: 'Staff',
  RoleAdmin: 'Administrator',
  RoleReviewer: 'Reviewer',
  RoleVolunteerAdmin: 'Volunteer administrator',
  RoleResponderAdmin: 'Responder administrator',

  // error catalogue
  GenericErrorMessage: 'Something went wrong. Please try again later.',
  ErrorSavingData: 'The data could not be saved. Please try again.',
  ErrorLoadingData: 'The data could not be loaded. Please try again.',
  NoRecordsFound: 'No records found.',
  InternalServerError: 'An error has occurred. Please contact the system administrator.',
  AllFieldsRequired: 'Please fill in all required fields.',
  Error_ReqCredentials: 'Please enter your user name and password.',
  WrongCaptcha: 'The verification code is incorrect.',
  WrongInfo: 'Invalid information provided: check your user name and password.',
  DeactivatedUser: 'This account is suspended. Please contact the administrator.',
  Locked: 'This account is locked after repeated failed sign-in attempts. Please reset your password.',
  InvalidNIC: 'National identity verification is required: please sign in through the national platform.',
  EmailVerification: 'Your e-mail address is not verified yet. Please open the confirmation link sent to you.',
  PasswordsNotMatched: 'The passwords do not match.',
  WeakPassword: 'The password is weak. Please enter a valid new password that meets every rule.',
  WrongOldPassword: 'The current password is incorrect.',
  Error_WrongActivationLink: 'The activation link is invalid or has expired.',
  UserNameAlreadyExists: 'This user name is already taken.',
  EmailAlreadyExists: 'This e-mail address is already registered.',
  MobileAlreadyExists: 'This mobile number is already registered.',
  IdNumberAlreadyExists: 'This ID number is already registered.',
  Forbidden: 'You do not have permission for this action.',
  NotAuthorizedToAccept: 'You are not authorised to accept this.',
  Unauthorized: 'Please sign in to continue.',
  SessionExpired: 'Your session has expired. Please sign in again.',
  CsrfRejected: 'This page has expired. Please reload it and try again.',
  PasswordChangeRequired: 'You must change your password before you continue.',
  ConcurrencyConflict: 'Someone else changed this data. Please reload the page and try again.',
  IdempotencyKeyReused: 'This request was already sent for another action. Please reload the page and try again.',
  ValidationFailed: 'Some of the data entered is not valid.',
  NotFound: 'The requested item was not found.',
  TooManyRequests: 'Too many attempts in a short time. Please wait a moment and try again.',
  InvalidIdNo: 'Invalid ID number.',
  EmployeeCodeNotMatched: 'The employee number is wrong or does not belong to the ID number entered.',
  EmployeeDirectoryUnavailable: 'The employee number cannot be checked right now. Please try again later.',
  IdentityServiceUnavailable: 'The national identity cannot be checked right now. Please try again later.',
  SsoUnavailable: 'The national single sign-on cannot be reached right now. Please try again later.',
  SsoFailed: 'The sign-in through the national single sign-on did not complete. Please try again.',
  IdentityVerificationRequired: 'Please sign in first, then verify your national identity.',
  InvalidMobile: 'The mobile number must have 10 digits and start with 05.',
  InvalidEmail: 'Invalid e-mail address.',
  InvalidUserName: 'The user name accepts English letters, digits and underscore only, without spaces.',
  InvalidAge: 'The volunteer must be between 18 and 60 years old.',
  InvalidDate: 'The date is invalid or outside the allowed range.',
  InvalidIdType: 'The ID type does not match the nationality.',
  LookupAlreadyExists: 'An item with this id or name already exists.',
  LookupParentInvalid: 'The parent item does not exist or is deactivated.',
  ChildAreasActive: 'Deactivate the items under this one first.',
  cannot_delete_message: 'This item is in use and cannot be deleted; deactivate it instead.',
  InvalidColourCode: 'The colour code must be #RRGGBB.',
  BatchRejected: 'Nothing was saved: check the rows marked.',
  RegionNotAllowed: 'This region cannot be chosen.',
  AgreementRequired: 'You must accept the agreement and terms before submitting.',
  DuplicatesNotAllowed: 'Duplicates are not allowed.',
  EmptyText: 'The text cannot be empty or only spaces.',
  FileTooLarge: 'The file is larger than 2 MB.',
  InvalidFileType: 'This file type is not allowed.',
  UnknownFile: 'One of the attached files was not found. Please upload it again.',
  UploadQuotaExceeded: 'Too many files uploaded. Please wait and try again later.',
  RegistrationNotEditable: 'The registration cannot be edited in its current status.',
  AttachmentsLocked: 'Attachments cannot change once the application is approved or rejected.',
  AppointmentInPast: 'The interview appointment cannot be in the past.',
  InitialAcceptIncomplete: 'Enter the interview date and time, the location and the reviewer.',
  RejectReasonRequired: 'Enter the reason for rejection.',
  InvalidRegistrationTransition: 'This action is not possible on the application in its current status.',
  NoteNotFound: 'The note was not found.',
  // bounds of the API's primitives (api/contracts/primitives.ts)
  InvalidNumber: 'The number is invalid or outside the allowed range.',
  InvalidText: 'The text contains characters that are not allowed.',
  TextTooLong: 'The text is longer than allowed.',
  InvalidTime: 'The time is invalid; use hours:minutes.',
  // the screens × roles permission matrix (domain/permissions)
  UnknownRole: 'This role does not exist.',
  UnknownScreen: 'This screen does not exist.',
  ActionNotOnScreen: 'This screen does not offer that action.',
  SuperAdminRightsProtected: 'The super admin’s rights to manage permissions cannot be removed.',

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
  ...componentsEn,
  ...footerEn,
  // each feature's own strings (web/src/features/<feature>/i18n.ts)
  ...auditEn,
  ...hoursEn,
  ...dashboardEn,
  ...homeEn,
  ...myEventsEn,
  ...notificationsEn,
  ...certificatesEn,
  ...opportunitiesEn,
  ...manageEventsEn,
  ...reviewEn,
  ...sessionEn,
  ...recoveryEn,
  ...identityEn,
  ...statusEn,
  ...permissionsEn,
  ...ticketsEn,
  ...initiativesEn,
  ...reportsEn,
  ...contentEn,
  ...statisticsEn,
  ...subscriptionsEn,
  ...masterDataEn,
  ...usersEn,
  ...firstRespondersEn,
  ...preferencesEn,
  ...surveysEn,
  ...volunteerEn,
};
