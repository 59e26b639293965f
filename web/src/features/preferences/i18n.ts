// The strings of features/preferences, spread into app/i18n/ar.ts and en.ts.

export const preferencesAr = {
  'preferences.open': 'التفضيلات',
  'preferences.title': 'التفضيلات',
  'preferences.receiveEmail': 'استلام الرسائل عبر البريد الإلكتروني',
  'preferences.receiveSms': 'استلام الرسائل النصية',
  'preferences.language': 'اللغة المفضلة',
  'preferences.language.ar': 'العربية',
  'preferences.language.en': 'الإنجليزية',
  'preferences.save': 'حفظ التفضيلات',
  'preferences.saved': 'تم حفظ التفضيلات.',
  'preferences.password': 'تغيير كلمة المرور',
};

export const preferencesEn: Record<keyof typeof preferencesAr, string> = {
  'preferences.open': 'Preferences',
  'preferences.title': 'Preferences',
  'preferences.receiveEmail': 'Receive e-mails',
  'preferences.receiveSms': 'Receive text messages',
  'preferences.language': 'Preferred language',
  'preferences.language.ar': 'Arabic',
  'preferences.language.en': 'English',
  'preferences.save': 'Save preferences',
  'preferences.saved': 'Preferences saved.',
  'preferences.password': 'Change password',
};
