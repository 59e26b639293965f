// The public surface of features/registration: other features import only what this file exports (architecture.test.ts).

export type { Lookup, Lookups } from './api.ts';
export { lookupsQuery } from './api.ts';
export { formatGregorian, formatHijriParts, hijriOf, hijriParts, localIsoDay } from './dates.ts';
export { lookupName } from './fields.tsx';
export { labelKeyOf } from './formState.ts';
export { Appointment } from './MyRegistrationPage.tsx';
export { ReferenceNumber } from './ReferenceNumber.tsx';
export { RegistrationSummary } from './RegistrationSummary.tsx';
export { StartRegistration } from './StartRegistration.tsx';
export { StatusBadge } from './StatusBadge.tsx';
