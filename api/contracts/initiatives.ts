import { z } from 'zod';
import {
  DESCRIPTION_MAX,
  DETAILS_MAX,
  INITIATIVE_STATUSES,
  LOCATION_MAX,
  NAME_MAX,
  REASON_MAX,
} from '../../domain/initiative/rules.ts';
import {
  CommandAccepted,
  CommandOnId,
  GridPage,
  MapPoint,
  named,
  PagedQuery,
  PositionText,
  ReadById,
  reasonBody,
  strictBody,
} from './common.ts';
import { endpoints, staff } from './endpoint.ts';
import { OpportunityDetails } from './opportunity.ts';
import * as P from './primitives.ts';

/** The spec's search filters (getEventInitiative): Code, Name, EventApprovedStatus, EventInitiativeYear; paged. */
export const InitiativesQuery = PagedQuery.extend({
  code: P.text(40).optional(),
  name: P.text(NAME_MAX).optional(),
  status: P.queryOneOf(INITIATIVE_STATUSES).optional(),
  year: P.queryInt(2000, 2100).optional(),
});
export type InitiativesQuery = z.input<typeof InitiativesQuery>;

export const InitiativeRow = named('InitiativeRow', {
  id: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  details: z.string(),
  regionId: z.number().int().nullable(),
  cityId: z.number().int().nullable(),
  location: z.string(),
  ...MapPoint,
  proposerId: z.string().nullable(),
  status: z.number().int(),
  eventId: z.string().nullable(),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
});
export type InitiativeRow = z.infer<typeof InitiativeRow>;

export const InitiativesPage = GridPage(InitiativeRow).meta({ id: 'InitiativesPage' });

/** A proposal (spec: Name, Description, Details, Location required): missing fields answer AllFieldsRequired. */
export const NewInitiative = strictBody('NewInitiative', {
  name: P.text(NAME_MAX).nullable().optional(),
  description: P.longText(DESCRIPTION_MAX).nullable().optional(),
  details: P.longText(DETAILS_MAX).nullable().optional(),
  regionId: P.id.nullable().optional(),
  cityId: P.id.nullable().optional(),
  location: P.text(LOCATION_MAX).nullable().optional(),
  latitude: P.decimal(-90, 90).nullable().optional(),
  longitude: P.decimal(-180, 180).nullable().optional(),
});
export type NewInitiative = z.input<typeof NewInitiative>;

export const InitiativeProposed = named('InitiativeProposed', {
  position: PositionText,
  initiativeId: z.string(),
  code: z.string(),
});

export const InitiativeRejection = reasonBody('InitiativeRejection', REASON_MAX);

const proposals = endpoints('initiatives');

// The proposer's own (spec: event initiative page).
export const myInitiatives = proposals.get('/api/me/initiatives', {
  permission: staff('initiatives', 'View'),
  query: InitiativesQuery,
  response: InitiativesPage,
});
export const proposeInitiative = proposals.post('/api/initiatives', {
  permission: staff('initiatives', 'Add'),
  body: NewInitiative,
  status: 201,
  response: InitiativeProposed,
});

// Managing them (spec: getEventInitiative, EventInitiative/manage).
const manage = staff('initiatives', 'Approve');
export const initiatives = proposals.get('/api/initiatives', {
  permission: manage,
  query: InitiativesQuery,
  response: InitiativesPage,
});
export const initiative = proposals.get('/api/initiatives/:id', {
  ...ReadById,
  response: InitiativeRow,
  permission: manage,
});
/** Approve (Received): the body is the draft event, completed by the approver from the proposal. */
export const approveInitiative = proposals.post('/api/initiatives/:id/approve', {
  ...CommandOnId,
  body: OpportunityDetails,
  response: CommandAccepted.extend({ eventId: z.string() }),
  permission: manage,
});
export const rejectInitiative = proposals.post('/api/initiatives/:id/reject', {
  ...CommandOnId,
  body: InitiativeRejection,
  permission: manage,
});
