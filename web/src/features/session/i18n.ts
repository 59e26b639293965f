// The strings of features/session, spread into app/i18n/ar.ts and en.ts:
// their type and i18n.test.ts check that both languages have the same keys.

export const sessionAr = {
  // login
  'login.userName': 'اسم المستخدم',
  'login.password': 'كلمة المرور',
  'login.submit': 'دخول',
  'login.lockedUntil': 'يمكنك المحاولة مرة أخرى بعد {{time}}.',
  'login.reason.expired': 'انتهت صلاحية جلستك، يرجى تسجيل الدخول مرة أخرى.',
  'login.reason.forbidden': 'تم إنهاء جلستك لعدم توفر الصلاحية. يرجى تسجيل الدخول مرة أخرى.',
  'login.reason.signedOut': 'تم تسجيل خروجك بنجاح.',
  'login.reason.required': 'يرجى تسجيل الدخول لعرض هذه الصفحة.',
  'login.reason.ended':
    'انتهت جلستك: تم تسجيل الخروج من مكان آخر أو إيقاف الحساب أو انتهت صلاحية الجلسة. يرجى تسجيل الدخول مرة أخرى.',
  'login.completeRegistration': 'يرجى استكمال بيانات التسجيل لتتمكن من استخدام جميع خدمات البوابة.',

  // passwords
  'password.old': 'كلمة المرور الحالية',
  'password.new': 'كلمة المرور الجديدة',
  'password.confirm': 'تأكيد كلمة المرور الجديدة',
  'password.submit': 'حفظ كلمة المرور',
  'password.forcedIntro': 'حفاظاً على أمان حسابك، يجب تعيين كلمة مرور جديدة قبل متابعة استخدام البوابة.',
  'password.changed': 'تم تغيير كلمة المرور بنجاح.',
  'password.toggleVisibility': 'إظهار كلمة المرور أو إخفاؤها',
  'password.strength.label': 'قوة كلمة المرور',
  'password.strength.text': 'قوة كلمة المرور: {{strength}}',
  'password.strength.weak': 'ضعيفة',
  'password.strength.medium': 'متوسطة',
  'password.strength.strong': 'قوية',
  'password.rules.heading': 'يجب أن تحتوي كلمة المرور على:',
  'password.rule.tooShort': '{{min}} أحرف على الأقل',
  'password.rule.noLowercase': 'حرف إنجليزي صغير (a-z)',
  'password.rule.noUppercase': 'حرف إنجليزي كبير (A-Z)',
  'password.rule.noDigit': 'رقم (0-9)',
  'password.rule.noSpecial': 'رمز خاص واحد على الأقل من:',
  'password.rule.met': 'مستوفى',
  'password.rule.notMet': 'غير مستوفى',

  // idle time-out
  'idle.title': 'هل ما زلت هنا؟',
  'idle.text': 'ستنتهي جلستك تلقائياً بسبب عدم النشاط خلال:',
  'idle.stay': 'البقاء متصلاً',
  'idle.signOut': 'تسجيل الخروج',

  // registration (web/src/features/registration)
  'login.noAccount': 'ليس لديك حساب بعد؟',
  'login.clientPortal': 'بوابة التطوع في {{client}}',
  'login.ssoFirst.title': 'النفاذ الوطني الموحد',
  'login.ssoFirst.intro': 'ادخل بهويتك الوطنية دون اسم مستخدم أو كلمة مرور.',
  'login.ssoFirst.or': 'أو ادخل باسم المستخدم وكلمة المرور',
};

export const sessionEn: Record<keyof typeof sessionAr, string> = {
  // login
  'login.userName': 'User name',
  'login.password': 'Password',
  'login.submit': 'Sign in',
  'login.lockedUntil': 'You can try again after {{time}}.',
  'login.reason.expired': 'Your session has expired. Please sign in again.',
  'login.reason.forbidden': 'Your session was ended because access was denied. Please sign in again.',
  'login.reason.signedOut': 'You have signed out.',
  'login.reason.required': 'Please sign in to view this page.',
  'login.reason.ended':
    'Your session has ended: you were signed out elsewhere, the account was deactivated, or the session expired. Please sign in again.',
  'login.completeRegistration': 'Please complete your registration to use all of the portal’s services.',

  // passwords
  'password.old': 'Current password',
  'password.new': 'New password',
  'password.confirm': 'Confirm the new password',
  'password.submit': 'Save password',
  'password.forcedIntro': 'To keep your account safe, set a new password before you continue.',
  'password.changed': 'Your password has been changed.',
  'password.toggleVisibility': 'Show or hide the password',
  'password.strength.label': 'Password strength',
  'password.strength.text': 'Password strength: {{strength}}',
  'password.strength.weak': 'Weak',
  'password.strength.medium': 'Medium',
  'password.strength.strong': 'Strong',
  'password.rules.heading': 'The password must contain:',
  'password.rule.tooShort': 'At least {{min}} characters',
  'password.rule.noLowercase': 'A lowercase letter (a-z)',
  'password.rule.noUppercase': 'An uppercase letter (A-Z)',
  'password.rule.noDigit': 'A digit (0-9)',
  'password.rule.noSpecial': 'At least one special character from:',
  'password.rule.met': 'met',
  'password.rule.notMet': 'not met',

  // idle time-out
  'idle.title': 'Are you still there?',
  'idle.text': 'Because of inactivity, your session will end in:',
  'idle.stay': 'Stay signed in',
  'idle.signOut': 'Sign out',

  // registration (web/src/features/registration)
  'login.noAccount': 'No account yet?',
  'login.clientPortal': '{{client}} volunteer portal',
  'login.ssoFirst.title': 'National single sign-on',
  'login.ssoFirst.intro': 'Sign in with your national identity, without a user name or password.',
  'login.ssoFirst.or': 'or sign in with your user name and password',
};
