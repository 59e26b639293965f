// The strings of features/status, spread into app/i18n/ar.ts and en.ts:
// their type and i18n.test.ts check that both languages have the same keys.

export const statusAr = {
  // status pages
  'status.notFound': 'لم نعثر على الصفحة التي تبحث عنها.',
  'status.forbidden': 'ليست لديك صلاحية لفتح هذه الصفحة.',
  'status.unauthorized': 'يجب تسجيل الدخول لعرض هذه الصفحة.',
  'page.projections': 'الأحداث المعلّقة في نماذج القراءة',
  'parked.intro':
    'أحداث لم يتمكن نموذج قراءة من تطبيقها فجُنّبت حتى لا تتوقف بقية البوابة. بعد إصلاح السبب أعد المحاولة لتطبيقها.',
  'parked.none': 'لا توجد أحداث معلّقة: كل نماذج القراءة محدّثة.',
  'parked.count': 'أحداث معلّقة: {{count}}',
  'parked.caption': 'الأحداث المعلّقة في {{projection}}، الأقدم أولاً',
  'parked.col.event': 'الحدث',
  'parked.col.error': 'الخطأ',
  'parked.col.attempts': 'المحاولات',
  'parked.col.parkedAt': 'وقت التعليق',
  'parked.position': 'الموضع {{position}}',
  'parked.retry': 'إعادة المحاولة',
  'parked.cancel': 'إلغاء',
  'parked.confirmTitle': 'إعادة تطبيق الأحداث المعلّقة',
  'parked.confirmText':
    'ستُطبَّق أحداث {{projection}} المعلّقة ({{count}}) من جديد بالشيفرة الحالية، الأقدم أولاً. ما ينجح يُزال من القائمة، وما يفشل يبقى مع خطئه الجديد.',
  'parked.result.done': '{{projection}}: طُبِّق {{resolved}}، وبقي معلّقاً {{parked}}.',
  'parked.result.pending': '{{projection}}: لم يُنهِ المعالج المحاولة بعد. حدّث الصفحة بعد قليل.',
};

export const statusEn: Record<keyof typeof statusAr, string> = {
  // status pages
  'status.notFound': 'We could not find the page you are looking for.',
  'status.forbidden': 'You do not have permission to open this page.',
  'status.unauthorized': 'You need to sign in to view this page.',
  'page.projections': 'Parked events of the read models',
  'parked.intro':
    'Events a read model could not apply, set aside so that the rest of the portal keeps working. Once the cause is fixed, retry them.',
  'parked.none': 'No parked events: every read model is up to date.',
  'parked.count': 'Parked events: {{count}}',
  'parked.caption': 'Parked events of {{projection}}, oldest first',
  'parked.col.event': 'Event',
  'parked.col.error': 'Error',
  'parked.col.attempts': 'Attempts',
  'parked.col.parkedAt': 'Parked at',
  'parked.position': 'Position {{position}}',
  'parked.retry': 'Retry',
  'parked.cancel': 'Cancel',
  'parked.confirmTitle': 'Apply the parked events again',
  'parked.confirmText':
    'The {{count}} parked events of {{projection}} are applied again with the current code, oldest first. Those that apply leave the list; those that fail stay, with their new error.',
  'parked.result.done': '{{projection}}: {{resolved}} applied, {{parked}} still parked.',
  'parked.result.pending': '{{projection}}: the runner has not finished the retry yet. Reload the page shortly.',
};
