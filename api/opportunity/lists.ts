import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { LookupSnapshot } from '../../domain/lookups/snapshot.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import {
  calendarEvents,
  eventsPage,
  manageEventsPage,
  mapMarkers,
  pendingEvents,
  type Viewer,
} from '../../projections/opportunity/queries.ts';
import type { ReadModels } from '../../projections/read-models.ts';
import * as C from '../contracts/opportunity.ts';
import { type ApiDeps, readAfter } from '../http/deps.ts';
import { route } from '../http/route.ts';
import { staffEventScope } from '../http/scope.ts';

const DAY_MS = 86_400_000;

/** A calendar day ("2026-12-01") as UTC midnight, or null when it is not a real day. */
function parseDay(s: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = Date.UTC(y, mo - 1, d);
  const back = new Date(at);
  return back.getUTCFullYear() === y && back.getUTCMonth() === mo - 1 && back.getUTCDate() === d ? at : null;
}

/**
 * The calendar's range, both days included: real days, from not after to, at most CALENDAR_MAX_DAYS days (six weeks,
 * the most a month grid shows). Anything else is InvalidDate (422).
 */
export function calendarRange(from: string, to: string): { from: string; to: string } {
  const a = parseDay(from);
  if (a === null) throw new DomainError('InvalidDate', { field: 'from' });
  const b = parseDay(to);
  if (b === null) throw new DomainError('InvalidDate', { field: 'to' });
  if (b < a) throw new DomainError('InvalidDate', { field: 'to', reason: 'beforeFrom' });
  if ((b - a) / DAY_MS + 1 > C.CALENDAR_MAX_DAYS)
    throw new DomainError('InvalidDate', { field: 'to', maxDays: C.CALENDAR_MAX_DAYS });
  return { from, to };
}

/** One page of the events waiting for an approver (new, or a deletion to confirm), newest first, in the viewer's scope. */
export async function pendingOpportunities(
  db: Kysely<ReadModels>,
  viewer: Viewer,
  page: number,
  pageSize: number,
  lookups: LookupSnapshot,
): Promise<C.PendingOpportunities> {
  return pendingEvents(db, await staffEventScope(db, viewer, lookups), page, pageSize);
}

/** The events lists: public and private list, calendar, map, and the approvers' pending list. */
export function opportunityListRoutes(app: FastifyInstance, deps: ApiDeps) {
  route(app, C.listOpportunities, {}, async (req) => {
    await readAfter(req, deps, ['opportunities']);
    const { scope, pageSize, ...q } = req.query;
    let volunteerId: string | undefined;
    if (scope === 'private') {
      if (!req.session) throw new DomainError(req.sessionExpired ? 'SessionExpired' : 'YouMustLogIn');
      volunteerId = req.session.userId;
    }
    return eventsPage(deps.db, { ...q, volunteerId, pageSize: pageSize ?? C.PUBLIC_PAGE_SIZE });
  });

  route(app, C.opportunityCalendar, {}, async (req) => {
    const { from, to } = calendarRange(req.query.from, req.query.to);
    await readAfter(req, deps, ['opportunities']);
    return calendarEvents(deps.db, from, to, C.CALENDAR_MAX_EVENTS);
  });

  route(app, C.opportunityMap, {}, async (req) => {
    await readAfter(req, deps, ['opportunities']);
    const { after: _after, ...f } = req.query;
    return mapMarkers(deps.db, C.MAP_MARKERS, f);
  });

  // The staff's list of every event in their scope (403 for a role without the events screen).
  route(app, C.manageOpportunities, {}, async (req) => {
    await readAfter(req, deps, ['opportunities', 'users']);
    const scope = await staffEventScope(deps.db, req.session!, await deps.lookups.current());
    const { pageSize, after: _after, ...f } = req.query;
    return manageEventsPage(deps.db, scope, { ...f, pageSize: pageSize ?? 10 });
  });

  // Only a role that may approve events reaches it (403 otherwise).
  route(app, C.pendingOpportunities, {}, async (req) => {
    await readAfter(req, deps, ['opportunities', 'users']); // the scope comes from rm.users
    const lookups = await deps.lookups.current();
    return pendingOpportunities(deps.db, req.session!, req.query.page, req.query.pageSize, lookups);
  });
}
