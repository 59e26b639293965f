import { z } from 'zod';
import { FIRST_RESPONDER_STATUSES } from '../../domain/firstresponder/events.ts';
import { EMPLOYEE_CODE_MAX, REJECT_REASON_MAX } from '../../domain/firstresponder/rules.ts';
import { AfterQuery, CommandAccepted, GridPage, named, PageSize, reasonBody, strictBody } from './common.ts';
import { endpoints, mine, staff } from './endpoint.ts';
import * as P from './primitives.ts';

export const FirstResponderRow = named('FirstResponderRow', {
  volunteerId: z.string(),
  ...P.bilingual('volunteerName', 'nullable'),
  status: z.enum(FIRST_RESPONDER_STATUSES),
  certificateExpiryDate: z.string().nullable(),
  hasBls: z.boolean(),
  fileId: z.string(),
  employeeCode: z.string().nullable(),
  rejectReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  requestedAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type FirstResponderRow = z.infer<typeof FirstResponderRow>;

/** The volunteer's own request (null: the form is in registration mode), and whether the client asks for a code. */
export const MyFirstResponder = named('MyFirstResponder', {
  request: FirstResponderRow.nullable(),
  employeeCodeRequired: z.boolean(),
});
export type MyFirstResponder = z.infer<typeof MyFirstResponder>;

/**
 * The volunteer's form (spec: CertificateExpiryDate, HaveBLS, the file, the employee code for the red-crescent
 * client). Fields may be missing: the domain answers GenericFillFormError or CertificateExpiryInvalid.
 */
export const FirstResponderForm = strictBody('FirstResponderForm', {
  certificateExpiryDate: P.isoDate(P.DATES.expiry).nullable().optional(),
  hasBls: z.boolean().nullable().optional(),
  fileId: P.uuid().nullable().optional(),
  employeeCode: P.text(EMPLOYEE_CODE_MAX).nullable().optional(),
});
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

export const FirstRespondersPage = GridPage(FirstResponderRow).meta({ id: 'FirstRespondersPage' });
export type FirstRespondersPage = z.infer<typeof FirstRespondersPage>;

export const FirstResponderRejection = reasonBody('FirstResponderRejection', REJECT_REASON_MAX);
export type FirstResponderRejection = z.input<typeof FirstResponderRejection>;

const ByVolunteer = z.object({ volunteerId: P.uuid() });
const responders = endpoints('first responders');

// The volunteer's own request (spec: GET registration/{id} or /0, POST requestResponder, updateRequestResponder).
export const myFirstResponder = responders.get('/api/me/first-responder', {
  permission: mine('myfirstresponder', 'View'),
  query: AfterQuery,
  response: MyFirstResponder,
});
/** The form sent, to request or to update. */
const SendForm = { body: FirstResponderForm, response: CommandAccepted, permission: mine('myfirstresponder', 'Edit') };
export const requestFirstResponder = responders.post('/api/me/first-responder', SendForm);
export const updateFirstResponder = responders.post('/api/me/first-responder/update', SendForm);

// The responder admin: the requests, approved and rejected lists, and the decisions.
export const firstResponders = responders.get('/api/first-responders', {
  permission: staff('firstresponder', 'View'),
  query: FirstRespondersQuery,
  response: FirstRespondersPage,
});
/** A decision on one volunteer's request. */
const decide = <const A extends string>(action: A) =>
  responders.post(`/api/first-responders/:volunteerId/${action}`, {
    permission: staff('firstresponder', 'Approve'),
    params: ByVolunteer,
    response: CommandAccepted,
  });
export const approveFirstResponder = decide('approve');
export const rejectFirstResponder = { ...decide('reject'), body: FirstResponderRejection };
/** Spec: "Rejection can be undone, moving back to requests." */
export const undoFirstResponderRejection = decide('undo-rejection');
