// The strings of features/home, spread into app/i18n/ar.ts and en.ts:
// their type and i18n.test.ts check that both languages have the same keys.

export const homeAr = {
  // home
  'home.intro': 'منصة واحدة للتطوع: تصفّح الفرص التطوعية، وسجّل بياناتك، وشارك في الفعاليات.',
  'home.loginPrompt': 'لديك حساب؟ سجّل الدخول للمتابعة.',

  // registration (web/src/features/registration)
  'home.registerPrompt': 'ترغب في التطوع؟ أنشئ حسابك وسجّل بياناتك، ثم تابع حالة طلبك.',
  'home.register': 'التسجيل كمتطوع',
  'home.counters': 'إحصاءات التطوع',
  'home.counter.volunteers': 'متطوع معتمد',
  'home.counter.events': 'فعالية',
  'home.counter.hours': 'ساعة تطوع معتمدة',
  'home.upcoming': 'الفعاليات القادمة',
  'home.ongoing': 'الفعاليات الجارية',
  'home.noEvents': 'لا توجد فعاليات حالياً.',
  'home.allEvents': 'كل الفعاليات',
  'home.subscribe': 'اشترك في القائمة البريدية',
  'home.more': 'المزيد من الموقع',
};

export const homeEn: Record<keyof typeof homeAr, string> = {
  // home
  'home.intro': 'One place to volunteer: browse opportunities, register and take part in events.',
  'home.loginPrompt': 'Already have an account? Sign in to continue.',

  // registration (web/src/features/registration)
  'home.registerPrompt': 'Want to volunteer? Create your account, fill in your details and follow your application.',
  'home.register': 'Register as a volunteer',
  'home.counters': 'Volunteering in numbers',
  'home.counter.volunteers': 'approved volunteers',
  'home.counter.events': 'events',
  'home.counter.hours': 'approved volunteering hours',
  'home.upcoming': 'Upcoming events',
  'home.ongoing': 'Ongoing events',
  'home.noEvents': 'No events at the moment.',
  'home.allEvents': 'All events',
  'home.subscribe': 'Join the mail list',
  'home.more': 'More of the site',
};
