// The strings of features/recovery (forgot password and user name, the reset link), spread into app/i18n/ar.ts and
// en.ts: their type and i18n.test.ts check that both languages have the same keys.

export const recoveryAr = {
  'page.forgotPassword': 'نسيت كلمة المرور',
  'page.forgotUserName': 'نسيت اسم المستخدم',
  'page.resetPassword': 'تعيين كلمة مرور جديدة',
  'recovery.forgotPasswordIntro': 'أدخل بريدك الإلكتروني المسجل وسنرسل إليك رابطاً لتعيين كلمة مرور جديدة.',
  'recovery.forgotUserNameIntro': 'أدخل بريدك الإلكتروني المسجل وسنرسل إليك اسم المستخدم الخاص بك.',
  'recovery.email': 'البريد الإلكتروني',
  'recovery.send': 'إرسال',
  'recovery.passwordSent':
    'إذا كان هذا البريد مسجلاً لدينا فستصلك رسالة برابط لتعيين كلمة مرور جديدة، صالح لمدة 6 أيام ولمرة واحدة.',
  'recovery.userNameSent': 'إذا كان هذا البريد مسجلاً لدينا فستصلك رسالة باسم المستخدم الخاص بك.',
  'recovery.backToLogin': 'العودة إلى تسجيل الدخول',
  'recovery.resetIntro': 'اختر كلمة مرور جديدة لحسابك. سيُطلب منك تغييرها مرة أخرى بعد أول تسجيل دخول.',
  'recovery.resetDone': 'تم تعيين كلمة المرور الجديدة. يمكنك الآن تسجيل الدخول.',
  'recovery.askAgain': 'اطلب رابطاً جديداً',
  'recovery.forgotPasswordLink': 'نسيت كلمة المرور؟',
  'recovery.forgotUserNameLink': 'نسيت اسم المستخدم؟',
  'recovery.newVerificationLink': 'أرسل رابط تحقق جديداً',
  RegeneratedEmailMessage: 'تم إرسال رابط تحقق جديد إلى بريدك الإلكتروني.',
  AlreadyVerifiedEmailMessage: 'تم التحقق من بريدك الإلكتروني مسبقاً. يمكنك تسجيل الدخول.',
};

export const recoveryEn: Record<keyof typeof recoveryAr, string> = {
  'page.forgotPassword': 'Forgot password',
  'page.forgotUserName': 'Forgot user name',
  'page.resetPassword': 'Set a new password',
  'recovery.forgotPasswordIntro':
    'Enter the e-mail address you registered with and we will send you a link to set a new password.',
  'recovery.forgotUserNameIntro': 'Enter the e-mail address you registered with and we will send you your user name.',
  'recovery.email': 'E-mail',
  'recovery.send': 'Send',
  'recovery.passwordSent':
    'If this address is registered with us, you will receive a link to set a new password, valid once for 6 days.',
  'recovery.userNameSent': 'If this address is registered with us, you will receive your user name by e-mail.',
  'recovery.backToLogin': 'Back to sign in',
  'recovery.resetIntro':
    'Choose a new password for your account. You will be asked to change it once more after your first sign-in.',
  'recovery.resetDone': 'Your new password is set. You can sign in now.',
  'recovery.askAgain': 'Ask for a new link',
  'recovery.forgotPasswordLink': 'Forgot your password?',
  'recovery.forgotUserNameLink': 'Forgot your user name?',
  'recovery.newVerificationLink': 'Send a new verification link',
  RegeneratedEmailMessage: 'A new verification link has been sent to your e-mail.',
  AlreadyVerifiedEmailMessage: 'Your e-mail is already verified. You can sign in.',
};
