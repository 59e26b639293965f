import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { formatPosition } from '../../commands/event-store/port.ts';
import { handleCommand } from '../../commands/handle.ts';
import {
  inviteVolunteer,
  loadOpportunity,
  participationAction,
  participationStream,
  requestJoin,
  staffAccept,
  volunteerAcceptInvitation,
} from '../../commands/participation/handlers.ts';
import { type OpportunityCommand, opportunityDecider, opportunityStream } from '../../domain/opportunity/decide.ts';
import { type OpportunityView, type ParticipationCommand, staffActionsFor } from '../../domain/participation/decide.ts';
import { assertMayJoin } from '../../domain/participation/join.ts';
import type { ParticipationStatus } from '../../domain/participation/status.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { type Action, Role, type RoleId } from '../../domain/shared/roles.ts';
import { waitForPosition } from '../../projections/runner/status.ts';
import { AfterQuery, CommandAccepted } from '../contracts/common.ts';
import { HoursEntryBody, MyParticipation, OpportunityDetails, OpportunityListItem } from '../contracts/opportunity.ts';
import * as P from '../contracts/primitives.ts';
import { HistoryEntry } from '../contracts/registration.ts';
import { guard, requireScreen, requireUser, requireVolunteer } from '../http/auth.ts';
import { type ApiDeps, commandContext, readAfter } from '../http/deps.ts';
import { historyOf, readStreamEvents } from '../http/history.ts';
import { eventInScope, staffScope } from '../http/scope.ts';
import { PageSize } from '../users/routes.ts';
import { calendarRoutes } from './calendar.ts';
import { listedConditions, publicConditions } from './listing.ts';
import { pendingRoutes } from './pending.ts';

/** Spec: the public events list shows 12 per page; the map view at most 100 markers. */
export const PUBLIC_PAGE_SIZE = 12;
export const MAP_MARKERS = 100;

async function myParticipations(deps: ApiDeps, volunteerId: string) {
  const { rows } = await sql<{
    opportunity_id: string;
    name_ar: string;
    name_en: string;
    start_date: Date;
    end_date: Date;
    status: number;
    approved_hours: string;
    pending_hours: string;
  }>`
    select p.opportunity_id, o.name_ar, o.name_en, o.start_date, o.end_date, p.status, p.approved_hours::text, p.pending_hours::text
      from rm.participations p join rm.opportunities o on o.opportunity_id = p.opportunity_id
     where p.volunteer_id = ${volunteerId} order by o.start_date desc`.execute(deps.db);
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return rows.map((x) => ({
    opportunityId: x.opportunity_id,
    nameAr: x.name_ar,
    nameEn: x.name_en,
    startDate: iso(x.start_date),
    endDate: iso(x.end_date),
    status: x.status,
    approvedHours: Number(x.approved_hours),
    pendingHours: Number(x.pending_hours),
  }));
}

