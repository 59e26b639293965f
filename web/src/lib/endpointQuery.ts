import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CallInput, Endpoint } from '../../../api/contracts/endpoint.ts';
import { call } from './client.ts';
import { afterPosition } from './readYourWrites.ts';

/**
 * A TanStack query that reads one endpoint: its cache key and the endpoint's input, made when the read runs (so a
 * read's `after` is the latest position this tab wrote), the request cancelled with the query. Add options by spreading:
 * `{ ...endpointQuery(key, C.x, () => input), staleTime }`.
 */
export function endpointQuery<const K extends readonly unknown[], E extends Endpoint>(
  queryKey: K,
  e: E,
  input: () => CallInput<E>,
) {
  return queryOptions({ queryKey, queryFn: ({ signal }) => call(e, input(), { signal }) });
}

/** An endpoint that reads one record by its id, asked as of a log position (`?after=`). */
export type RecordEndpoint = Endpoint & {
  params: z.ZodType<unknown, { id: string }>;
  query: z.ZodType<unknown, { after?: string | undefined }>;
};

/**
 * One record's read by its id, answered once the server's read models include this tab's latest write (the record a
 * page has just changed shows the change): `recordQuery(['tickets', 'one', id], C.myTicket, id)`.
 */
export function recordQuery<const K extends readonly unknown[], E extends RecordEndpoint>(
  queryKey: K,
  e: E,
  id: string,
) {
  // RecordEndpoint guarantees this input fits; TypeScript cannot resolve CallInput over a generic E.
  return endpointQuery(queryKey, e, () => ({ params: { id }, query: { after: afterPosition() } }) as CallInput<E>);
}
