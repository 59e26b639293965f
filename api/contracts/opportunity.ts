import { z } from 'zod';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const ids = z.array(z.number().int().min(0)).max(200);

/** An event's fields (spec: Event (admin)); the rules are domain/opportunity/rules.ts. */
export const OpportunityDetails = z
  .object({
    code: z.string().max(30),
    nameAr: z.string().max(200),
    nameEn: z.string().max(200),
    descriptionAr: z.string().max(4000).optional(),
    descriptionEn: z.string().max(4000).optional(),
    leadName: z.string().max(100),
    leadMobile: z.string().max(10),
    leadEmail: z.string().max(254),
    visibility: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
    regionIds: ids,
    cityIds: ids,
    maxInvitations: z.number().int(),
    maxContributions: z.number().int(),
    startDate: isoDate,
    endDate: isoDate,
    registrationStart: isoDate.optional(),
    registrationEnd: isoDate.optional(),
    gender: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    timePeriod: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    volunteeringDays: z.array(z.number().int()).max(7),
    attendanceType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    categoryId: z.number().int().optional(),
    workFieldId: z.number().int().optional(),
    workFieldGroupId: z.number().int().optional(),
    trainingCompulsory: z.boolean().optional(),
    trainingHours: z.number().min(0).max(1000).optional(),
    travelRequired: z.boolean().optional(),
    travelTime: z.string().max(50).optional(),
    coordinatorMobile: z.string().max(10).optional(),
    costPerHour: z.number().min(0).optional(),
    maxHours: z.number(),
    location: z.string().max(300).optional(),
    latitude: z.number().optional(),
    longitude: z.number().optional(),
    minTarget: z.number().int().optional(),
    maxTarget: z.number().int().optional(),
    mainImageFileId: z.string().max(100).optional(),
    galleryFileIds: z.array(z.string().max(100)).max(150).optional(),
    conditionSkills: z.array(z.string().max(300)).max(50).optional(),
    responsibilities: z.array(z.string().max(300)).max(50).optional(),
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

export const HoursEntryBody = z.object({
  hours: z.number(),
  casesHandled: z.number().int(),
  checkIn: z.string().max(40),
  checkOut: z.string().max(40),
  rating: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
  review: z.string().max(2000),
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
