import type { RoleId } from '../shared/roles.ts';
import type { Action, Screen } from './screens.ts';

/**
 * Seed data only: the grants appended once, as the first events of the `permissions-roles` stream, when that stream
 * does not exist yet (commands/permissions/handlers.ts, seedPermissions). From then on the stream is the truth and the
 * super admin changes it; editing this table changes fresh installations only.
 */
export const SEED_PERMISSIONS: Record<RoleId, Partial<Record<Screen, readonly Action[]>>> = {
  1: {
    dashboard: ['View'],
    changepassword: ['View', 'Edit'],
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
    dashboard: ['View'],
    changepassword: ['View', 'Edit'],
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
    ticketsadmin: ['View', 'Edit'],
    initiatives: ['View', 'Add', 'Approve'],
    firstresponder: ['View', 'Approve'],
    projections: ['View', 'Edit'],
    surveys: ['View', 'Add', 'Edit', 'Approve'],
    allowadminrole: ['View', 'Edit'],
    postcard: ['View'],
  },
  4: {
    dashboard: ['View'],
    changepassword: ['View', 'Edit'],
    registrationadmin: ['View', 'Approve'],
    allowreviewrole: ['View'],
  },
  5: {
    dashboard: ['View'],
    changepassword: ['View', 'Edit'],
    registrationadmin: ['View', 'Approve', 'Edit'],
    volunteerhours: ['View', 'Approve'],
    statistics: ['View'],
    allowvolunteeradminrole: ['View'],
  },
  6: {
    dashboard: ['View'],
    changepassword: ['View', 'Edit'],
    firstresponder: ['View', 'Approve'],
    allowfirstresponderrole: ['View'],
  },
};
