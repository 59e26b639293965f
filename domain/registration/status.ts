/** Registration status (spec section 4): 1 Draft, 2 Submitted, 3 Initially accepted, 5 Approved, 6 Rejected (4 unused). */
export const RegistrationStatus = {
  Draft: 1,
  Submitted: 2,
  InitiallyAccepted: 3,
  Approved: 5,
  Rejected: 6,
} as const;
export type RegistrationStatus = (typeof RegistrationStatus)[keyof typeof RegistrationStatus];
export const RegistrationStatuses: readonly RegistrationStatus[] = [1, 2, 3, 5, 6];
