// A valid event form for set-ups, without the portal's modules: browser journeys import it too.

export const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

let eventCodes = 0;
/** A valid event form (section 5: starts 4 days out, counts > 0, lead mobile 05…) with a code of its own. */
export function eventDetails(over: object = {}) {
  return {
    code: `EV-${Date.now() % 100000}-${++eventCodes}`,
    nameAr: 'حملة التوعية الصحية',
    nameEn: 'Health awareness campaign',
    leadName: 'خالد الحربي',
    leadMobile: '0551234567',
    leadEmail: 'lead@example.org',
    visibility: 0,
    regionIds: [],
    cityIds: [],
    maxInvitations: 20,
    maxContributions: 5,
    startDate: inDays(4),
    endDate: inDays(8),
    gender: 3,
    timePeriod: 3,
    volunteeringDays: [0, 1, 2, 3, 4],
    attendanceType: 1,
    maxHours: 6,
    ...over,
  };
}
