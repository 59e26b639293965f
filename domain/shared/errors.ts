/**
 * The error catalogue. Keys come from the spec's error catalogue (sections 8 of both documents) wherever the spec
 * names one; the few infrastructure codes the spec does not name (session, CSRF, conflicts) are marked below.
 * The web app translates every key in Arabic and English (web/src/app/i18n).
 */
export const ErrorCodes = [
  // generic (spec)
  'GenericErrorMessage',
  'ErrorSavingData',
  'ErrorLoadingData',
  'NoRecordsFound',
  'InternalServerError',
  'AllFieldsRequired',
  // login (spec: LoginStatus outcomes and messages)
  'Error_ReqCredentials',
  'WrongCaptcha',
  'WrongInfo',
  'DeactivatedUser',
  'Locked',
  'InvalidNIC',
  'EmailVerification',
  // passwords (spec)
  'PasswordsNotMatched',
  'WeakPassword',
  'WrongOldPassword',
  'Error_WrongActivationLink',
  // duplicates (spec: "already exists for mobile, email, id, username")
  'UserNameAlreadyExists',
  'EmailAlreadyExists',
  'MobileAlreadyExists',
  'IdNumberAlreadyExists',
  // registration (spec section 5 and the catalogue; keys the spec does not name are descriptive)
  'InvalidIdNo',
  'EmployeeCodeNotMatched',
  'InvalidMobile',
  'InvalidEmail',
  'InvalidUserName',
  'InvalidAge',
  'InvalidDate',
  'InvalidIdType',
  'RegionNotAllowed',
  'AgreementRequired',
  'DuplicatesNotAllowed',
  'EmptyText',
  'FileTooLarge',
  'InvalidFileType',
  'RegistrationNotEditable',
  'AttachmentsLocked',
  'AppointmentInPast',
  'InitialAcceptIncomplete',
  'RejectReasonRequired',
  'InvalidRegistrationTransition',
  'NoteNotFound',
  // events ("opportunities" in code) and participation (spec catalogue, both documents)
  'InvalidEventDates',
  'EventStartTooSoon',
  'InvalidCount',
  'InvalidTargetRange',
  'EventLeadMobileRequired',
  'DeleteReasonRequired',
  'EventHasApprovedHours',
  'EventDatePassed',
  'EventNotApproved',
  'event_expired',
  'event_deleted',
  'InvalidEvent',
  'OtherEventAccepted',
  'ExceededApprovalLimit',
  'ErrorMessageConflictEventDate',
  'ApprovedInvitationCannotCancel',
  'Error_CheckEventStatus',
  'CancelBlockedByHours',
  'ReleaseRequiresHours',
  'ReleaseEventNotActive',
  'VolunteerAlreadyInvited',
  'InvitationExceededMax',
  'RestrictedInvitation',
  'NotAllowToJoinEvent',
  'VolunteerJoinedAnotherEvent',
  'YouMustLogIn',
  'YouMustBeVolunteer',
  'InvalidNICAccount',
  'UpdateRegistrationTitle',
  'HoursExceedDuration',
  'PreviousHoursPending',
  'InvalidHours',
  'InvalidStatusChange',
  'StartTimeRequired',
  'CheckInRequired',
  // authorisation (spec: 403 destroys the session)
  'Forbidden',
  'NotAuthorizedToAccept',
  // not in the spec's catalogue: infrastructure outcomes
  'Unauthorized',
  'SessionExpired',
  'CsrfRejected',
  'PasswordChangeRequired',
  'ConcurrencyConflict',
  'ValidationFailed',
  'NotFound',
  'TooManyRequests',
  'EmployeeDirectoryUnavailable',
  // national single sign-on and identity verification (issue 13; keys not named by the spec)
  'IdentityServiceUnavailable',
  'SsoUnavailable',
  'SsoFailed',
  'IdentityVerificationRequired',
  // not in the spec's catalogue: the bounds of the API's primitives (api/contracts/primitives.ts)
  'InvalidNumber',
  'InvalidText',
  'TextTooLong',
  'InvalidTime',
  // not in the spec's catalogue: the screens × roles permission matrix (domain/permissions)
  'UnknownRole',
  'UnknownScreen',
  'ActionNotOnScreen',
  'SuperAdminRightsProtected',
  // uploads: a source's quota of unattached anonymous uploads; a form naming a file its sender did not upload
  'UploadQuotaExceeded',
  'UnknownFile',
  // master data (spec: grid errors "already-exists"; "must deactivate child areas first"; keys not named)
  'LookupAlreadyExists',
  'LookupParentInvalid',
  'ChildAreasActive',
  /** Spec: an item in use cannot be deleted (deactivate it instead). */
  'cannot_delete_message',
  /** Not in the spec: a region's colour code is not #RRGGBB. */
  'InvalidColourCode',
  /** Not in the spec: a grid's batch save refused as a whole; details.rows holds one error per refused row. */
  'BatchRejected',
  // tickets (spec catalogue, both documents)
  'TicketTitleRequired',
  'TicketTypeRequired',
  'TicketDescriptionRequired',
  'EventisRequired',
  'ActionResponseRequired',
  'TicketActionRequired',
  'DuplicateTicketNotResolvedYet',
  // mail to subscribers (spec section 5 "Mail notification": PleasefillAllDetails, PleaseSelectSubscribers)
  'PleasefillAllDetails',
  'PleaseSelectSubscribers',
  // first responders (spec: GenericFillFormError; the expiry rule "from tomorrow to 2030-06-22" has no key of its own)
  'GenericFillFormError',
  'CertificateExpiryInvalid',
  // surveys (spec catalogue: publish errors, already participated, cannot participate, AnswerAllQuestions; the
  // publish errors' keys are not named by the spec)
  'AlreadyParticipated',
  'CannotParticipate',
  'AnswerAllQuestions',
  'SurveyPublishInProgress',
  'SurveyNoVolunteersMatch',
  'SurveyPublishFailed',
  'SurveySavedNotPublished',
  'InvalidSurveyTransition',
  // certificates, cards and post cards (spec: NoHoursFound; "certificate needs complete specialization data";
  // PostCardNameRequired)
  'NoHoursFound',
  'NoEventFound',
  'CertificateSpecializationIncomplete',
  'PostCardNameRequired',
  /** Not in the spec: a certificate's PDF was not rendered in time (the render job is still queued or failing). */
  'CertificateNotReady',
  // staff accounts (issue 9; the spec names no keys): a role outside 2–6, a department or area that is not active
  // master data, a city outside the authorised regions, an administrator deactivating herself, and a department
  // change whose events moved since the administrator confirmed their number
  'InvalidRole',
  'InvalidDepartment',
  'InvalidArea',
  'CannotDeactivateSelf',
  /** An administrator's action that needs an active account (a reset link) on a deactivated one. */
  'UserIsDeactivated',
  'DepartmentImpactChanged',
  // events' place and type (issue 11): a city outside the event's region, an event type that is not active master data
  'CityNotInRegion',
  'InvalidEventType',
  /** An Idempotency-Key already used for another kind of command. */
  'IdempotencyKeyReused',
  // content (issue 11; the spec names no keys): a link that is not http(s), a gallery over its 150 images, a
  // static page whose key already has its page
  'InvalidLink',
  'TooManyImages',
  'ContentAlreadyExists',
] as const;

export type ErrorCode = (typeof ErrorCodes)[number];

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;
  constructor(code: ErrorCode, details?: Record<string, unknown>) {
    super(code);
    this.name = 'DomainError';
    this.code = code;
    this.details = details;
  }
}

export function isDomainError(e: unknown): e is DomainError {
  return e instanceof DomainError;
}
