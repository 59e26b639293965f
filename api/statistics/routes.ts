import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { periodRange } from '../../domain/statistics/periods.ts';
import {
  type AsOf,
  breakdowns,
  dashboardStatistics,
  kpiComparison,
  type StatisticsFilters,
  type StatisticsScope,
  targets,
} from '../../projections/statistics/queries.ts';
import * as C from '../contracts/statistics.ts';
import type { ApiDeps } from '../http/deps.ts';
import { route } from '../http/route.ts';
import { staffScope } from '../http/scope.ts';

/** The spec's filter names (GetDashboardStatistics) → the read model's filters. */
export function filtersOf(q: z.output<typeof C.StatisticsQuery>): StatisticsFilters {
  const yes = (v: number | undefined) => (v === undefined ? undefined : v === 1);
  return {
    regionId: q.regionId,
    cityId: q.cityId,
    statusId: q.statusId,
    gender: q.genderType,
    practitioner: yes(q.isPractioner),
    categoryId: q.categoryId,
    subCategoryLevel1Id: q.subCategoryLevel1Id,
    subCategoryLevel2Id: q.subCategoryLevel2Id,
    experienceLevelId: q.userExperienceLevelId,
    typeId: q.typeId,
    isPublic: yes(q.isPublic),
    startDate: q.startDate,
    endDate: q.endDate,
    eventStatus: q.eventStatus,
    reportType: q.reportType,
    cityGroupId: q.cityGroupId,
  };
}

/** A day stands for its end (UTC): "as of 31 January" includes everything recorded that day. */
export function asOfOf(v: string | undefined): AsOf {
  if (v === undefined) return null;
  return /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T23:59:59.999Z` : new Date(v).toISOString();
}

/**
 * Statistics (screen `statistics`, View): the dashboard, the other statistics pages, targets and the KPI comparison,
 * each now or as of a past moment. Staff (role 2) see the figures of their regions and cities only.
 */
export function statisticsRoutes(app: FastifyInstance, deps: ApiDeps) {
  const scopeOf = async (req: FastifyRequest): Promise<StatisticsScope> => {
    const s = await staffScope(deps, req.session!);
    return s ? { regions: [...s.covered.regions], cities: [...s.covered.cities] } : null;
  };

  route(app, C.dashboardStatistics, {}, async (req) =>
    dashboardStatistics(deps.db, filtersOf(req.query), await scopeOf(req), asOfOf(req.query.asOf)),
  );
  route(app, C.statisticsBreakdowns, {}, async (req) =>
    breakdowns(deps.db, req.query.view, filtersOf(req.query), await scopeOf(req), asOfOf(req.query.asOf)),
  );
  route(app, C.statisticsTargets, {}, async (req) =>
    targets(deps.db, req.query.view, filtersOf(req.query), await scopeOf(req), asOfOf(req.query.asOf)),
  );
  route(app, C.kpiComparison, {}, async (req) => {
    const q = req.query;
    const selection = { kind: q.kind, year: q.selectionYear, index: q.selectionIndex };
    const base = { kind: q.kind, year: q.baseYear, index: q.baseIndex };
    const rows = await kpiComparison(deps.db, selection, base, filtersOf(q), await scopeOf(req), asOfOf(q.asOf));
    return { selection: periodRange(selection), base: periodRange(base), rows };
  });
}