export function opportunityRoutes(app: FastifyInstance, deps: ApiDeps) {
  calendarRoutes(app, deps);
  pendingRoutes(app, deps);
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** The screen's action, on an event inside the caller's regions and cities (staff); NotFound outside them. */
  const staffOnEvent = (screen: string, action: Action) => [
    requireScreen(deps, screen, action),
    // A guard too, so that it runs before the input is validated: an event outside the scope answers the same 404
    // whatever the body holds.
    guard(async (req: FastifyRequest) => {
      const scope = await staffScope(deps, req.session!);
      if (!scope) return;
      const o = await loadOpportunity(deps.store, (req.params as { id: string }).id).catch(() => null);
      if (o?.details && !eventInScope(scope, o.details)) throw new DomainError('NotFound');
    }),
  ];
  /** Staff limited to places create and edit only events for those places (or open to all). */
  const placesInScope = async (req: FastifyRequest) => {
    const scope = await staffScope(deps, req.session!);
    if (!eventInScope(scope, req.body as { visibility: number; regionIds: number[]; cityIds: number[] }))
      throw new DomainError('RegionNotAllowed', { field: 'regionIds' });
  };
  const tags = ['events'];
  const Id = z.object({ id: P.uuid() });
  const Pair = z.object({ id: P.uuid(), volunteerId: P.uuid() });
  const HoursId = Pair.extend({ hoursId: P.token(40) });
  const ok = (p: { commit: bigint; prepare: bigint }) => ({ position: formatPosition(p) });
  /** A command on the event's own stream (contended by seats: a generous conflict budget). */
  const onEvent = (req: FastifyRequest<{ Params: { id: string } }>, command: OpportunityCommand) =>
    handleCommand(
      deps.store,
      opportunityStream(req.params.id),
      opportunityDecider,
      command,
      commandContext(req, deps),
      { maxAttempts: 50 },
    );

  r.post(
    '/api/opportunities',
    {
      schema: {
        tags,
        body: OpportunityDetails,
        response: { 201: CommandAccepted.extend({ opportunityId: z.string() }) },
      },
      preHandler: [requireScreen(deps, 'eventsadmin', 'Add'), placesInScope],
    },
    async (req, reply) => {
      const opportunityId = randomUUID();
      const res = await handleCommand(
        deps.store,
        opportunityStream(opportunityId),
        opportunityDecider,
        { type: 'Create', details: req.body, client: deps.client },
        commandContext(req, deps),
      );
      return reply.code(201).send({ opportunityId, ...ok(res.position) });
    },
  );

  r.post(
    '/api/opportunities/:id/approve',
    {
      schema: { tags, params: Id, response: { 200: CommandAccepted } },
      preHandler: staffOnEvent('eventsadmin', 'Approve'),
    },
    async (req) => ok((await onEvent(req, { type: 'Approve' })).position),
  );

  // Events lists: public (open to all, 12 a page) or, for a signed-in volunteer, private (restricted to their region or
  // city, or invited-only ones they were invited to; page sizes 5/10/15/20). Approved and not deleted; newest first.
  r.get(
    '/api/opportunities',
    {
      schema: {
        tags,
        querystring: AfterQuery.extend({
          page: P.page,
          status: P.queryOneOf([0, 2, 3]).optional(),
          regionId: P.queryInt().optional(),
          cityId: P.queryInt().optional(),
          attendanceType: P.queryInt(1, 3).optional(),
          code: P.text(30).optional(),
          timePeriod: P.queryInt(1, 3).optional(),
          day: P.queryInt(0, 6).optional(),
          categoryId: P.queryInt().optional(),
          workFieldId: P.queryInt().optional(),
          scope: z.enum(['public', 'private']).default('public'),
          // Spec: 12 a page for the public list; 5, 10, 15 or 20 for the private one.
          pageSize: P.queryOneOf([5, 10, 12, 15, 20]).optional(),
        }),
        response: { 200: z.object({ rows: z.array(OpportunityListItem), total: z.number() }) },
      },
    },
    async (req) => {
      await readAfter(req, deps, ['opportunities']);
      const q = req.query;
      const where = q.scope === 'public' ? publicConditions() : listedConditions();
      if (q.scope === 'private') {
        if (!req.session) throw new DomainError(req.sessionExpired ? 'SessionExpired' : 'YouMustLogIn');
        const me = req.session.userId;
        where.push(sql`(
          (visibility = 1 and exists (select 1 from rm.registrations r where r.volunteer_id = ${me} and r.region_id = any(region_ids)))
          or (visibility = 2 and exists (select 1 from rm.registrations r where r.volunteer_id = ${me} and r.city_id = any(city_ids)))
          or (visibility = 3 and exists (select 1 from rm.participations p where p.opportunity_id = rm.opportunities.opportunity_id and p.volunteer_id = ${me})))`);
      }
      const pageSize = q.pageSize ?? PUBLIC_PAGE_SIZE;
      if (q.status !== undefined) where.push(sql`status = ${q.status}`);
      if (q.timePeriod) where.push(sql`(details->>'timePeriod')::int in (${q.timePeriod}, 3)`);
      if (q.day !== undefined) where.push(sql`details->'volunteeringDays' @> ${JSON.stringify([q.day])}::jsonb`);
      if (q.categoryId) where.push(sql`category_id = ${q.categoryId}`);
      if (q.workFieldId) where.push(sql`work_field_id = ${q.workFieldId}`);
      if (q.regionId) where.push(sql`(visibility <> 1 or ${q.regionId} = any(region_ids))`);
      if (q.cityId) where.push(sql`(visibility <> 2 or ${q.cityId} = any(city_ids))`);
      if (q.attendanceType) where.push(sql`attendance_type = ${q.attendanceType}`);
      if (q.code) where.push(sql`code = ${q.code}`);
      const cond = sql.join(where, sql` and `);
      const [{ rows }, { rows: count }] = await Promise.all([
        sql<{
          opportunity_id: string;
          code: string;
          name_ar: string;
          name_en: string;
          status: number;
          start_date: Date;
          end_date: Date;
          attendance_type: number;
          latitude: number | null;
          longitude: number | null;
          seats_taken: number;
          max_contributions: number;
        }>`
          select opportunity_id, code, name_ar, name_en, status, start_date, end_date, attendance_type, latitude, longitude, seats_taken, max_contributions
            from rm.opportunities where ${cond} order by start_date desc, opportunity_id limit ${pageSize} offset ${(q.page - 1) * pageSize}`.execute(
          deps.db,
        ),
        sql<{ n: string }>`select count(*)::text as n from rm.opportunities where ${cond}`.execute(deps.db),
      ]);
      const iso = (d: Date) => d.toISOString().slice(0, 10);
      return {
        total: Number(count[0]?.n ?? 0),
        rows: rows.map((x) => ({
          id: x.opportunity_id,
          code: x.code,
          nameAr: x.name_ar,
          nameEn: x.name_en,
          status: x.status,
          startDate: iso(x.start_date),
          endDate: iso(x.end_date),
          attendanceType: x.attendance_type,
          latitude: x.latitude,
          longitude: x.longitude,
          seatsTaken: x.seats_taken,
          maxContributions: x.max_contributions,
        })),
      };
    },
  );

  // A volunteer asks to join: the spec's join rules from the session and the read models, then the schedule.
  r.post(
    '/api/opportunities/:id/join',
    { schema: { tags, params: Id, response: { 200: CommandAccepted } } },
    async (req) => {
      const session = req.session;
      // Who asks (the read models) and the event (from its stream, never behind a command that just changed it),
      // together.
      const [who, o] = await Promise.all([
        session
          ? sql<{
              nic_valid: boolean;
              registration_complete: boolean;
              status: number | null;
              region_id: number | null;
              city_id: number | null;
              gender: 1 | 2 | null;
              invitation: number | null;
            }>`
          select u.nic_valid, u.registration_complete, r.status, r.region_id, r.city_id, r.gender,
                 (select p.status from rm.participations p
                   where p.opportunity_id = ${req.params.id} and p.volunteer_id = u.user_id) as invitation
            from rm.users u left join rm.registrations r on r.volunteer_id = u.user_id where u.user_id = ${session.userId}`
              .execute(deps.db)
              .then((r) => r.rows)
          : Promise.resolve([]),
        loadOpportunity(deps.store, req.params.id),
      ]);
      const d = o.details!;
      const w = who[0];
      assertMayJoin(
        {
          signedIn: !!session,
          roleId: (session?.roleId ?? null) as RoleId | null,
          registrationStatus: (w?.status ?? null) as 5 | null,
          nicValid: w?.nic_valid ?? false,
          infoComplete: w?.registration_complete ?? false,
          regionId: w?.region_id ?? null,
          cityId: w?.city_id ?? null,
          gender: w?.gender ?? null,
          invited: w?.invitation === 1,
        },
        {
          deleted: o.status === 4,
          approved: o.approval === 'approved',
          endDate: d.endDate,
          registrationEnd: d.registrationEnd,
          visibility: d.visibility,
          regionIds: d.regionIds,
          cityIds: d.cityIds,
          gender: d.gender,
        },
        deps.client,
        new Date(),
      );
      return ok(await requestJoin(deps.store, req.params.id, session!.userId, commandContext(req, deps), o));
    },
  );

  r.post(
    '/api/opportunities/:id/participants/:volunteerId/accept',
    {
      schema: {
        tags,
        params: Pair,
        body: z.object({ confirmRaise: z.boolean().default(false) }),
        response: { 200: CommandAccepted },
      },
      preHandler: staffOnEvent('eventsadmin', 'Edit'),
    },
    async (req) =>
      ok(
        await staffAccept(
          deps.store,
          req.params.id,
          req.params.volunteerId,
          { byAdmin: req.session!.roleId === Role.Admin, confirmRaise: req.body.confirmRaise },
          commandContext(req, deps),
        ),
      ),
  );

  r.post(
    '/api/opportunities/:id/participants/:volunteerId/hours',
    {
      schema: {
        tags,
        params: Pair,
        body: HoursEntryBody,
        response: { 200: CommandAccepted.extend({ hoursId: z.string() }) },
      },
      preHandler: staffOnEvent('volunteerhours', 'Add'),
    },
    async (req) => {
      const hoursId = randomUUID();
      const position = await participationAction(
        deps.store,
        req.params.id,
        req.params.volunteerId,
        (opportunity) => ({ type: 'RecordHours', entry: { hoursId, ...req.body }, opportunity }),
        commandContext(req, deps),
      );
      return { hoursId, position: formatPosition(position) };
    },
  );

  r.post(
    '/api/opportunities/:id/participants/:volunteerId/hours/:hoursId/approve',
    {
      schema: { tags, params: HoursId, response: { 200: CommandAccepted } },
      preHandler: staffOnEvent('volunteerhours', 'Approve'),
    },
    async (req) =>
      ok(
        await participationAction(
          deps.store,
          req.params.id,
          req.params.volunteerId,
          () => ({ type: 'ApproveHours', hoursId: req.params.hoursId }),
          commandContext(req, deps),
        ),
      ),
  );

  // The volunteer's own events with their hours (current, invitations and past events read from the same rows).
  r.get(
    '/api/me/participations',
    {
      schema: {
        tags,
        querystring: AfterQuery,
        response: { 200: z.array(MyParticipation) },
      },
      preHandler: requireUser(),
    },
    async (req) => {
      await readAfter(req, deps, ['participations', 'opportunities']);
      return myParticipations(deps, req.session!.userId);
    },
  );

  // The same list pushed as server-sent events whenever one of the volunteer's participations changes (the spec's
  // client polled every 2 s). Appends made by other API replicas arrive as hints over PostgreSQL NOTIFY (or an $all
  // subscription on EventStoreDB), so the replica holding this connection pushes whichever replica took the command.
  r.get('/api/me/invitations/stream', { schema: { tags }, preHandler: requireUser() }, async (req, reply) => {
    const userId = req.session!.userId;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
    });
    const send = async () => {
      res.write(`event: invitations\ndata: ${JSON.stringify(await myParticipations(deps, userId))}\n\n`);
    };
    let queue = send().catch(() => {});
    const off = deps.store.onAppended((stream) => {
      if (!stream.startsWith('participation-') || !stream.endsWith(`_${userId}`)) return;
      queue = queue
        .then(async () => {
          // The list joins the events' read model too: wait for both, as GET /api/me/invitations does.
          await waitForPosition(
            deps.db,
            ['participations', 'opportunities'],
            await deps.store.lastPosition(),
            deps.readWaitMs,
          );
          await send();
        })
        .catch(() => {});
    });
    // The stream ends with its session: at once when this process ends it (logout, a password change elsewhere),
    // at the next heartbeat when another replica did or it expired.
    const sid = req.sessionId!;
    const offEnded = deps.sessions.onEnded(sid, userId, () => res.end());
    const heartbeat = setInterval(() => {
      deps.sessions
        .alive(sid)
        .then((alive) => (alive ? res.write(': keep-alive\n\n') : res.end()))
        .catch(() => res.end());
    }, 25_000);
    req.raw.on('close', () => {
      off();
      offEnded();
      clearInterval(heartbeat);
    });
  });

  // Staff invite approved volunteers; restricted events refuse volunteers outside their regions or cities.
  r.post(
    '/api/opportunities/:id/invitations',
    {
      schema: {
        tags,
        params: Id,
        body: z.object({ volunteerIds: z.array(P.uuid()).min(1).max(500), confirmRaise: z.boolean().default(false) }),
        response: {
          200: z.object({
            results: z.array(z.object({ volunteerId: z.string(), result: z.string() })),
            position: z.string().nullable(),
          }),
        },
      },
      preHandler: staffOnEvent('eventsadmin', 'Add'),
    },
    async (req) => {
      // The event from its stream, not the read model: a command just before may not be projected yet.
      const d = (await loadOpportunity(deps.store, req.params.id)).details!;
      const { rows: volunteers } = await sql<{
        volunteer_id: string;
        status: number;
        region_id: number | null;
        city_id: number | null;
      }>`
        select volunteer_id::text, status, region_id, city_id from rm.registrations where volunteer_id = any(${req.body.volunteerIds}::uuid[])`.execute(
        deps.db,
      );
      const byId = new Map(volunteers.map((v) => [v.volunteer_id, v]));
      const results: { volunteerId: string; result: string }[] = [];
      let position: string | null = null;
      for (const volunteerId of req.body.volunteerIds) {
        const v = byId.get(volunteerId);
        const restricted =
          v?.status !== 5 ||
          (d.visibility === 1 && !d.regionIds.includes(v.region_id ?? -1)) ||
          (d.visibility === 2 && !d.cityIds.includes(v.city_id ?? -1));
        if (restricted) {
          results.push({ volunteerId, result: 'RestrictedInvitation' });
          continue;
        }
        try {
          const p = await inviteVolunteer(deps.store, req.params.id, volunteerId, req.body.confirmRaise, {
            ...commandContext(req, deps),
            commandId: `${req.id}:${volunteerId}`,
          });
          position = formatPosition(p);
          results.push({ volunteerId, result: 'invited' });
        } catch (e) {
          if (!(e instanceof DomainError)) throw e;
          // A full event (invitations stopped, for one) refuses everyone alike: say so once, for the whole request.
          // Nothing has been written then: the first invitation already met it.
          if (e.code === 'ExceededApprovalLimit' && position === null) throw e;
          results.push({ volunteerId, result: e.code });
        }
      }
      return { results, position };
    },
  );

  // The volunteer's answers to an invitation (spec: /api/volunteers/invitation/{id}/accept, /reject, /cancel, /RequestToRelease).
  const own = { schema: { tags, params: Id, response: { 200: CommandAccepted } }, preHandler: requireVolunteer() };
  r.post('/api/volunteers/invitation/:id/accept', own, async (req) => {
    return ok(
      await volunteerAcceptInvitation(deps.store, req.params.id, req.session!.userId, commandContext(req, deps)),
    );
  });
  for (const [path, type] of [
    ['reject', 'VolunteerReject'],
    ['cancel', 'Cancel'],
    ['RequestToRelease', 'RequestRelease'],
  ] as const) {
    r.post(`/api/volunteers/invitation/:id/${path}`, own, async (req) => {
      return ok(
        await participationAction(
          deps.store,
          req.params.id,
          req.session!.userId,
          (opportunity) => ({ type, opportunity }),
          commandContext(req, deps),
        ),
      );
    });
  }

  // Staff actions on a participant (spec section 4 transitions; the domain refuses the rest).
  const staffActions: [string, (o: OpportunityView) => ParticipationCommand][] = [
    ['reject', (opportunity) => ({ type: 'StaffReject', opportunity })],
    ['absent', () => ({ type: 'MarkAbsent' })],
    ['release', (opportunity) => ({ type: 'Release', opportunity })],
  ];
  for (const [path, build] of staffActions) {
    r.post(
      `/api/opportunities/:id/participants/:volunteerId/${path}`,
      {
        schema: { tags, params: Pair, response: { 200: CommandAccepted } },
        preHandler: staffOnEvent('eventsadmin', 'Edit'),
      },
      async (req) =>
        ok(
          await participationAction(
            deps.store,
            req.params.id,
            req.params.volunteerId,
            build,
            commandContext(req, deps),
          ),
        ),
    );
  }
  for (const [path, type] of [
    ['reject', 'RejectHours'],
    ['delete', 'DeleteHours'],
  ] as const) {
    r.post(
      `/api/opportunities/:id/participants/:volunteerId/hours/:hoursId/${path}`,
      {
        schema: { tags, params: HoursId, response: { 200: CommandAccepted } },
        preHandler: staffOnEvent('volunteerhours', path === 'reject' ? 'Approve' : 'Edit'),
      },
      async (req) =>
        ok(
          await participationAction(
            deps.store,
            req.params.id,
            req.params.volunteerId,
            () => ({ type, hoursId: req.params.hoursId }),
            commandContext(req, deps),
          ),
        ),
    );
  }
  // Approve many hours at once (spec: volunteers must be selected before approving).
  r.post(
    '/api/opportunities/:id/hours/approve',
    {
      schema: {
        tags,
        params: Id,
        body: z.object({
          items: z
            .array(z.object({ volunteerId: P.uuid(), hoursId: P.token(40) }))
            .min(1)
            .max(500),
        }),
        response: {
          200: z.object({
            results: z.array(z.object({ hoursId: z.string(), result: z.string() })),
            position: z.string().nullable(),
          }),
        },
      },
      preHandler: staffOnEvent('volunteerhours', 'Approve'),
    },
    async (req) => {
      const results: { hoursId: string; result: string }[] = [];
      let position: string | null = null;
      for (const it of req.body.items) {
        try {
          position = formatPosition(
            await participationAction(
              deps.store,
              req.params.id,
              it.volunteerId,
              () => ({ type: 'ApproveHours', hoursId: it.hoursId }),
              { ...commandContext(req, deps), commandId: `${req.id}:${it.hoursId}` },
            ),
          );
          results.push({ hoursId: it.hoursId, result: 'approved' });
        } catch (e) {
          if (!(e instanceof DomainError)) throw e;
          results.push({ hoursId: it.hoursId, result: e.code });
        }
      }
      return { results, position };
    },
  );

  r.put(
    '/api/opportunities/:id',
    {
      schema: { tags, params: Id, body: OpportunityDetails, response: { 200: CommandAccepted } },
      preHandler: [...staffOnEvent('eventsadmin', 'Edit'), placesInScope],
    },
    async (req) => ok((await onEvent(req, { type: 'Edit', details: req.body, client: deps.client })).position),
  );
  r.post(
    '/api/opportunities/:id/stop-invitations',
    {
      schema: { tags, params: Id, response: { 200: CommandAccepted } },
      preHandler: staffOnEvent('eventsadmin', 'Edit'),
    },
    async (req) => ok((await onEvent(req, { type: 'StopInvitations' })).position),
  );
  r.post(
    '/api/opportunities/:id/delete',
    {
      schema: {
        tags,
        params: Id,
        body: z.object({ reason: P.longText(1000) }),
        response: { 200: CommandAccepted.extend({ pendingApproval: z.boolean() }) },
      },
      preHandler: staffOnEvent('eventsadmin', 'Delete'),
    },
    async (req) => {
      const res = await onEvent(req, { type: 'Delete', reason: req.body.reason });
      return { ...ok(res.position), pendingApproval: res.events.some((e) => e.type === 'OpportunityDeleteRequested') };
    },
  );
  r.post(
    '/api/opportunities/:id/confirm-delete',
    {
      schema: { tags, params: Id, response: { 200: CommandAccepted } },
      preHandler: staffOnEvent('eventsadmin', 'Approve'),
    },
    async (req) => ok((await onEvent(req, { type: 'ConfirmDelete' })).position),
  );

  // The roster (spec page sizes), newest change first, by status.
  r.get(
    '/api/opportunities/:id/participants',
    {
      schema: {
        tags,
        params: Id,
        querystring: AfterQuery.extend({
          status: P.queryInt(1, 10).optional(),
          page: P.page,
          pageSize: PageSize,
        }),
        response: {
          200: z.object({
            rows: z.array(
              z.object({
                volunteerId: z.string(),
                nameAr: z.string().nullable(),
                nameEn: z.string().nullable(),
                status: z.number(),
                approvedHours: z.number(),
                pendingHours: z.number(),
                /** The staff actions this row's status allows the caller (the domain's own table). */
                actions: z.array(z.enum(['accept', 'reverse', 'reject', 'absent', 'release'])),
              }),
            ),
            total: z.number(),
          }),
        },
      },
      preHandler: staffOnEvent('eventsadmin', 'View'),
    },
    async (req) => {
      await readAfter(req, deps, ['participations', 'users']);
      const byAdmin = req.session!.roleId === Role.Admin;
      const q = req.query;
      const cond = q.status
        ? sql`p.opportunity_id = ${req.params.id} and p.status = ${q.status}`
        : sql`p.opportunity_id = ${req.params.id}`;
      const [{ rows }, { rows: count }] = await Promise.all([
        sql<{
          volunteer_id: string;
          name_ar: string | null;
          name_en: string | null;
          status: number;
          approved_hours: string;
          pending_hours: string;
        }>`
          select p.volunteer_id::text, u.name_ar, u.name_en, p.status, p.approved_hours::text, p.pending_hours::text
            from rm.participations p left join rm.users u on u.user_id = p.volunteer_id
           where ${cond} order by p.status, p.volunteer_id limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`.execute(
          deps.db,
        ),
        // The projection keeps the count per event and status.
        (q.status
          ? sql<{
              n: string;
            }>`select coalesce(sum(n), 0)::text as n from rm.participation_counts where opportunity_id = ${req.params.id} and status = ${q.status}`
          : sql<{
              n: string;
            }>`select coalesce(sum(n), 0)::text as n from rm.participation_counts where opportunity_id = ${req.params.id}`
        ).execute(deps.db),
      ]);
      return {
        total: Number(count[0]?.n ?? 0),
        rows: rows.map((x) => ({
          volunteerId: x.volunteer_id,
          nameAr: x.name_ar,
          nameEn: x.name_en,
          status: x.status,
          approvedHours: Number(x.approved_hours),
          pendingHours: Number(x.pending_hours),
          actions: staffActionsFor(x.status as ParticipationStatus, byAdmin),
        })),
      };
    },
  );

  // Map view (spec): at most 100 markers; closed events (3) and remote ones (attendance 3) have none.
  r.get(
    '/api/opportunities/map',
    {
      schema: {
        tags,
        response: {
          200: z.array(
            z.object({
              id: z.string(),
              nameAr: z.string(),
              nameEn: z.string(),
              latitude: z.number(),
              longitude: z.number(),
              status: z.number(),
            }),
          ),
        },
      },
    },
    async () => {
      const { rows } = await sql<{
        opportunity_id: string;
        name_ar: string;
        name_en: string;
        latitude: number;
        longitude: number;
        status: number;
      }>`
        select opportunity_id::text, name_ar, name_en, latitude, longitude, status from rm.opportunities
         where approval = 'approved' and visibility = 0 and status not in (3, 4) and attendance_type <> 3 and latitude is not null and longitude is not null
         order by start_date limit ${MAP_MARKERS}`.execute(deps.db);
      return rows.map((x) => ({
        id: x.opportunity_id,
        nameAr: x.name_ar,
        nameEn: x.name_en,
        latitude: x.latitude,
        longitude: x.longitude,
        status: x.status,
      }));
    },
  );

  /**
   * Who may see an event's details (the lead's mobile and e-mail among them): event staff within their scope; a
   * volunteer with a place on it; else only a listed event (approved, not deleted) that is open to all, or restricted
   * to the volunteer's region or city. Anything else is "not found".
   */
  async function mayViewEvent(
    req: FastifyRequest,
    o: { approval: string; status: number; visibility: number; region_ids: number[]; city_ids: number[] },
    hasPlace: boolean,
  ): Promise<boolean> {
    const s = req.session;
    if (s && (await deps.permissions.fresh()).can(s.roleId, 'eventsadmin', 'View'))
      return eventInScope(await staffScope(deps, s), {
        visibility: o.visibility,
        regionIds: o.region_ids,
        cityIds: o.city_ids,
      });
    if (hasPlace) return true;
    if (o.approval !== 'approved' || o.status === 4) return false;
    if (o.visibility === 0) return true;
    if (!s || (o.visibility !== 1 && o.visibility !== 2)) return false;
    const { rows } = await sql<{ region_id: number | null; city_id: number | null }>`
      select region_id, city_id from rm.registrations where volunteer_id = ${s.userId}`.execute(deps.db);
    const mine = rows[0];
    if (!mine) return false;
    return o.visibility === 1
      ? mine.region_id !== null && o.region_ids.includes(mine.region_id)
      : mine.city_id !== null && o.city_ids.includes(mine.city_id);
  }

  // Details; the health-ministry client shows them to signed-in users only (spec).
  r.get('/api/opportunities/:id', { schema: { tags, params: Id, querystring: AfterQuery } }, async (req) => {
    if (deps.client.eventDetailsRequireLogin && !req.session)
      throw new DomainError(req.sessionExpired ? 'SessionExpired' : 'YouMustLogIn');
    // Who may see it reads the participations and registrations too.
    await readAfter(req, deps, ['opportunities', 'participations', 'registrations']);
    const { rows } = await sql<{
      details: Record<string, unknown>;
      status: number;
      approval: string;
      seats_taken: number;
      visibility: number;
      region_ids: number[];
      city_ids: number[];
    }>`
      select details, status, approval, seats_taken, visibility, region_ids, city_ids
        from rm.opportunities where opportunity_id = ${req.params.id}`.execute(deps.db);
    const o = rows[0];
    // The signed-in user's own participation: it opens the details to her, and the page shows "already asked"
    // instead of a second join button.
    const mine = req.session
      ? (
          await sql<{ status: number }>`
            select status from rm.participations
             where opportunity_id = ${req.params.id} and volunteer_id = ${req.session.userId}`.execute(deps.db)
        ).rows[0]
      : undefined;
    if (!o || !(await mayViewEvent(req, o, mine !== undefined))) throw new DomainError('NotFound');
    return {
      id: req.params.id,
      ...o.details,
      status: o.status,
      approval: o.approval,
      joinedCount: o.seats_taken,
      myStatus: mine?.status ?? null,
    };
  });

  // The volunteer checks in during the event, then records contributions (incidents).
  r.post('/api/opportunities/:id/check-in', own, async (req) => {
    return ok(
      await participationAction(
        deps.store,
        req.params.id,
        req.session!.userId,
        (opportunity) => ({ type: 'CheckIn', opportunity }),
        commandContext(req, deps),
      ),
    );
  });
  r.post(
    '/api/opportunities/:id/contribution',
    {
      schema: {
        tags,
        params: Id,
        body: z.object({
          incident: z.object({
            incidentId: P.text(40),
            fullName: P.text(200),
            genderType: P.int(0, 2),
            age: P.int(0, 130),
            nationalityId: P.id,
            startTime: P.timestamp(),
            closeTime: P.timestamp().optional(),
            proceduresTaken: P.longText(2000).optional(),
            complaint: P.longText(2000).optional(),
          }),
          mode: z.enum(['draft', 'submit']),
        }),
        response: { 200: CommandAccepted },
      },
      preHandler: requireVolunteer(),
    },
    async (req) => {
      return ok(
        await participationAction(
          deps.store,
          req.params.id,
          req.session!.userId,
          () => ({ type: 'RecordIncident', incident: req.body.incident, mode: req.body.mode }),
          commandContext(req, deps),
        ),
      );
    },
  );

  // The history tab of an invitation: its events, so never stale.
  r.get(
    '/api/opportunities/:id/participants/:volunteerId/history',
    {
      schema: { tags, params: Pair, response: { 200: z.array(HistoryEntry) } },
      preHandler: staffOnEvent('eventsadmin', 'View'),
    },
    async (req) => {
      const events = await readStreamEvents(deps, participationStream(req.params.id, req.params.volunteerId));
      if (events.length === 0) throw new DomainError('NotFound');
      return historyOf(deps, events);
    },
  );
}
