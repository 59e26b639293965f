import { queryOptions } from '@tanstack/react-query';
import * as O from '../../../../api/contracts/opportunity.ts';
import { call } from '../../lib/client.ts';

/** Spec: the home lists 4 upcoming and 4 ongoing events (the public list's first page, cut to 4). */
export const HOME_EVENTS = 4;

export const homeEventsQuery = (status: 0 | 2) =>
  queryOptions({
    queryKey: ['events', 'home', status],
    queryFn: async ({ signal }) => {
      const page = await call(
        O.listOpportunities,
        { query: { page: '1', status: String(status), pageSize: '5' } },
        { signal },
      );
      return page.rows.slice(0, HOME_EVENTS);
    },
  });
