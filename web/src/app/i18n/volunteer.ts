// What a volunteer meets first: why a join was refused, an event already asked for, starting a registration, and the
// admin's reversal on the roster. Spread into ar.ts and en.ts.

export const volunteerAr = {
  'myReg.start': 'بدء التسجيل كمتطوع',
  'myReg.startHint': 'للانضمام إلى الفعاليات كمتطوع، املأ بيانات تسجيلك وأرسلها للمراجعة.',
  'menu.startRegistration': 'بدء التسجيل',
};

export const volunteerEn: Record<keyof typeof volunteerAr, string> = {
  'myReg.start': 'Start my volunteer registration',
  'myReg.startHint': 'To join events as a volunteer, fill in your registration and submit it for review.',
  'menu.startRegistration': 'Start registration',
};
