import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { DomainError } from '../../domain/shared/errors.ts';
import { AfterQuery } from '../contracts/common.ts';
import { CALENDAR_MAX_DAYS, CALENDAR_MAX_EVENTS, OpportunityCalendar } from '../contracts/opportunity.ts';
import * as P from '../contracts/primitives.ts';
import { type ApiDeps, readAfter } from '../http/deps.ts';
import { isoDay, publicConditions } from './listing.ts';

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
  if ((b - a) / DAY_MS + 1 > CALENDAR_MAX_DAYS)
    throw new DomainError('InvalidDate', { field: 'to', maxDays: CALENDAR_MAX_DAYS });
  return { from, to };
}

/** The events calendar: public events (the list's visibility rules) whose dates overlap the range. */
export function calendarRoutes(app: FastifyInstance, deps: ApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/opportunities/calendar',
    {
      schema: {
        tags: ['events'],
        // Filter days: real days, any year the spec's pickers allow; calendarRange checks the span.
        querystring: AfterQuery.extend({ from: P.isoDate(), to: P.isoDate() }),
        response: { 200: OpportunityCalendar },
      },
    },
    async (req) => {
      const { from, to } = calendarRange(req.query.from, req.query.to);
      await readAfter(req, deps, ['opportunities']);
      // Same expression and predicate as the projection's partial GiST index.
      const cond = sql.join(
        [
          ...publicConditions(),
          sql`daterange(start_date, end_date, '[]') && daterange(${from}::date, ${to}::date, '[]')`,
        ],
        sql` and `,
      );
      const { rows } = await sql<{
        id: string;
        code: string;
        name_ar: string;
        name_en: string;
        status: number;
        start_day: string;
        end_day: string;
        attendance_type: number;
      }>`
        select opportunity_id::text as id, code, name_ar, name_en, status, ${isoDay('start_date')} as start_day,
               ${isoDay('end_date')} as end_day, attendance_type
          from rm.opportunities where ${cond}
         order by start_date, opportunity_id limit ${CALENDAR_MAX_EVENTS + 1}`.execute(deps.db);
      return {
        truncated: rows.length > CALENDAR_MAX_EVENTS,
        rows: rows.slice(0, CALENDAR_MAX_EVENTS).map((x) => ({
          id: x.id,
          code: x.code,
          nameAr: x.name_ar,
          nameEn: x.name_en,
          status: x.status,
          startDate: x.start_day,
          endDate: x.end_day,
          attendanceType: x.attendance_type,
        })),
      };
    },
  );
}
