/** System roles (spec section 6). */
export const Role = {
  Volunteer: 1,
  Staff: 2,
  Admin: 3,
  Reviewer: 4,
  VolunteerAdmin: 5,
  ResponderAdmin: 6,
} as const;
export type RoleId = (typeof Role)[keyof typeof Role];
export const RoleIds: readonly RoleId[] = [1, 2, 3, 4, 5, 6];
export const RoleNameKey: Record<RoleId, string> = {
  1: 'RoleVolunteer',
  2: 'RoleStaff',
  3: 'RoleAdmin',
  4: 'RoleReviewer',
  5: 'RoleVolunteerAdmin',
  6: 'RoleResponderAdmin',
};

export function isRoleId(n: unknown): n is RoleId {
  return typeof n === 'number' && (RoleIds as readonly number[]).includes(n);
}

/** Screen names the server authorises (spec: matched case-insensitively). */
export const Screens = [
  'dashboard',
  'changepassword',
  'users',
  'auditlog',
  'registrationadmin',
  'events',
  'eventsadmin',
  'volunteerhours',
  'statistics',
  'content',
  'masterdata',
  'permissions',
  'tickets',
  'firstresponder',
  'myevents',
  'myregistration',
  // Not in the spec: the projections' parked events (admins see and retry them).
  'projections',
] as const;
export type Screen = (typeof Screens)[number];
export type Action = 'View' | 'Add' | 'Edit' | 'Delete' | 'Approve';

/**
 * Default screen/action permissions per role. Served by GET /api/session/permissions; the web app shows menus and
 * buttons from that answer only, and every route checks the same table on the server.
 */
export const DEFAULT_PERMISSIONS: Record<RoleId, Partial<Record<Screen, readonly Action[]>>> = {
  1: {
    dashboard: ['View'],
    changepassword: ['View', 'Edit'],
    events: ['View'],
    myevents: ['View', 'Add', 'Edit'],
    myregistration: ['View', 'Edit'],
    tickets: ['View', 'Add'],
  },
  2: {
    dashboard: ['View'],
    changepassword: ['View', 'Edit'],
    registrationadmin: ['View', 'Approve'],
    events: ['View'],
    eventsadmin: ['View', 'Add', 'Edit'],
    volunteerhours: ['View', 'Add', 'Edit'],
    statistics: ['View'],
    tickets: ['View', 'Edit'],
  },
  3: {
    dashboard: ['View'],
    changepassword: ['View', 'Edit'],
    users: ['View', 'Add', 'Edit', 'Delete'],
    auditlog: ['View'],
    registrationadmin: ['View', 'Approve', 'Edit'],
    events: ['View'],
    eventsadmin: ['View', 'Add', 'Edit', 'Delete', 'Approve'],
    volunteerhours: ['View', 'Add', 'Edit', 'Approve'],
    statistics: ['View'],
    content: ['View', 'Add', 'Edit', 'Delete'],
    masterdata: ['View', 'Add', 'Edit', 'Delete'],
    permissions: ['View', 'Edit'],
    tickets: ['View', 'Edit'],
    firstresponder: ['View', 'Approve'],
    projections: ['View', 'Edit'],
  },
  4: {
    dashboard: ['View'],
    changepassword: ['View', 'Edit'],
    registrationadmin: ['View', 'Approve'],
  },
  5: {
    dashboard: ['View'],
    changepassword: ['View', 'Edit'],
    registrationadmin: ['View', 'Approve', 'Edit'],
    volunteerhours: ['View', 'Approve'],
    statistics: ['View'],
  },
  6: {
    dashboard: ['View'],
    changepassword: ['View', 'Edit'],
    firstresponder: ['View', 'Approve'],
  },
};

export function can(role: RoleId, screen: string, action: Action = 'View'): boolean {
  const perms = DEFAULT_PERMISSIONS[role][screen.toLowerCase() as Screen];
  return perms?.includes(action) ?? false;
}
