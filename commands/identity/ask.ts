import type { AskIdentity } from '../../domain/identity/check.ts';
import { type IdentityService, IdentityServiceUnavailableError } from './nic-service.ts';

/**
 * The identity service as a registration asks it (commands/registration takes this function, so that it needs no
 * import of the identity commands): the answer, or 'Unavailable' when the service cannot be asked.
 */
export function askIdentityService(nic: IdentityService): AskIdentity {
  return async (question) => {
    try {
      return await nic.verify(question);
    } catch (e) {
      if (e instanceof IdentityServiceUnavailableError) return 'Unavailable';
      throw e;
    }
  };
}
