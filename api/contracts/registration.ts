import { z } from 'zod';
import {
  Actor,
  AfterQuery,
  AreaFilters,
  CategoryLevels,
  CommandAccepted,
  DaysFilters,
  GridPage,
  IdParams,
  named,
  PagedQuery,
  PositionText,
} from './common.ts';
import { endpoints, type Parts, type Permission, staff } from './endpoint.ts';
import * as P from './primitives.ts';
import { CaptchaField } from './recovery.ts';

// Shapes only (types, lengths, enumerations). The business rules (section 5) live in domain/registration/rules.ts,
// which the form imports too, so both sides give the same catalogue codes.
// Every field bounded (api/contracts/primitives.ts): lengths, clean text, int4 ids, real days within the spec's range.
const text = (max = 200) => P.text(max);
const longText = (max: number) => P.longText(max);
const id = P.id;
const isoDate = P.isoDate();
const fileId = P.token(100);

export const RegistrationForm = z
  .object({
    personal: z
      .object({
        title: z.union([z.literal(1), z.literal(2), z.literal(3)]),
        firstNameAr: text(50),
        secondNameAr: text(50),
        thirdNameAr: text(50),
        lastNameAr: text(50),
        firstNameEn: text(50),
        secondNameEn: text(50),
        thirdNameEn: text(50),
        lastNameEn: text(50),
        gender: z.union([z.literal(1), z.literal(2)]),
        maritalStatus: z.union([z.literal(1), z.literal(2)]),
        birthDate: P.calendarDate(),
        jobRoleType: P.int(1, 7),
        universityYear: P.int(1, 7),
        childrenCount: P.int(0, 30),
        isSpecialNeeds: z.boolean(),
        specialNeedsDetails: longText(500),
        preferredTime: z.union([z.literal(1), z.literal(2), z.literal(3)]),
        preferredDays: z.array(P.int(0, 6)).max(7),
      })
      .partial(),
    identity: z
      .object({
        nationalityId: id,
        idType: z.union([z.literal(0), z.literal(1)]),
        idNumber: text(20),
        idExpiryDate: P.calendarDate(P.DATES.expiry),
        passportNo: text(20),
        passportExpDate: P.isoDate(P.DATES.expiry),
        passportIssueCountryId: id,
      })
      .partial(),
    address: z
      .object({
        regionId: id,
        cityId: id,
        district: text(100),
        street: text(100),
        buildingNo: text(10),
        postalCode: text(10),
        extraNumber: text(10),
      })
      .partial(),
    medical: z
      .object({
        bloodGroup: z.enum(['A+', 'A-', 'B+', 'B-', 'O+', 'O-', 'AB+', 'AB-']),
        geneticDiseasesExist: z.boolean(),
        geneticDiseases: longText(500),
        contactedCovidStatus: P.int(0, 10),
      })
      .partial(),
    specialities: z
      .object({
        professionId: id,
        ...CategoryLevels(id),
        experienceLevelId: id,
        preferredWorkFields: z.array(id).max(50),
        preferredWorkCities: z.array(id).max(50),
      })
      .partial(),
    user: z
      .object({
        userName: text(50),
        email: text(254),
        mobile: text(10),
        password: text(200),
        confirmPassword: text(200),
      })
      .partial(),
    emergencyContacts: z.array(z.object({ relationId: id, name: text(100), mobile: text(10) }).partial()).max(10),
    graduationCertificates: z.array(z.object({ certificateFieldId: id, issueDate: isoDate, fileId }).partial()).max(20),
    expertises: z
      .array(z.object({ title: text(200), isCurrentJob: z.boolean(), letterFileId: fileId }).partial())
      .max(20),
    trainings: z.array(z.object({ name: text(200), startDate: isoDate, endDate: isoDate, fileId }).partial()).max(50),
    volunteerCertificates: z.array(z.object({ name: text(200), fileId }).partial()).max(50),
    languages: z.array(z.object({ languageId: id, proficiency: P.int(1, 5) }).partial()).max(20),
    skills: z.array(id).max(100),
    volunteerWorks: z.array(z.object({ description: longText(1000), fileId }).partial()).max(50),
    otherAttachments: z.array(z.object({ name: text(200), description: longText(1000), fileId }).partial()).max(20),
    practitioner: z
      .object({
        cfhsNumber: text(30),
        cfhsIssueDate: isoDate,
        cfhsExpiryDate: P.isoDate(P.DATES.expiry),
        cfhsStatusId: P.int(1, 9),
        fileId,
      })
      .partial(),
    employee: z.object({ isEmployee: z.boolean(), employeeCode: text(30), teamId: id }).partial(),
    photoFileId: fileId,
    idFileId: fileId,
    agreement: z.boolean(),
  })
  .partial()
  .meta({ id: 'RegistrationForm' });
