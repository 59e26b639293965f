import { componentsAr } from '../../components/i18n.ts';
import { auditAr } from '../../features/audit/i18n.ts';
import { certificatesAr } from '../../features/certificates/i18n.ts';
import { contentAr } from '../../features/content/i18n.ts';
import { dashboardAr } from '../../features/dashboard/i18n.ts';
import { firstRespondersAr } from '../../features/first-responders/i18n.ts';
import { homeAr } from '../../features/home/i18n.ts';
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
import { sessionAr } from '../../features/session/i18n.ts';
import { statisticsAr } from '../../features/statistics/i18n.ts';
import { statusAr } from '../../features/status/i18n.ts';
import { subscriptionsAr } from '../../features/subscriptions/i18n.ts';
import { surveysAr } from '../../features/surveys/i18n.ts';
import { ticketsAr } from '../../features/tickets/i18n.ts';
import { usersAr } from '../../features/users/i18n.ts';
import { footerAr } from '../layout/i18n.ts';
import { opportunityErrorsAr } from './opportunity-errors.ts';
import { volunteerAr } from './volunteer.ts';
/**
 * Arabic strings (the default language). Keys are flat (keySeparator is off): error codes from
 * domain/shared/errors.ts and role keys from domain/shared/roles.ts are keys as they are; the rest use dotted names.
 * en.ts must have exactly the same keys (checked by the compiler and by i18n.test.ts).
 */
