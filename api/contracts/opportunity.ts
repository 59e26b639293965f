import { z } from 'zod';
import * as P from './primitives.ts';

// Every field bounded (api/contracts/primitives.ts): lengths, int4 ids and counts, real days within the spec's range.
const ids = z.array(P.id).max(200);
const fileId = P.token(100);

/** An event's fields (spec: Event (admin)); the rules are domain/opportunity/rules.ts. */
export const OpportunityDetails = z
  .object({
    code: P.text(30),
    nameAr: P.text(200),
    nameEn: P.text(200),
    descriptionAr: P.longText(4000).optional(),
    descriptionEn: P.longText(4000).optional(),
    leadName: P.text(100),
    leadMobile: P.text(10),
    leadEmail: P.text(254),
    visibility: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
    regionIds: ids,
    cityIds: ids,
    maxInvitations: P.count(),
    maxContributions: P.count(),
    startDate: P.isoDate(),
    endDate: P.isoDate(),
    registrationStart: P.isoDate().optional(),
    registrationEnd: P.isoDate().optional(),
    gender: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    timePeriod: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    volunteeringDays: z.array(P.int(0, 6)).max(7),
    attendanceType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    categoryId: P.id.optional(),
    workFieldId: P.id.optional(),
    workFieldGroupId: P.id.optional(),
    trainingCompulsory: z.boolean().optional(),
    trainingHours: P.decimal(0, 1000).optional(),
    travelRequired: z.boolean().optional(),
    travelTime: P.text(50).optional(),
    coordinatorMobile: P.text(10).optional(),
    costPerHour: P.decimal(0, 1_000_000).optional(),
    /** Hours a day a volunteer may log at most. */
    maxHours: P.decimal(0, 24),
    location: P.text(300).optional(),
    latitude: P.decimal(-90, 90).optional(),
    longitude: P.decimal(-180, 180).optional(),
    minTarget: P.int(0).optional(),
    maxTarget: P.int(0).optional(),
    mainImageFileId: fileId.optional(),
    galleryFileIds: z.array(fileId).max(150).optional(),
    conditionSkills: z.array(P.text(300)).max(50).optional(),
    responsibilities: z.array(P.text(300)).max(50).optional(),
  })
  .meta({ id: 'OpportunityDetails' });

export const OpportunityListItem = z.object({
  id: z.string(),
  code: z.string(),
  nameAr: z.string(),
  nameEn: z.string(),
  status: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  attendanceType: z.number(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  seatsTaken: z.number(),
  maxContributions: z.number(),
});

/** A day's hours: at most 24 of them, check-in and check-out strict timestamps (the domain checks them against the event). */
export const HoursEntryBody = z.object({
  hours: P.decimal(0, 24),
  casesHandled: P.int(0, 100_000),
  checkIn: P.timestamp(),
  checkOut: P.timestamp(),
  rating: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
  review: P.longText(2000),
});

export const MyParticipation = z.object({
  opportunityId: z.string(),
  nameAr: z.string(),
  nameEn: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.number(),
  approvedHours: z.number(),
  pendingHours: z.number(),
});

/** GET /api/opportunities/calendar: the public events overlapping a range of at most 42 days, at most 500 of them. */
export const CALENDAR_MAX_DAYS = 42;
export const CALENDAR_MAX_EVENTS = 500;
export const CalendarEvent = OpportunityListItem.pick({
  id: true,
  code: true,
  nameAr: true,
  nameEn: true,
  status: true,
  startDate: true,
  endDate: true,
  attendanceType: true,
});
export const OpportunityCalendar = z.object({
  rows: z.array(CalendarEvent),
  /** More than CALENDAR_MAX_EVENTS events overlap the range: only the first (by start date) are listed. */
  truncated: z.boolean(),
});

/** GET /api/opportunities/pending: events waiting for an approver (a new event, or a deletion), newest first. */
export const PendingOpportunity = z.object({
  id: z.string(),
  code: z.string(),
  nameAr: z.string(),
  nameEn: z.string(),
  status: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  approval: z.enum(['pending', 'pendingDelete']),
  createdAt: z.string(),
});
export const PendingOpportunities = z.object({ rows: z.array(PendingOpportunity), total: z.number() });
