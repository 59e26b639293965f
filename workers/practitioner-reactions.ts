import { decode } from '../commands/event-store/decode.ts';
import type { EventStore } from '../commands/event-store/port.ts';
import { checkPractitionerLicence } from '../commands/practitioner/handlers.ts';
import type { LicenceRegistry } from '../commands/practitioner/licence-registry.ts';
import { CFHS_NUMBER_MAX } from '../domain/practitioner/licence.ts';
import { registrationEvents } from '../domain/registration/events.ts';
import type { ClientCode } from '../domain/shared/clients.ts';
import type { JobQueue } from './jobs/port.ts';
import { reactor } from './jobs/reactor.ts';

const REGISTRATION_PREFIX = 'registration-';

export interface LicenceCheckJob {
  volunteerId: string;
  cfhsNumber: string;
}

/**
 * A registration saved or submitted with a CFHS number has the number checked with the licensing register (a job:
 * the register is outside the portal, and a failed ask is retried). The check records the status 1–9, the
 * classification and the licence's expiry on the volunteer's practitioner stream.
 */
export function practitionerReactions(
  queue: JobQueue,
  store: EventStore,
  registry: LicenceRegistry,
  clientCode: ClientCode,
) {
  queue.handle('practitioner.check-licence', async (job) => {
    const p = job.payload as LicenceCheckJob;
    await checkPractitionerLicence(store, registry, p.volunteerId, p.cfhsNumber, {
      actorId: null,
      actorRole: null,
      correlationId: job.id,
      causationId: job.id,
      clientCode,
      commandId: job.id,
      now: new Date(),
    });
  });

  return reactor('reactions-practitioner', ['RegistrationDraftSaved', 'RegistrationSubmitted'], queue, (e) => {
    if (!e.streamId.startsWith(REGISTRATION_PREFIX)) return null;
    const ev = decode(registrationEvents, e);
    if (ev?.type !== 'RegistrationDraftSaved' && ev?.type !== 'RegistrationSubmitted') return null;
    const cfhsNumber = ev.data.form.practitioner?.cfhsNumber?.trim();
    if (!cfhsNumber || cfhsNumber.length > CFHS_NUMBER_MAX) return null;
    const payload: LicenceCheckJob = { volunteerId: e.streamId.slice(REGISTRATION_PREFIX.length), cfhsNumber };
    return { job: 'practitioner.check-licence', payload };
  });
}
