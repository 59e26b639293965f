// The strings of features/dashboard, spread into app/i18n/ar.ts and en.ts:
// their type and i18n.test.ts check that both languages have the same keys.

export const dashboardAr = {
  // dashboard
  'dashboard.welcome': 'مرحباً، {{name}}',
  'dashboard.role': 'الدور: {{role}}',
  'dashboard.intro': 'هذه لوحة معلوماتك. ستظهر هنا قريباً فعالياتك وساعات تطوعك وإحصاءاتك.',

  // registration (web/src/features/registration)
  'dashboard.completeRegistrationLink': 'استكمال بيانات التسجيل',
};

export const dashboardEn: Record<keyof typeof dashboardAr, string> = {
  // dashboard
  'dashboard.welcome': 'Welcome, {{name}}',
  'dashboard.role': 'Role: {{role}}',
  'dashboard.intro': 'This is your dashboard. Your events, volunteer hours and statistics will appear here soon.',

  // registration (web/src/features/registration)
  'dashboard.completeRegistrationLink': 'Complete my registration',
};
