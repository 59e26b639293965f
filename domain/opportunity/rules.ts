import type { LookupSnapshot } from '../lookups/snapshot.ts';
import {
  DATE_PICKER_MAX,
  DATE_PICKER_MIN,
  type Issue,
  isBlank,
  isIsoDate,
  isValidEmail,
} from '../registration/rules.ts';
import { isCount, isInt4Id } from '../shared/bounds.ts';
import type { ClientConfig } from '../shared/clients.ts';
import { day } from '../shared/days.ts';
import type { ErrorCode } from '../shared/errors.ts';

/** Spec (both documents, section 9): an event starts at least 3 days after it is created. */
export const MIN_DAYS_BEFORE_START = 3;

/** Event status (spec): 0 upcoming, 2 active (today's events for the giga-project client), 3 closed, 4 deleted. */
export const OpportunityStatus = { Upcoming: 0, Active: 2, Closed: 3, Deleted: 4 } as const;
export type OpportunityStatus = (typeof OpportunityStatus)[keyof typeof OpportunityStatus];
/** Approval (spec): pending, approved, rejected; and pending delete while a deletion awaits approval. */
export type Approval = 'pending' | 'approved' | 'rejected' | 'pendingDelete';
/** Visibility (spec): 0 open to all, 1 selected regions, 2 selected cities, 3 invited volunteers only. */
export const Visibility = { All: 0, Regions: 1, Cities: 2, InvitedOnly: 3 } as const;
export type Visibility = (typeof Visibility)[keyof typeof Visibility];

/**
 * Who an event of each visibility is open to (spec: join rules and the private events list): everyone, the
 * volunteers of its regions, of its cities, or those invited to it. The join check (isOpenTo) and the events lists'
 * conditions (projections/opportunity/queries.ts) both read this one table.
 */
export const AUDIENCE = {
  [Visibility.All]: 'everyone',
  [Visibility.Regions]: 'region',
  [Visibility.Cities]: 'city',
  [Visibility.InvitedOnly]: 'invited',
} as const satisfies Record<Visibility, string>;
export type Audience = (typeof AUDIENCE)[Visibility];

/** Where a volunteer stands: her registration's region and city, and whether she was invited to the event. */
export interface Audiencee {
  regionId: number | null;
  cityId: number | null;
  invited: boolean;
}

/** Whether an event (its visibility and areas) is open to this volunteer. */
export function isOpenTo(
  event: { visibility: number; regionIds: readonly number[]; cityIds: readonly number[] },
  who: Audiencee,
): boolean {
  const audience = AUDIENCE[event.visibility as Visibility] as Audience | undefined;
  switch (audience) {
    case 'everyone':
      return true;
    case 'region':
      return who.regionId !== null && event.regionIds.includes(who.regionId);
    case 'city':
      return who.cityId !== null && event.cityIds.includes(who.cityId);
    case 'invited':
      return who.invited;
    default:
      return false;
  }
}

