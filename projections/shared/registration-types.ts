/** The events that move a volunteer's application from one status to another (what a read model of statuses follows). */
export const REGISTRATION_STATUS_TYPES = [
  'RegistrationDraftSaved',
  'RegistrationSubmitted',
  'RegistrationInitiallyAccepted',
  'RegistrationApproved',
  'RegistrationRejected',
  'RegistrationReturnedToSubmitted',
] as const;