export type RegistrationFormBody = z.infer<typeof RegistrationForm>;

/** Save as draft (submit false → status 1) or submit (true → status 2). */
export const SaveRegistrationRequest = named('SaveRegistrationRequest', {
  form: RegistrationForm,
  submit: z.boolean(),
  /** The solved captcha, where the captcha is on (a visitor's registration; the volunteer's own edit needs none). */
  captcha: CaptchaField,
});

export const SaveRegistrationResponse = named('SaveRegistrationResponse', {
  volunteerId: z.string(),
  status: z.number().int(),
  referenceNumber: z.string().nullable(),
  /** True when an e-mail verification link was sent (spec: HasEmailVerification). */
  hasEmailVerification: z.boolean(),
  /** The practitioners' course (spec: Course_URL): final acceptance after the course, within 24 hours. */
  courseUrl: z.string().nullable(),
  position: PositionText,
});
export type SaveRegistrationResponse = z.infer<typeof SaveRegistrationResponse>;

/** A practitioner's licence as the register answered for the CFHS number (status 1–9, expiry applied when read). */
export const PractitionerInfo = named('PractitionerInfo', {
  cfhsNumber: z.string(),
  statusId: z.number().int(),
  ...P.bilingual('classification', 'nullable'),
  licenceExpiryDate: z.string().nullable(),
  checkedAt: z.string().nullable(),
});
export type PractitionerInfo = z.infer<typeof PractitionerInfo>;

export const RegistrationStatusCode = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(5), z.literal(6)]);

export const RegistrationDetail = named('RegistrationDetail', {
  volunteerId: z.string(),
  status: RegistrationStatusCode,
  referenceNumber: z.string().nullable(),
  form: RegistrationForm,
  appointment: z
    .object({ at: z.string(), location: z.string(), reviewerId: z.string(), reviewerName: z.string() })
    .nullable(),
  rejectReason: z.string().nullable(),
  notes: z.array(z.object({ noteId: z.string(), note: z.string(), at: z.string() })),
  /** The licence check of the CFHS number (null: no number, or not checked yet). */
  practitioner: PractitionerInfo.nullable(),
});
export type RegistrationDetail = z.infer<typeof RegistrationDetail>;

export const InitialAcceptRequest = z.object({
  appointmentAt: P.timestamp(),
  location: text(200),
  reviewerId: P.uuid(),
});
export const RejectRequest = z.object({ reason: longText(1000) });
export const AddNoteRequest = z.object({ note: longText(2000) });

