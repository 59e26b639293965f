import type { z } from 'zod';
import type { AfterQuery } from '../../../api/contracts/common.ts';
import type { CallInput, Endpoint } from '../../../api/contracts/endpoint.ts';
import { endpointQuery } from './endpointQuery.ts';
import { afterPosition } from './readYourWrites.ts';

/** A read whose query is only `after`, and its path's params if it has any (my certificates, a registration by id). */
type AfterRead = Endpoint & { query: typeof AfterQuery; body?: undefined };

/** The params a read's path takes: none, or its params' values. */
type ParamsOf<E extends Endpoint> = E['params'] extends z.ZodType ? [params: z.input<E['params']>] : [];

/**
 * The query of such a read: it passes this tab's latest position, so its answer includes what this tab wrote.
 * `readYourWritesQuery(['review', 'detail', id], C.getRegistration, { id })`.
 */
export function readYourWritesQuery<const K extends readonly unknown[], E extends AfterRead>(
  queryKey: K,
  e: E,
  ...[params]: ParamsOf<E>
) {
  return endpointQuery(queryKey, e, () => ({ params, query: { after: afterPosition() } }) as CallInput<E>);
}
