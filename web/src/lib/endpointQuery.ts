import { queryOptions } from '@tanstack/react-query';
import type { CallInput, Endpoint } from '../../../api/contracts/endpoint.ts';
import { call } from './client.ts';

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
