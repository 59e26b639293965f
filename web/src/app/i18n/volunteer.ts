// What a volunteer meets first: why a join was refused, an event already asked for, starting a registration, and the
// admin's reversal on the roster. Spread into ar.ts and en.ts.

export const volunteerAr = {
  'join.refused.alreadyAsked':
    'سبق أن طلبت الانضمام إلى هذه الفعالية أو دُعيت إليها، ويمكنك متابعة الطلب من صفحة فعالياتي.',
  'join.refused.registrationNotApproved': 'يمكنك الانضمام إلى الفعاليات بعد اعتماد تسجيلك كمتطوع.',
  'join.refused.visibility': 'هذه الفعالية مقيدة بمتطوعي مناطق أو مدن محددة أو بالمدعوين إليها فقط.',
  'join.refused.gender': 'هذه الفعالية مخصصة لجنس واحد من المتطوعين.',
  'join.refused.pendingRequests': 'لديك طلبا انضمام قيد الانتظار، ولا يمكن إرسال طلب انضمام لأكثر من فعاليتين.',
  'join.refused.acceptedElsewhere': 'لا يمكنك الانضمام أثناء مشاركتك في فعالية أخرى في التواريخ نفسها.',
  'join.openMyEvents': 'فتح فعالياتي',
  'join.openRegistration': 'عرض بيانات تسجيلي',
  'event.alreadyAsked': 'لقد طلبت الانضمام إلى هذه الفعالية، وطلبك بانتظار فريق الفعالية.',
  'event.myStatus': 'مشاركتك في هذه الفعالية: {{status}}',
  'myReg.start': 'بدء التسجيل كمتطوع',
  'myReg.startHint': 'للانضمام إلى الفعاليات كمتطوع، املأ بيانات تسجيلك وأرسلها للمراجعة.',
  'menu.startRegistration': 'بدء التسجيل',
  'roster.reverse': 'إعادة القبول',
  'roster.confirm.reverse': 'هل تريد إعادة قبول {{name}} في الفعالية وإلغاء الرفض أو الإلغاء أو الغياب السابق؟',
  'roster.reverse.title': 'إعادة قبول المتطوع',
};

export const volunteerEn: Record<keyof typeof volunteerAr, string> = {
  'join.refused.alreadyAsked':
    'You have already asked to join this event, or been invited to it. Follow your request on My events.',
  'join.refused.registrationNotApproved': 'You can join events once your volunteer registration is approved.',
  'join.refused.visibility':
    'This event is restricted to volunteers of certain regions or cities, or to those invited.',
  'join.refused.gender': 'This event is for volunteers of one gender only.',
  'join.refused.pendingRequests':
    'You already have two join requests waiting: a join request cannot be sent for more than two events.',
  'join.refused.acceptedElsewhere': 'You cannot join while taking part in another event on the same dates.',
  'join.openMyEvents': 'Open my events',
  'join.openRegistration': 'View my registration',
  'event.alreadyAsked': 'You asked to join this event; your request is waiting for the event team.',
  'event.myStatus': 'Your participation in this event: {{status}}',
  'myReg.start': 'Start my volunteer registration',
  'myReg.startHint': 'To join events as a volunteer, fill in your registration and submit it for review.',
  'menu.startRegistration': 'Start registration',
  'roster.reverse': 'Reinstate',
  'roster.confirm.reverse':
    'Reinstate {{name}} in the event, reversing the earlier rejection, cancellation or absence?',
  'roster.reverse.title': 'Reinstate the volunteer',
};
