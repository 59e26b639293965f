// The strings of features/audit, spread into app/i18n/ar.ts and en.ts:
// their type and i18n.test.ts check that both languages have the same keys.

export const auditAr = {
  // registration (web/src/features/registration)
  // registration review and audit log (web/src/features/review, web/src/features/audit)
  'audit.intro': 'كل تغيير في البوابة، الأحدث أولاً: من قام به ومتى، وعلى أي سجل، وما الحقول التي تغيّرت.',
  'audit.actorId': 'معرّف المستخدم المنفِّذ',
  'audit.recordType': 'نوع السجل',
  'audit.recordId': 'معرّف السجل',
  'audit.from': 'من تاريخ',
  'audit.to': 'إلى تاريخ',
  'audit.col.when': 'الوقت',
  'audit.col.who': 'المنفِّذ',
  'audit.col.record': 'السجل',
  'audit.col.action': 'الإجراء',
  'audit.col.changes': 'التغييرات',
  'audit.caption': 'سجل التدقيق، الأحدث أولاً',
  'audit.loadMore': 'عرض المزيد',
  'audit.end': 'لا توجد سجلات أقدم.',
  'audit.shown': 'السجلات المعروضة: {{n}}',
  'audit.recordType.registration': 'طلب تسجيل',
  'audit.recordType.user': 'حساب مستخدم',
  'audit.recordType.username': 'اسم مستخدم',
  'audit.recordType.loginlog': 'سجل الدخول',
  'audit.recordType.lookup': 'البيانات المرجعية',
  'audit.openRecord': 'فتح الطلب',
};

export const auditEn: Record<keyof typeof auditAr, string> = {
  // registration (web/src/features/registration)
  // registration review and audit log (web/src/features/review, web/src/features/audit)
  'audit.intro':
    'Every change in the portal, newest first: who made it and when, on which record, and which fields changed.',
  'audit.actorId': "Actor's user id",
  'audit.recordType': 'Record type',
  'audit.recordId': 'Record id',
  'audit.from': 'From',
  'audit.to': 'Until',
  'audit.col.when': 'When',
  'audit.col.who': 'Who',
  'audit.col.record': 'Record',
  'audit.col.action': 'Action',
  'audit.col.changes': 'Changes',
  'audit.caption': 'Audit log, newest first',
  'audit.loadMore': 'Load more',
  'audit.end': 'No older entries.',
  'audit.shown': 'Entries shown: {{n}}',
  'audit.recordType.registration': 'Registration',
  'audit.recordType.user': 'User account',
  'audit.recordType.username': 'User name',
  'audit.recordType.loginlog': 'Sign-in log',
  'audit.recordType.lookup': 'Master data',
  'audit.openRecord': 'Open the application',
};
