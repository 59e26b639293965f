import { randomUUID } from 'node:crypto';
import type { CommandContext } from '../../commands/handle.ts';
import type { OpportunityDetails } from '../../domain/opportunity/rules.ts';
import { completeForm } from '../../domain/registration/fixtures.ts';
import type { RegistrationForm } from '../../domain/registration/form.ts';

/** A command's context in a test: a fresh command id each time, MOH, no actor unless given. */
export const testContext = (over: Partial<CommandContext> = {}): CommandContext => ({
  actorId: null,
  actorRole: null,
  correlationId: 'test',
  clientCode: 'MOH',
  commandId: randomUUID(),
  now: new Date(),
  ...over,
});

/** An ISO day n days from today. */
export const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

let seq = 0;
/** A complete registration whose user name, e-mail, mobile and id number no other call of this process repeats. */
export function uniqueRegistrationForm(prefix: string): RegistrationForm {
  seq++;
  const n = String(seq).padStart(4, '0');
  const r = String(Date.now() % 1e4).padStart(4, '0');
  return completeForm({
    userName: `${prefix}_${n}_${r}`,
    email: `${prefix}${n}.${r}@example.org`,
    mobile: `05${r}${n}`,
    idNumber: `10${r}${n}`,
  });
}

/** An event open to all, five to nine days from now, with room for 100 invitations. */
export const opportunityDetails = (over: Partial<OpportunityDetails> = {}): OpportunityDetails => ({
  code: `EV-${randomUUID().slice(0, 4)}`,
  nameAr: 'فعالية',
  nameEn: 'Event',
  leadName: 'Lead',
  leadMobile: '0551234567',
  leadEmail: 'lead@example.org',
  visibility: 0,
  regionIds: [],
  cityIds: [],
  maxInvitations: 100,
  maxContributions: 10,
  startDate: inDays(5),
  endDate: inDays(9),
  gender: 3,
  timePeriod: 3,
  volunteeringDays: [0, 1, 2, 3, 4],
  attendanceType: 1,
  maxHours: 8,
  ...over,
});
