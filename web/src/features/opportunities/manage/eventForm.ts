import { type OpportunityDetails, validateOpportunity } from '../../../../../domain/opportunity/rules.ts';
import type { Issue } from '../../../../../domain/registration/rules.ts';
import type { ClientConfig } from '../../../../../domain/shared/clients.ts';

/** Spec: a gallery holds 150 images at most (the contract's limit too). */
export const MAX_GALLERY_IMAGES = 150;

/** The create form's values as the inputs hold them (text), turned into OpportunityDetails on submit. */
export interface EventFormValues {
  code: string;
  nameAr: string;
  nameEn: string;
  descriptionAr: string;
  descriptionEn: string;
  leadName: string;
  leadMobile: string;
  leadEmail: string;
  coordinatorMobile: string;
  visibility: string;
  regionIds: string[];
  cityIds: string[];
  maxInvitations: string;
  maxContributions: string;
  startDate: string;
  endDate: string;
  registrationStart: string;
  registrationEnd: string;
  gender: string;
  timePeriod: string;
  volunteeringDays: string[];
  attendanceType: string;
  categoryId: string;
  workFieldId: string;
  regionId: string;
  cityId: string;
  eventTypeId: string;
  trainingCompulsory: boolean;
  trainingHours: string;
  travelRequired: boolean;
  travelTime: string;
  costPerHour: string;
  maxHours: string;
  location: string;
  latitude: string;
  longitude: string;
  minTarget: string;
  maxTarget: string;
  conditionSkills: string;
  responsibilities: string;
  /** Stored file ids (uploaded as kind eventImage); '' for none. */
  mainImageFileId: string;
  galleryFileIds: string[];
}

export const EMPTY_EVENT: EventFormValues = {
  code: '',
  nameAr: '',
  nameEn: '',
  descriptionAr: '',
  descriptionEn: '',
  leadName: '',
  leadMobile: '',
  leadEmail: '',
  coordinatorMobile: '',
  visibility: '0',
  regionIds: [],
  cityIds: [],
  maxInvitations: '',
  maxContributions: '',
  startDate: '',
  endDate: '',
  registrationStart: '',
  registrationEnd: '',
  gender: '3',
  timePeriod: '3',
  volunteeringDays: [],
  attendanceType: '1',
  categoryId: '',
  workFieldId: '',
  regionId: '',
  cityId: '',
  eventTypeId: '',
  trainingCompulsory: false,
  trainingHours: '',
  travelRequired: false,
  travelTime: '',
  costPerHour: '',
  maxHours: '8',
  location: '',
  latitude: '',
  longitude: '',
  minTarget: '',
  maxTarget: '',
  conditionSkills: '',
  responsibilities: '',
  mainImageFileId: '',
  galleryFileIds: [],
};

const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));
const opt = (s: string) => (s.trim() === '' ? undefined : Number(s));
const text = (s: string) => (s.trim() === '' ? undefined : s.trim());
const lines = (s: string) => {
  const out = s
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return out.length ? out : undefined;
};

