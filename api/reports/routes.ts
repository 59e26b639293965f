import type { FastifyInstance } from 'fastify';
import { eventHistory } from '../../commands/reports/event-history.ts';
import { evaluate } from '../../domain/reports/evaluation.ts';
import { foldEventReport } from '../../domain/reports/event-report.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { namesOf } from '../../projections/account/queries.ts';
import {
  eventReportsPage,
  eventReportsSummary,
  opportunityIdsOfVolunteer,
  participantIdsOf,
} from '../../projections/reports/queries.ts';
import * as C from '../contracts/reports.ts';
import { type ApiDeps, readAfter } from '../http/deps.ts';
import { route } from '../http/route.ts';
import { staffEventScope, staffScope } from '../http/scope.ts';
import { assertReportInScope } from './scope.ts';

const READ_MODELS = ['event_reports'];
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Event reports (screen `statistics` View; staff see the events of their regions and cities) and the volunteer's own
 * dashboard. The list and the summary read the validity periods of rm.report_participants; one event's report and
 * the dashboard fold the events' streams from the log (domain/reports/event-report.ts), cut at `asOf`.
 */
export function reportRoutes(app: FastifyInstance, deps: ApiDeps) {
  const db = deps.db;
  const scopeOf = async (session: { userId: string; roleId: number }) =>
    staffEventScope(deps.db, session, await deps.lookups.current());

  route(app, C.eventReports, {}, async (req) => {
    await readAfter(req, deps, READ_MODELS);
    const { page, pageSize, search, status, from, to, asOf } = req.query;
    return eventReportsPage(db, await scopeOf(req.session!), { search, status, from, to, asOf }, page, pageSize);
  });

  route(app, C.eventReportsSummary, {}, async (req) => {
    await readAfter(req, deps, READ_MODELS);
    const { search, status, from, to, asOf } = req.query;
    return eventReportsSummary(db, await scopeOf(req.session!), { search, status, from, to, asOf });
  });

  route(app, C.eventReport, {}, async (req) => {
    await readAfter(req, deps, READ_MODELS);
    const id = req.params.id;
    const asOf = req.query.asOf ?? null;
    const history = await eventHistory(deps.store, id, await participantIdsOf(db, id));
    if (history.opportunity.length === 0) throw new DomainError('NotFound');
    assertReportInScope(await staffScope(deps, req.session!), history.opportunity, asOf);
    const report = foldEventReport(history, asOf);
    const names = await namesOf(
      deps.db,
      report.roster.map((r) => r.volunteerId),
    );
    return {
      id,
      asOf,
      event: report.event,
      roster: report.roster.map((r) => ({
        ...r,
        nameAr: names.get(r.volunteerId)?.nameAr ?? null,
        nameEn: names.get(r.volunteerId)?.nameEn ?? null,
      })),
      totals: report.totals,
    };
  });

  route(app, C.myDashboard, {}, async (req) => {
    await readAfter(req, deps, READ_MODELS);
    const me = req.session!.userId;
    const asOf = req.query.asOf ?? null;
    const reports = await Promise.all(
      (await opportunityIdsOfVolunteer(db, me)).map(async (id) => ({
        id,
        report: foldEventReport(await eventHistory(deps.store, id, [me]), asOf),
      })),
    );
    const events = reports
      .flatMap(({ id, report }) => {
        const mine = report.roster[0];
        return report.event && mine ? [{ id, event: report.event, mine }] : [];
      })
      .sort((a, b) => (a.event.startDate < b.event.startDate ? 1 : a.event.startDate > b.event.startDate ? -1 : 0));
    // Approved hours by the year the event started.
    const years = new Map<number, { approvedHours: number; events: number }>();
    for (const { event, mine } of events) {
      if (mine.approvedHours <= 0) continue;
      const year = Number(event.startDate.slice(0, 4));
      const y = years.get(year) ?? { approvedHours: 0, events: 0 };
      years.set(year, { approvedHours: round2(y.approvedHours + mine.approvedHours), events: y.events + 1 });
    }
    return {
      asOf,
      events: events.map(({ id, event, mine }) => ({
        id,
        code: event.code,
        nameAr: event.nameAr,
        nameEn: event.nameEn,
        startDate: event.startDate,
        endDate: event.endDate,
        status: event.status,
        attendance: mine.attendance,
        approvedHours: mine.approvedHours,
        pendingHours: mine.pendingHours,
        rating: mine.rating,
        reviews: mine.reviews,
      })),
      hoursByYear: [...years].sort(([a], [b]) => b - a).map(([year, v]) => ({ year, ...v })),
      evaluation: evaluate(events.map(({ mine }) => mine)),
    };
  });
}
