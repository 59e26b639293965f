// The public surface of features/opportunities: other features import only what this file exports (architecture.test.ts).

export type { InvitationAction, Participation } from './api.ts';
export { eventsCommand, invitationAction, participationsQuery } from './api.ts';
export type { MyTab } from './format.ts';
export { eventName, formatIsoDay, tabOf, todayIso } from './format.ts';
export { EventForm } from './manage/EventForm.tsx';
export type { EventFormValues } from './manage/eventForm.ts';