export const ar = {
  // application shell
  'app.name': 'بوابة التطوع',
  'app.skipToContent': 'تخطَّ إلى المحتوى الرئيسي',
  'app.mainNav': 'القائمة الرئيسية',
  'app.userMenu': 'قائمة المستخدم',
  'app.loading': 'جارٍ التحميل…',
  'app.close': 'إغلاق',
  'app.retry': 'إعادة المحاولة',
  'app.backHome': 'العودة إلى الصفحة الرئيسية',
  'app.signIn': 'تسجيل الدخول',
  'app.signOut': 'تسجيل الخروج',
  'app.switchLanguage': 'English',
  'app.switchLanguageLang': 'en',

  // page titles
  'page.home': 'الصفحة الرئيسية',
  'page.login': 'تسجيل الدخول',
  'page.forceChangePassword': 'تعيين كلمة مرور جديدة',
  'page.changePassword': 'تغيير كلمة المرور',
  'page.dashboard': 'لوحة المعلومات',
  'page.notFound': 'الصفحة غير موجودة',
  'page.forbidden': 'غير مسموح بالوصول',
  'page.unauthorized': 'يلزم تسجيل الدخول',

  // header menus (one per screen in domain/shared/roles.ts Screens)
  'menu.dashboard': 'لوحة المعلومات',
  'menu.changepassword': 'تغيير كلمة المرور',
  'menu.users': 'المستخدمون',
  'menu.auditlog': 'سجل التدقيق',
  'menu.registrationadmin': 'طلبات التسجيل',
  'menu.events': 'الفعاليات',
  'menu.eventsadmin': 'إدارة الفعاليات',
  'menu.volunteerhours': 'ساعات التطوع',
  'menu.statistics': 'الإحصاءات',
  'menu.content': 'إدارة المحتوى',
  'menu.masterdata': 'البيانات الأساسية',
  'menu.permissions': 'الصلاحيات',
  'menu.tickets': 'التذاكر',
  'menu.ticketsadmin': 'إدارة التذاكر',
  'menu.initiatives': 'مبادرات الفعاليات',
  'menu.firstresponder': 'المستجيب الأول',
  'menu.myevents': 'فعالياتي',
  'menu.myregistration': 'بيانات تسجيلي',
  'menu.projections': 'حالة نماذج القراءة',

  // roles (RoleNameKey in domain/shared/roles.ts)
  RoleVolunteer: 'متطوع',
  RoleStaff: 'موظف',
  RoleAdmin: 'مدير النظام',
  RoleReviewer: 'مراجع',
  RoleVolunteerAdmin: 'مدير المتطوعين',
  RoleResponderAdmin: 'مدير المستجيبين',

  // error catalogue (ErrorCodes in domain/shared/errors.ts)
  GenericErrorMessage: 'حدث خطأ ما، يرجى المحاولة لاحقاً.',
  ErrorSavingData: 'تعذّر حفظ البيانات، يرجى المحاولة مرة أخرى.',
  ErrorLoadingData: 'تعذّر تحميل البيانات، يرجى المحاولة مرة أخرى.',
  NoRecordsFound: 'لا توجد سجلات.',
  InternalServerError: 'حدث خطأ، يرجى التواصل مع مسؤول النظام.',
  AllFieldsRequired: 'يرجى تعبئة جميع الحقول المطلوبة.',
  Error_ReqCredentials: 'يرجى إدخال اسم المستخدم وكلمة المرور.',
  WrongCaptcha: 'رمز التحقق غير صحيح.',
  WrongInfo: 'البيانات المدخلة غير صحيحة: تحقق من اسم المستخدم وكلمة المرور.',
  DeactivatedUser: 'تم إيقاف الحساب، يرجى التواصل مع مسؤول النظام.',
  Locked: 'تم قفل الحساب بعد محاولات دخول غير ناجحة متكررة. يرجى إعادة تعيين كلمة المرور.',
  InvalidNIC: 'يلزم التحقق من الهوية الوطنية: يرجى تسجيل الدخول عبر المنصة الوطنية الموحدة.',
  EmailVerification: 'لم يتم تأكيد بريدك الإلكتروني بعد. يرجى فتح رابط التأكيد المرسل إلى بريدك.',
  PasswordsNotMatched: 'كلمتا المرور غير متطابقتين.',
  WeakPassword: 'كلمة المرور ضعيفة. يرجى إدخال كلمة مرور جديدة تستوفي جميع الشروط.',
  WrongOldPassword: 'كلمة المرور الحالية غير صحيحة.',
  Error_WrongActivationLink: 'رابط التفعيل غير صالح أو انتهت صلاحيته.',
  UserNameAlreadyExists: 'اسم المستخدم مستخدم مسبقاً.',
  EmailAlreadyExists: 'البريد الإلكتروني مسجّل مسبقاً.',
  MobileAlreadyExists: 'رقم الجوال مسجّل مسبقاً.',
  IdNumberAlreadyExists: 'رقم الهوية مسجّل مسبقاً.',
  Forbidden: 'ليست لديك صلاحية لتنفيذ هذا الإجراء.',
  NotAuthorizedToAccept: 'غير مصرّح لك بالقبول.',
  Unauthorized: 'يجب تسجيل الدخول للمتابعة.',
  SessionExpired: 'انتهت صلاحية الجلسة، يرجى تسجيل الدخول مرة أخرى.',
  CsrfRejected: 'انتهت صلاحية الصفحة، يرجى تحديثها ثم المحاولة مرة أخرى.',
  PasswordChangeRequired: 'يجب تغيير كلمة المرور قبل المتابعة.',
  ConcurrencyConflict: 'عدّل مستخدم آخر هذه البيانات، يرجى تحديث الصفحة ثم المحاولة مرة أخرى.',
  IdempotencyKeyReused: 'سبق إرسال هذا الطلب لإجراء آخر، يرجى تحديث الصفحة ثم المحاولة مرة أخرى.',
  ValidationFailed: 'بعض البيانات المدخلة غير صالحة.',
  NotFound: 'العنصر المطلوب غير موجود.',
  TooManyRequests: 'محاولات كثيرة خلال وقت قصير، يرجى الانتظار قليلاً ثم المحاولة مرة أخرى.',
  InvalidIdNo: 'رقم الهوية غير صحيح.',
  EmployeeCodeNotMatched: 'الرقم الوظيفي غير صحيح أو لا يطابق رقم الهوية المدخل.',
  EmployeeDirectoryUnavailable: 'تعذر التحقق من الرقم الوظيفي الآن، يرجى المحاولة لاحقاً.',
  IdentityServiceUnavailable: 'تعذر التحقق من الهوية الوطنية الآن، يرجى المحاولة لاحقاً.',
  SsoUnavailable: 'تعذر الوصول إلى النفاذ الوطني الموحد الآن، يرجى المحاولة لاحقاً.',
  SsoFailed: 'لم يكتمل تسجيل الدخول عبر النفاذ الوطني الموحد، يرجى المحاولة مرة أخرى.',
  IdentityVerificationRequired: 'يرجى تسجيل الدخول أولاً ثم التحقق من الهوية الوطنية.',
  InvalidMobile: 'رقم الجوال يجب أن يتكون من 10 أرقام ويبدأ بـ 05.',
  InvalidEmail: 'البريد الإلكتروني غير صحيح.',
  InvalidUserName: 'اسم المستخدم يقبل الحروف الإنجليزية والأرقام والشرطة السفلية فقط، دون مسافات.',
  InvalidAge: 'يجب أن يكون عمر المتطوع بين 18 و60 سنة.',
  InvalidDate: 'التاريخ غير صحيح أو خارج النطاق المسموح.',
  InvalidIdType: 'نوع الهوية لا يتوافق مع الجنسية.',
  LookupAlreadyExists: 'يوجد عنصر بهذا الرقم أو الاسم مسبقاً.',
  LookupParentInvalid: 'العنصر الأب غير موجود أو غير مفعّل.',
  ChildAreasActive: 'يجب إلغاء تفعيل العناصر التابعة أولاً.',
  cannot_delete_message: 'لا يمكن حذف هذا العنصر لأنه مستخدم، يمكنك إلغاء تفعيله بدلاً من ذلك.',
  InvalidColourCode: 'رمز اللون يجب أن يكون بالصيغة ‎#RRGGBB‎.',
  BatchRejected: 'لم يتم حفظ التغييرات: راجع الصفوف المشار إليها.',
  RegionNotAllowed: 'لا يمكن اختيار هذه المنطقة.',
  AgreementRequired: 'يجب الموافقة على الإقرار والشروط قبل الإرسال.',
  DuplicatesNotAllowed: 'لا يسمح بتكرار البيانات.',
  EmptyText: 'لا يمكن أن يكون النص فارغاً أو مسافات فقط.',
  FileTooLarge: 'حجم الملف يتجاوز 2 ميجابايت.',
  InvalidFileType: 'نوع الملف غير مسموح.',
  UnknownFile: 'لم يتم العثور على أحد الملفات المرفقة. يرجى رفعه مرة أخرى.',
  UploadQuotaExceeded: 'تم رفع عدد كبير من الملفات. يرجى الانتظار والمحاولة لاحقًا.',
  RegistrationNotEditable: 'لا يمكن تعديل طلب التسجيل في حالته الحالية.',
  AttachmentsLocked: 'لا يمكن تعديل المرفقات بعد قبول الطلب أو رفضه.',
  AppointmentInPast: 'موعد المقابلة لا يمكن أن يكون في الماضي.',
  InitialAcceptIncomplete: 'يجب إدخال تاريخ ووقت المقابلة والموقع والمقيِّم.',
  RejectReasonRequired: 'يجب إدخال سبب الرفض.',
  InvalidRegistrationTransition: 'لا يمكن تنفيذ هذا الإجراء على الطلب في حالته الحالية.',
  NoteNotFound: 'الملاحظة غير موجودة.',
  // bounds of the API's primitives (api/contracts/primitives.ts)
  InvalidNumber: 'الرقم غير صحيح أو خارج النطاق المسموح.',
  InvalidText: 'يحتوي النص على رموز غير مسموح بها.',
  TextTooLong: 'النص أطول من الحد المسموح.',
  InvalidTime: 'الوقت غير صحيح؛ استخدم الصيغة ساعة:دقيقة.',
  // the screens × roles permission matrix (domain/permissions)
  UnknownRole: 'هذا الدور غير موجود.',
  UnknownScreen: 'هذه الشاشة غير موجودة.',
  ActionNotOnScreen: 'هذه الشاشة لا تتيح هذا الإجراء.',
  SuperAdminRightsProtected: 'لا يمكن سحب صلاحيات مدير النظام في إدارة الصلاحيات.',

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
  ...componentsAr,
  ...footerAr,
  // each feature's own strings (web/src/features/<feature>/i18n.ts)
  ...auditAr,
  ...hoursAr,
  ...dashboardAr,
  ...homeAr,
  ...myEventsAr,
  ...notificationsAr,
  ...certificatesAr,
  ...opportunitiesAr,
  ...manageEventsAr,
  ...reviewAr,
  ...sessionAr,
  ...recoveryAr,
  ...identityAr,
  ...statusAr,
  ...permissionsAr,
  ...ticketsAr,
  ...initiativesAr,
  ...reportsAr,
  ...contentAr,
  ...statisticsAr,
  ...subscriptionsAr,
  ...masterDataAr,
  ...usersAr,
  ...firstRespondersAr,
  ...preferencesAr,
  ...surveysAr,
  ...volunteerAr,
};

export type TranslationKey = keyof typeof ar;
