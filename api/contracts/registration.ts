import { z } from 'zod';
import { Actor, PositionText } from './common.ts';

// Shapes only (types, lengths, enumerations). The business rules (section 5) live in domain/registration/rules.ts,
// which the form imports too, so both sides give the same catalogue codes.
const text = (max = 200) => z.string().max(max);
const id = z.number().int().min(0).max(1_000_000);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const CalendarDate = z.object({ calendar: z.enum(['gregorian', 'hijri']), value: isoDate });
const fileId = z.string().max(100);

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
        birthDate: CalendarDate,
        jobRoleType: z.number().int().min(1).max(7),
        universityYear: z.number().int().min(1).max(7),
        childrenCount: z.number().int().min(0).max(30),
        isSpecialNeeds: z.boolean(),
        specialNeedsDetails: text(500),
        preferredTime: z.union([z.literal(1), z.literal(2), z.literal(3)]),
        preferredDays: z.array(z.number().int().min(0).max(6)).max(7),
      })
      .partial(),
    identity: z
      .object({
        nationalityId: id,
        idType: z.union([z.literal(0), z.literal(1)]),
        idNumber: text(20),
        idExpiryDate: CalendarDate,
        passportNo: text(20),
        passportExpDate: isoDate,
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
        geneticDiseases: text(500),
        contactedCovidStatus: z.number().int().min(0).max(10),
      })
      .partial(),
    specialities: z
      .object({
        professionId: id,
        categoryId: id,
        subCategoryLevel1Id: id,
        subCategoryLevel2Id: id,
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
    languages: z.array(z.object({ languageId: id, proficiency: z.number().int().min(1).max(5) }).partial()).max(20),
    skills: z.array(id).max(100),
    volunteerWorks: z.array(z.object({ description: text(1000), fileId }).partial()).max(50),
    otherAttachments: z.array(z.object({ name: text(200), description: text(1000), fileId }).partial()).max(20),
    practitioner: z
      .object({
        cfhsNumber: text(30),
        cfhsIssueDate: isoDate,
        cfhsExpiryDate: isoDate,
        cfhsStatusId: z.number().int().min(1).max(9),
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
export const SaveRegistrationRequest = z
  .object({ form: RegistrationForm, submit: z.boolean() })
  .meta({ id: 'SaveRegistrationRequest' });

export const SaveRegistrationResponse = z
  .object({
    volunteerId: z.string(),
    status: z.number().int(),
    referenceNumber: z.string().nullable(),
    /** True when an e-mail verification link was sent (spec: HasEmailVerification). */
    hasEmailVerification: z.boolean(),
    position: PositionText,
  })
  .meta({ id: 'SaveRegistrationResponse' });
export type SaveRegistrationResponse = z.infer<typeof SaveRegistrationResponse>;

export const RegistrationStatusCode = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(5), z.literal(6)]);

export const RegistrationDetail = z
  .object({
    volunteerId: z.string(),
    status: RegistrationStatusCode,
    referenceNumber: z.string().nullable(),
    form: RegistrationForm,
    appointment: z
      .object({ at: z.string(), location: z.string(), reviewerId: z.string(), reviewerName: z.string() })
      .nullable(),
    rejectReason: z.string().nullable(),
    notes: z.array(z.object({ noteId: z.string(), note: z.string(), at: z.string() })),
  })
  .meta({ id: 'RegistrationDetail' });
export type RegistrationDetail = z.infer<typeof RegistrationDetail>;

export const InitialAcceptRequest = z.object({
  appointmentAt: z.string().max(40),
  location: text(200),
  reviewerId: z.string().max(40),
});
export const RejectRequest = z.object({ reason: text(1000) });
export const AddNoteRequest = z.object({ note: text(2000) });

export const HistoryEntry = z
  .object({
    at: z.string(),
    actor: Actor,
    /** The event type, e.g. RegistrationSubmitted: the web app translates it. */
    action: z.string(),
    changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  })
  .meta({ id: 'HistoryEntry' });
export type HistoryEntry = z.infer<typeof HistoryEntry>;