export function toDetails(v: EventFormValues): OpportunityDetails {
  const d: OpportunityDetails = {
    code: v.code.trim(),
    nameAr: v.nameAr.trim(),
    nameEn: v.nameEn.trim(),
    leadName: v.leadName.trim(),
    leadMobile: v.leadMobile.trim(),
    leadEmail: v.leadEmail.trim(),
    visibility: Number(v.visibility) as OpportunityDetails['visibility'],
    regionIds: v.regionIds.map(Number),
    cityIds: v.cityIds.map(Number),
    maxInvitations: num(v.maxInvitations),
    maxContributions: num(v.maxContributions),
    startDate: v.startDate,
    endDate: v.endDate,
    gender: Number(v.gender) as OpportunityDetails['gender'],
    timePeriod: Number(v.timePeriod) as OpportunityDetails['timePeriod'],
    volunteeringDays: v.volunteeringDays.map(Number).sort((a, b) => a - b),
    attendanceType: Number(v.attendanceType) as OpportunityDetails['attendanceType'],
    maxHours: num(v.maxHours),
    trainingCompulsory: v.trainingCompulsory,
    travelRequired: v.travelRequired,
  };
  const extra: Partial<OpportunityDetails> = {
    descriptionAr: text(v.descriptionAr),
    descriptionEn: text(v.descriptionEn),
    coordinatorMobile: text(v.coordinatorMobile),
    registrationStart: text(v.registrationStart),
    registrationEnd: text(v.registrationEnd),
    categoryId: opt(v.categoryId),
    workFieldId: opt(v.workFieldId),
    regionId: opt(v.regionId),
    cityId: opt(v.cityId),
    eventTypeId: opt(v.eventTypeId),
    trainingHours: opt(v.trainingHours),
    travelTime: text(v.travelTime),
    costPerHour: opt(v.costPerHour),
    location: text(v.location),
    latitude: opt(v.latitude),
    longitude: opt(v.longitude),
    minTarget: opt(v.minTarget),
    maxTarget: opt(v.maxTarget),
    conditionSkills: lines(v.conditionSkills),
    responsibilities: lines(v.responsibilities),
    mainImageFileId: text(v.mainImageFileId),
    galleryFileIds: v.galleryFileIds.length ? [...v.galleryFileIds] : undefined,
  };
  for (const [k, val] of Object.entries(extra))
    if (val !== undefined) (d as unknown as Record<string, unknown>)[k] = val;
  return d;
}

/** The server's rules (domain/opportunity/rules.ts) run in the browser, with the same codes, before sending. */
export function eventIssues(v: EventFormValues, client: ClientConfig, now: Date, creating = true): Issue[] {
  const d = toDetails(v);
  const issues = validateOpportunity(d, client, now, creating);
  // Numbers the inputs could not read count as invalid counts, as the server's schema would refuse them.
  for (const k of ['maxInvitations', 'maxContributions', 'maxHours'] as const)
    if (Number.isNaN(d[k]) && !issues.some((i) => i.path === k)) issues.push({ path: k, code: 'InvalidCount' });
  return issues;
}

/** The form's values from an event as GET /api/opportunities/:id answers it (for editing). */
export function fromDetails(d: Record<string, unknown>): EventFormValues {
  const str = (k: string) =>
    typeof d[k] === 'string' ? (d[k] as string) : typeof d[k] === 'number' ? String(d[k]) : '';
  const list = (k: string) => (Array.isArray(d[k]) ? (d[k] as unknown[]).map(String) : []);
  const bool = (k: string) => d[k] === true;
  return {
    ...EMPTY_EVENT,
    code: str('code'),
    nameAr: str('nameAr'),
    nameEn: str('nameEn'),
    descriptionAr: str('descriptionAr'),
    descriptionEn: str('descriptionEn'),
    leadName: str('leadName'),
    leadMobile: str('leadMobile'),
    leadEmail: str('leadEmail'),
    coordinatorMobile: str('coordinatorMobile'),
    visibility: str('visibility') || '0',
    regionIds: list('regionIds'),
    cityIds: list('cityIds'),
    maxInvitations: str('maxInvitations'),
    maxContributions: str('maxContributions'),
    startDate: str('startDate'),
    endDate: str('endDate'),
    registrationStart: str('registrationStart'),
    registrationEnd: str('registrationEnd'),
    gender: str('gender') || '3',
    timePeriod: str('timePeriod') || '3',
    volunteeringDays: list('volunteeringDays'),
    attendanceType: str('attendanceType') || '1',
    categoryId: str('categoryId'),
    workFieldId: str('workFieldId'),
    regionId: str('regionId'),
    cityId: str('cityId'),
    eventTypeId: str('eventTypeId'),
    trainingCompulsory: bool('trainingCompulsory'),
    trainingHours: str('trainingHours'),
    travelRequired: bool('travelRequired'),
    travelTime: str('travelTime'),
    costPerHour: str('costPerHour'),
    maxHours: str('maxHours'),
    location: str('location'),
    latitude: str('latitude'),
    longitude: str('longitude'),
    minTarget: str('minTarget'),
    maxTarget: str('maxTarget'),
    conditionSkills: list('conditionSkills').join('\n'),
    responsibilities: list('responsibilities').join('\n'),
    mainImageFileId: str('mainImageFileId'),
    galleryFileIds: list('galleryFileIds'),
  };
}
