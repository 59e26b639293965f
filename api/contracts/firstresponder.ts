import { z } from 'zod';
import { FIRST_RESPONDER_STATUSES } from '../../domain/firstresponder/events.ts';
import { EMPLOYEE_CODE_MAX, REJECT_REASON_MAX } from '../../domain/firstresponder/rules.ts';
import { AfterQuery, CommandAccepted, PageSize } from './common.ts';
import { endpoints, mine, staff } from './endpoint.ts';
import * as P from './primitives.ts';

export const FirstResponderRow = z
  .object({
    volunteerId: z.string(),
    volunteerNameAr: z.string().nullable(),
    volunteerNameEn: z.string().nullable(),
    status: z.enum(FIRST_RESPONDER_STATUSES),
    certificateExpiryDate: z.string().nullable(),
    hasBls: z.boolean(),
    fileId: z.string(),
    employeeCode: z.string().nullable(),
    rejectReason: z.string().nullable(),
    decidedAt: z.string().nullable(),
    requestedAt: z.string().nullable(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'FirstResponderRow' });
export type FirstResponderRow = z.infer<typeof FirstResponderRow>;

/** The volunteer's own request (null: the form is in registration mode), and whether the client asks for a code. */
export const MyFirstResponder = z
  .object({ request: FirstResponderRow.nullable(), employeeCodeRequired: z.boolean() })
  .meta({ id: 'MyFirstResponder' });
export type MyFirstResponder = z.infer<typeof MyFirstResponder>;

/**
 * The volunteer's form (spec: CertificateExpiryDate, HaveBLS, the file, the employee code for the red-crescent
 * client). Fields may be missing: the domain answers GenericFillFormError or CertificateExpiryInvalid.
 */
export const FirstResponderForm = z
  .object({
    certificateExpiryDate: P.isoDate(P.DATES.expiry).nullable().optional(),
    hasBls: z.boolean().nullable().optional(),
    fileId: P.uuid().nullable().optional(),
    employeeCode: P.text(EMPLOYEE_CODE_MAX).nullable().optional(),
  })
  .strict()
  .meta({ id: 'FirstResponderForm' });
export type FirstResponderForm = z.input<typeof FirstResponderForm>;

/** The responder admin's three lists. */
export const FIRST_RESPONDER_LISTS = ['requests', 'approved', 'rejected'] as const;
export type FirstResponderList = (typeof FIRST_RESPONDER_LISTS)[number];

export const FirstRespondersQuery = AfterQuery.extend({
  list: z.enum(FIRST_RESPONDER_LISTS).default('requests'),
  page: P.page,
  pageSize: PageSize,
  name: P.text(100).optional(),
  employeeCode: P.text(EMPLOYEE_CODE_MAX).optional(),
  /** Certificates expiring on or before this day. */
  expiresBy: P.isoDate(P.DATES.expiry).optional(),
});
export type FirstRespondersQuery = z.input<typeof FirstRespondersQuery>;

export const FirstRespondersPage = z
  .object({ rows: z.array(FirstResponderRow), total: z.number().int() })
  .meta({ id: 'FirstRespondersPage' });
export type FirstRespondersPage = z.infer<typeof FirstRespondersPage>;

export const FirstResponderRejection = z
  .object({ reason: P.longText(REJECT_REASON_MAX).nullable().optional() })
  .strict()
  .meta({ id: 'FirstResponderRejection' });
export type FirstResponderRejection = z.input<typeof FirstResponderRejection>;

const ByVolunteer = z.object({ volunteerId: P.uuid() });
const responders = endpoints('first responders');

// The volunteer's own request (spec: GET registration/{id} or /0, POST requestResponder, updateRequestResponder).
export const myFirstResponder = responders.get('/api/me/first-responder', {
  permission: mine('myfirstresponder', 'View'),
  query: AfterQuery,
  response: MyFirstResponder,
});
export const requestFirstResponder = responders.post('/api/me/first-responder', {
  permission: mine('myfirstresponder', 'Edit'),
  body: FirstResponderForm,
  response: CommandAccepted,
});
export const updateFirstResponder = responders.post('/api/me/first-responder/update', {
  permission: mine('myfirstresponder', 'Edit'),
  body: FirstResponderForm,
  response: CommandAccepted,
});

// The responder admin: the requests, approved and rejected lists, and the decisions.
export const firstResponders = responders.get('/api/first-responders', {
  permission: staff('firstresponder', 'View'),
  query: FirstRespondersQuery,
  response: FirstRespondersPage,
});
export const approveFirstResponder = responders.post('/api/first-responders/:volunteerId/approve', {
  permission: staff('firstresponder', 'Approve'),
  params: ByVolunteer,
  response: CommandAccepted,
});
export const rejectFirstResponder = responders.post('/api/first-responders/:volunteerId/reject', {
  permission: staff('firstresponder', 'Approve'),
  params: ByVolunteer,
  body: FirstResponderRejection,
  response: CommandAccepted,
});
/** Spec: "Rejection can be undone, moving back to requests." */
export const undoFirstResponderRejection = responders.post('/api/first-responders/:volunteerId/undo-rejection', {
  permission: staff('firstresponder', 'Approve'),
  params: ByVolunteer,
  response: CommandAccepted,
});
