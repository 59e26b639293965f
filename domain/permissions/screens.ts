/** The actions a screen can offer (spec section 6: "Screen actions (e.g. View, Add) are fetched per screen and role"). */
export const Actions = ['View', 'Add', 'Edit', 'Delete', 'Approve'] as const;
export type Action = (typeof Actions)[number];

/**
 * Every screen the server authorises, with the actions it can offer: the ONE place a screen is added. Names are lower
 * case (the spec matches them case-insensitively). Which role holds which action is data (the `permissions-roles`
 * stream), granted by the super admin; a new screen is held by nobody until granted.
 */
export const SCREENS = {
  dashboard: ['View'],
  changepassword: ['View', 'Edit'],
  users: ['View', 'Add', 'Edit', 'Delete'],
  auditlog: ['View'],
  registrationadmin: ['View', 'Edit', 'Approve'],
  events: ['View'],
  eventsadmin: ['View', 'Add', 'Edit', 'Delete', 'Approve'],
  volunteerhours: ['View', 'Add', 'Edit', 'Approve'],
  statistics: ['View'],
  content: ['View', 'Add', 'Edit', 'Delete'],
  masterdata: ['View', 'Add', 'Edit', 'Delete'],
  permissions: ['View', 'Edit'],
  tickets: ['View', 'Add', 'Edit'],
  // Staff's tickets grid across volunteers (reply, close, assign a department); `tickets` is the volunteer's own.
  ticketsadmin: ['View', 'Edit'],
  // The responder admin's requests, approved and rejected lists (approve, reject, undo a rejection).
  firstresponder: ['View', 'Approve'],
  // The volunteer's own first-responder request (spec: first responder/{id or edit}): see it (View), send or update it (Edit).
  myfirstresponder: ['View', 'Edit'],
  myevents: ['View', 'Add', 'Edit'],
  myregistration: ['View', 'Edit'],
  // Surveys (spec: survey, event survey, questions, survey results): build (Add), edit (Edit), approve, reject,
  // publish and complete (Approve), list and results (View).
  surveys: ['View', 'Add', 'Edit', 'Approve'],
  // Event initiatives: propose (Add) and see one's own (View); list all, approve into a draft event or reject (Approve).
  initiatives: ['View', 'Add', 'Approve'],
  // The volunteer's certificates, cards and badge, past events and contributions; the post card (spec: post card).
  mycertificates: ['View'],
  postcard: ['View'],
  // Not in the spec: the projections' parked events (admins see and retry them).
  projections: ['View', 'Edit'],
  // The spec's authorised screen names (section 6).
  allowadminrole: ['View', 'Edit'],
  allowregionrestriction: ['View', 'Edit'],
  allowvolunteerrole: ['View', 'Edit'],
  allowreviewrole: ['View', 'Edit'],
  allowfirstresponderrole: ['View', 'Edit'],
  allowvolunteeradminrole: ['View', 'Edit'],
  approvevolunteerhours: ['View', 'Approve'],
  certificateshours: ['View', 'Add', 'Edit', 'Delete'],
  certificateseventtype: ['View', 'Add', 'Edit', 'Delete'],
  surveymandatory: ['View', 'Edit'],
} as const satisfies Record<string, readonly Action[]>;

export type Screen = keyof typeof SCREENS;
export const Screens = Object.keys(SCREENS) as Screen[];

export function isScreen(s: string): s is Screen {
  return Object.hasOwn(SCREENS, s);
}

/** The actions in their canonical order, without repeats: what the events and the read model store. */
export function canonicalActions(actions: Iterable<Action>): Action[] {
  const set = new Set(actions);
  return Actions.filter((a) => set.has(a));
}
