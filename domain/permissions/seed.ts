import type { RoleId } from '../shared/roles.ts';
import { type Action, SCREENS, type Screen } from './screens.ts';

type Grants = Partial<Record<Screen, readonly Action[]>>;

/** Every role sees its dashboard and changes its own password. */
const EVERY_ROLE: Grants = { dashboard: ['View'], changepassword: ['View', 'Edit'] };

/** The screens given with every action they offer (the administrator's). */
function everyAction(...screens: Screen[]): Grants {
  return Object.fromEntries(screens.map((screen) => [screen, SCREENS[screen]]));
}

/**
 * Seed data only: the grants appended once, as the first events of the `permissions-roles` stream, when that stream
 * does not exist yet (commands/permissions/handlers.ts, seedPermissions). From then on the stream is the truth and the
 * super admin changes it; editing this table changes fresh installations only.
 */
export const SEED_PERMISSIONS: Record<RoleId, Grants> = {
  1: {
    ...EVERY_ROLE,
    events: ['View'],
    myevents: ['View', 'Add', 'Edit'],
    myregistration: ['View', 'Edit'],
    myfirstresponder: ['View', 'Edit'],
    tickets: ['View', 'Add'],
    initiatives: ['View', 'Add'],
    allowvolunteerrole: ['View'],
    // The volunteer's survey screens (their surveys, answering from the event or a link) and submitting answers.
    surveymandatory: ['View', 'Edit'],
    mycertificates: ['View'],
    certificateshours: ['View'],
    certificateseventtype: ['View'],
    postcard: ['View'],
  },
  2: {
    ...EVERY_ROLE,
    registrationadmin: ['View', 'Approve'],
    events: ['View'],
    eventsadmin: ['View', 'Add', 'Edit'],
    volunteerhours: ['View', 'Add', 'Edit'],
    statistics: ['View'],
    ticketsadmin: ['View', 'Edit'],
    surveys: ['View', 'Add', 'Edit'],
    initiatives: ['View', 'Add', 'Approve'],
    allowregionrestriction: ['View'],
  },
  3: {
    ...EVERY_ROLE,
    ...everyAction('users', 'auditlog'),
    registrationadmin: ['View', 'Approve', 'Edit'],
    ...everyAction(
      'events',
      'eventsadmin',
      'volunteerhours',
      'statistics',
      'content',
      'masterdata',
      'permissions',
      'ticketsadmin',
      'initiatives',
      'firstresponder',
      'projections',
      'surveys',
      'allowadminrole',
      'postcard',
    ),
  },
  4: {
    ...EVERY_ROLE,
    registrationadmin: ['View', 'Approve'],
    allowreviewrole: ['View'],
  },
  5: {
    ...EVERY_ROLE,
    registrationadmin: ['View', 'Approve', 'Edit'],
    volunteerhours: ['View', 'Approve'],
    statistics: ['View'],
    allowvolunteeradminrole: ['View'],
  },
  6: {
    ...EVERY_ROLE,
    firstresponder: ['View', 'Approve'],
    allowfirstresponderrole: ['View'],
  },
};
