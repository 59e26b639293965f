import type { AfterQuery } from '../../../api/contracts/common.ts';
import type { CallInput, Endpoint } from '../../../api/contracts/endpoint.ts';
import { endpointQuery } from './endpointQuery.ts';
import { afterPosition } from './readYourWrites.ts';

/** A read whose only input is `after` (my certificates, my first-responder request, the lookups). */
type AfterOnly = Endpoint & { query: typeof AfterQuery; params?: undefined; body?: undefined };

/** The query of such a read: it passes this tab's latest position, so its answer includes what this tab wrote. */
export function readYourWritesQuery<const K extends readonly unknown[], E extends AfterOnly>(queryKey: K, e: E) {
  return endpointQuery(queryKey, e, () => ({ query: { after: afterPosition() } }) as CallInput<E>);
}