export const HistoryEntry = named('HistoryEntry', {
  at: z.string(),
  actor: Actor,
  /** The event type, e.g. RegistrationSubmitted: the web app translates it. */
  action: z.string(),
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  /** The request that made the change (its x-request-id), when it came through one. */
  correlationId: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

export const EmployeeCodeCheck = z.object({ employeeCode: P.text(30).trim().min(1), idNumber: P.text(20).trim() });
export const EmailVerificationRequest = z.object({ token: P.token(200) });
/** "100" confirmed, "400" expired (a new link is mailed), "200" already verified. */
export const EmailVerificationResult = z.object({ result: z.enum(['100', '200', '400']), position: z.string() });
export type EmailVerificationResult = z.infer<typeof EmailVerificationResult>;

/** GET /api/registrations: the review grid's filters, sort and page. */
export const RegistrationGridQuery = PagedQuery.extend({
  status: P.queryOneOf([1, 2, 3, 5, 6]).default(2),
  sort: z.enum(['submittedAt', 'updatedAt', 'nameAr', 'nameEn', 'referenceNumber']).default('submittedAt'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  name: P.text(100).optional(),
  idNumber: P.text(20).optional(),
  mobile: P.text(10).optional(),
  ...AreaFilters,
  ...DaysFilters,
});
export type RegistrationGridQuery = z.output<typeof RegistrationGridQuery>;

export const RegistrationGridRow = named('RegistrationGridRow', {
  volunteerId: z.string(),
  referenceNumber: z.string().nullable(),
  status: z.number(),
  ...P.bilingual('name'),
  idNumber: z.string().nullable(),
  mobile: z.string().nullable(),
  regionId: z.number().nullable(),
  cityId: z.number().nullable(),
  submittedAt: z.string().nullable(),
  appointmentAt: z.string().nullable(),
  practitioner: PractitionerInfo.nullable(),
});
export type RegistrationGridRow = z.infer<typeof RegistrationGridRow>;
export const RegistrationGridPage = GridPage(RegistrationGridRow);
export type RegistrationGridPage = z.infer<typeof RegistrationGridPage>;

const registration = endpoints('registration');
/** The reviewers' guard; an acceptance refuses with NotAuthorizedToAccept (spec). */
const reviewer = staff('registrationadmin', 'Approve');
const accepter = { ...reviewer, code: 'NotAuthorizedToAccept' } as const;
/** A reviewer's command on one application: POST /api/registrations/:id/<action> (with `more`: its body), answered with the position. */
const onApplication = <
  const A extends string,
  const G extends Permission,
  const M extends Partial<Parts> = Record<never, never>,
>(
  action: A,
  permission: G,
  more: M = {} as M,
) =>
  registration.post(`/api/registrations/:id/${action}`, {
    permission,
    params: IdParams,
    ...more,
    response: CommandAccepted,
  });
/** A save of the form (a visitor's registration, the volunteer's own edit): the form in, the saved application out. */
const Saving = { body: SaveRegistrationRequest, response: SaveRegistrationResponse };

/** A visitor registers (anonymous; CSRF by the double-submit cookie). */
export const register = registration.post('/api/registrations', { ...Saving, status: 201, errors: [409, 422] });

/** The form checks an employee number as soon as it is entered (spec: ValidateEmployeeCode); submit checks again. */
export const checkEmployeeCode = registration.post('/api/registrations/employee-code/check', {
  body: EmployeeCodeCheck,
  response: z.object({ valid: z.literal(true) }),
  errors: [422, 503],
});

/** The link mailed at registration. */
export const verifyEmail = registration.post('/api/email-verification', {
  body: EmailVerificationRequest,
  response: EmailVerificationResult,
  errors: [422],
});

/** The signed-in user's own application. */
export const myRegistration = registration.get('/api/registrations/me', {
  query: AfterQuery,
  response: RegistrationDetail,
});

/** The volunteer edits (or submits) her own application. */
export const updateMyRegistration = registration.put('/api/registrations/me', { ...Saving, errors: [409, 422] });

/** The review grid (registration staff, within their regions and cities). */
export const listRegistrations = registration.get('/api/registrations', {
  permission: staff('registrationadmin', 'View'),
  query: RegistrationGridQuery,
  response: RegistrationGridPage,
});

export const getRegistration = registration.get('/api/registrations/:id', {
  permission: staff('registrationadmin', 'View'),
  params: IdParams,
  query: AfterQuery,
  response: RegistrationDetail,
});

/** The history tab: the application's events themselves, so it is never stale. */
export const registrationHistory = registration.get('/api/registrations/:id/history', {
  permission: staff('registrationadmin', 'View'),
  params: IdParams,
  response: z.array(HistoryEntry),
});

export const initialAccept = onApplication('initial-accept', accepter, { body: InitialAcceptRequest });
export const approve = onApplication('approve', accepter);
export const reject = onApplication('reject', reviewer, { body: RejectRequest });
export const returnToSubmitted = onApplication('return-to-submitted', reviewer);
export const addNote = onApplication('notes', reviewer, { body: AddNoteRequest });
export const removeNote = registration.post('/api/registrations/:id/notes/:noteId/remove', {
  permission: reviewer,
  params: IdParams.extend({ noteId: P.token(40) }),
  response: CommandAccepted,
});
