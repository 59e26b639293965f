// The strings of features/home, spread into app/i18n/ar.ts and en.ts:
// their type and i18n.test.ts check that both languages have the same keys.

export const homeAr = {
  // home
  'home.intro': 'منصة واحدة للتطوع: تصفّح الفرص التطوعية، وسجّل بياناتك، وشارك في الفعاليات.',
  'home.loginPrompt': 'لديك حساب؟ سجّل الدخول للمتابعة.',

  // registration (web/src/features/registration)
  'home.registerPrompt': 'ترغب في التطوع؟ أنشئ حسابك وسجّل بياناتك، ثم تابع حالة طلبك.',
  'home.register': 'التسجيل كمتطوع',
};

export const homeEn: Record<keyof typeof homeAr, string> = {
  // home
  'home.intro': 'One place to volunteer: browse opportunities, register and take part in events.',
  'home.loginPrompt': 'Already have an account? Sign in to continue.',

  // registration (web/src/features/registration)
  'home.registerPrompt': 'Want to volunteer? Create your account, fill in your details and follow your application.',
  'home.register': 'Register as a volunteer',
};
