import { practitionerDecider } from '../../domain/practitioner/decide.ts';
import { practitionerStream } from '../../domain/practitioner/events.ts';
import type { EventStore, Position } from '../event-store/port.ts';
import { type CommandContext, handleCommand } from '../handle.ts';
import type { LicenceRegistry } from './licence-registry.ts';

/**
 * Asks the register about a volunteer's CFHS number and records what it answers (nothing when the answer is the
 * last one's). A register that cannot be asked throws: the job that runs this is retried.
 */
export async function checkPractitionerLicence(
  store: EventStore,
  registry: LicenceRegistry,
  volunteerId: string,
  cfhsNumber: string,
  ctx: CommandContext,
): Promise<Position> {
  const answer = await registry.lookup(cfhsNumber);
  const r = await handleCommand(
    store,
    practitionerStream(volunteerId),
    practitionerDecider,
    { type: 'RecordLicenceCheck', cfhsNumber, answer },
    ctx,
  );
  return r.position;
}