export interface OpportunityDetails {
  code: string;
  nameAr: string;
  nameEn: string;
  descriptionAr?: string;
  descriptionEn?: string;
  leadName: string;
  leadMobile: string;
  leadEmail: string;
  visibility: Visibility;
  regionIds: number[];
  cityIds: number[];
  maxInvitations: number;
  maxContributions: number;
  /** ISO days, inclusive. */
  startDate: string;
  endDate: string;
  registrationStart?: string;
  registrationEnd?: string;
  /** 1 males only, 2 females only, 3 both */
  gender: 1 | 2 | 3;
  /** 1 morning, 2 evening, 3 both */
  timePeriod: 1 | 2 | 3;
  /** Day ids, Sunday 0 … Saturday 6 */
  volunteeringDays: number[];
  /** 1 inside facility, 2 outside facility, 3 remote */
  attendanceType: 1 | 2 | 3;
  categoryId?: number;
  workFieldId?: number;
  workFieldGroupId?: number;
  /** Where the event takes place (issue 11): a region, a city of it, and the event type (master data). Old events lack them. */
  regionId?: number;
  cityId?: number;
  eventTypeId?: number;
  trainingCompulsory?: boolean;
  trainingHours?: number;
  travelRequired?: boolean;
  travelTime?: string;
  coordinatorMobile?: string;
  costPerHour?: number;
  /** Hours a day a volunteer may log at most. */
  maxHours: number;
  location?: string;
  latitude?: number;
  longitude?: number;
  minTarget?: number;
  maxTarget?: number;
  mainImageFileId?: string;
  galleryFileIds?: string[];
  conditionSkills?: string[];
  responsibilities?: string[];
}

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The create-event year allowance (spec: "applies to one client only"; the client table's
 * `createEventYearAllowance`, the red crescent's). The spec gives it no rule; our reading (docs/architecture.md,
 * "The create-event year allowance"): a client with the allowance may create an event that starts on any day of the
 * current calendar year (today, within the three days' lead, or already begun, such as a response under way), as long
 * as it has not ended. It only lifts the lead rule: an event that has ended is still refused, and the others' rules
 * stand unchanged.
 */
export function withinYearAllowance(client: ClientConfig, startDate: string, now: Date): boolean {
  return client.createEventYearAllowance && startDate.slice(0, 4) === isoDay(now).slice(0, 4);
}

/** Spec section 5 "Events". `creating` applies the creation-only rules (start ≥ today + 3 days, not expired). */
export function validateOpportunity(
  o: OpportunityDetails,
  client: ClientConfig,
  now: Date,
  creating: boolean,
): Issue[] {
  const issues: Issue[] = [];
  const add = (path: string, code: ErrorCode) => issues.push({ path, code });
  for (const k of ['code', 'nameAr', 'nameEn', 'leadName', 'leadEmail', 'startDate', 'endDate'] as const) {
    if (isBlank(o[k])) add(k, 'AllFieldsRequired');
  }
  if (isBlank(o.leadMobile)) add('leadMobile', 'EventLeadMobileRequired');
  else if (!/^05\d{8}$/.test(o.leadMobile)) add('leadMobile', 'InvalidMobile');
  if (!isBlank(o.leadEmail) && !isValidEmail(o.leadEmail)) add('leadEmail', 'InvalidEmail');
  if (
    client.companyEmailDomain &&
    !isBlank(o.leadEmail) &&
    !o.leadEmail.toLowerCase().endsWith(`@${client.companyEmailDomain}`)
  ) {
    add('leadEmail', 'InvalidEmail');
  }
  if (o.coordinatorMobile && !/^05\d{8}$/.test(o.coordinatorMobile)) add('coordinatorMobile', 'InvalidMobile');
  // Capacities and targets land in int4 columns: whole, positive (targets may be 0) and within int4.
  if (!isCount(o.maxInvitations)) add('maxInvitations', 'InvalidCount');
  if (!isCount(o.maxContributions)) add('maxContributions', 'InvalidCount');
  if (!(o.maxHours > 0 && o.maxHours <= 24)) add('maxHours', 'InvalidCount');
  for (const k of ['minTarget', 'maxTarget'] as const) {
    if (o[k] !== undefined && !isInt4Id(o[k])) add(k, 'InvalidCount');
  }
  if (o.minTarget !== undefined && o.maxTarget !== undefined && !(o.minTarget < o.maxTarget))
    add('minTarget', 'InvalidTargetRange');
  for (const k of ['regionIds', 'cityIds'] as const) {
    if (!o[k].every(isInt4Id)) add(k, 'InvalidNumber');
  }
  for (const k of ['categoryId', 'workFieldId', 'workFieldGroupId', 'regionId', 'cityId', 'eventTypeId'] as const) {
    if (o[k] !== undefined && !isInt4Id(o[k])) add(k, 'InvalidNumber');
  }
  if (o.visibility === Visibility.Regions && o.regionIds.length === 0) add('regionIds', 'AllFieldsRequired');
  if (o.visibility === Visibility.Cities && o.cityIds.length === 0) add('cityIds', 'AllFieldsRequired');
  if (o.volunteeringDays.some((d) => !Number.isInteger(d) || d < 0 || d > 6))
    add('volunteeringDays', 'ValidationFailed');
  if (o.latitude !== undefined && !(o.latitude >= -90 && o.latitude <= 90)) add('latitude', 'ValidationFailed');
  if (o.longitude !== undefined && !(o.longitude >= -180 && o.longitude <= 180)) add('longitude', 'ValidationFailed');

  // Real days within the spec's date pickers (1950 to 2030-06-22); a day that is not real ends the date checks.
  let realDays = true;
  for (const k of ['startDate', 'endDate', 'registrationStart', 'registrationEnd'] as const) {
    const v = o[k];
    if (isBlank(v)) continue;
    if (!(isIsoDate(v) && v >= DATE_PICKER_MIN && v <= DATE_PICKER_MAX)) {
      add(k, 'InvalidDate');
      realDays = false;
    }
  }
  if (!realDays) return issues;

  const today = day(isoDay(now));
  if (!isBlank(o.startDate) && !isBlank(o.endDate)) {
    if (day(o.startDate) > day(o.endDate)) add('endDate', 'InvalidEventDates');
    if (day(o.endDate) < today) add('endDate', creating ? 'event_expired' : 'InvalidEventDates');
    if (
      creating &&
      day(o.startDate) < today + MIN_DAYS_BEFORE_START * DAY_MS &&
      !withinYearAllowance(client, o.startDate, now)
    )
      add('startDate', 'EventStartTooSoon');
  }
  if (o.registrationStart && o.registrationEnd && day(o.registrationStart) > day(o.registrationEnd))
    add('registrationEnd', 'InvalidEventDates');
  if (o.registrationEnd && o.endDate && day(o.registrationEnd) > day(o.endDate))
    add('registrationEnd', 'InvalidEventDates');
  return issues;
}

/** The status the dates give (spec: upcoming → active → closed, driven by dates by a scheduled job). */
export function statusByDates(startDate: string, endDate: string, now: Date): OpportunityStatus {
  const today = day(isoDay(now));
  if (today < day(startDate)) return OpportunityStatus.Upcoming;
  if (today <= day(endDate)) return OpportunityStatus.Active;
  return OpportunityStatus.Closed;
}

/** Inclusive day ranges overlap (spec: no two accepted events whose dates overlap). */
export function datesOverlap(
  a: { startDate: string; endDate: string },
  b: { startDate: string; endDate: string },
): boolean {
  return day(a.startDate) <= day(b.endDate) && day(b.startDate) <= day(a.endDate);
}

/**
 * The event's place and type against the master data (issue 11): the region and the city active lookups, the city one
 * of the region's, the event type an active `eventType`. Each field is optional; a city without a region is checked
 * alone.
 */
export function placeIssues(
  o: Pick<OpportunityDetails, 'regionId' | 'cityId' | 'eventTypeId'>,
  lookups: LookupSnapshot,
): Issue[] {
  const issues: Issue[] = [];
  if (o.regionId !== undefined && lookups.get('region', o.regionId)?.active !== true)
    issues.push({ path: 'regionId', code: 'InvalidArea' });
  if (o.cityId !== undefined) {
    const city = lookups.get('city', o.cityId);
    if (city?.active !== true) issues.push({ path: 'cityId', code: 'InvalidArea' });
    else if (o.regionId !== undefined && city.parentId !== o.regionId)
      issues.push({ path: 'cityId', code: 'CityNotInRegion' });
  }
  if (o.eventTypeId !== undefined && lookups.get('eventType', o.eventTypeId)?.active !== true)
    issues.push({ path: 'eventTypeId', code: 'InvalidEventType' });
  return issues;
}
