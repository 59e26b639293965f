import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { verifyEmail } from '../../commands/account/handlers.ts';
import { type EventStore, formatPosition } from '../../commands/event-store/port.ts';
import { fileIdsIn, ownerKey, type Uploads } from '../../commands/files/ownership.ts';
import {
  checkEmployeeCode,
  registerVolunteer,
  reviewRegistration,
  updateRegistration,
} from '../../commands/registration/handlers.ts';
import { type Registration, type RegistrationCommand, registrationDecider } from '../../domain/registration/decide.ts';
import { type RegistrationEvent, registrationStream } from '../../domain/registration/events.ts';
import { fold } from '../../domain/shared/decider.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { AfterQuery, CommandAccepted, ErrorBody } from '../contracts/common.ts';
import * as P from '../contracts/primitives.ts';
import {
  AddNoteRequest,
  HistoryEntry,
  InitialAcceptRequest,
  RegistrationDetail,
  RejectRequest,
  SaveRegistrationRequest,
  SaveRegistrationResponse,
} from '../contracts/registration.ts';
import { CSRF_COOKIE, requireScreen, requireUser, requireVolunteer } from '../http/auth.ts';
import { type ApiDeps, commandContext, readAfter } from '../http/deps.ts';
import { historyOf, readStreamEvents } from '../http/history.ts';
import { addressInScope, type Scope, staffScope } from '../http/scope.ts';
import { PageSize } from '../users/routes.ts';

async function loadRegistration(
  store: EventStore,
  volunteerId: string,
): Promise<{
  state: Registration;
  events: { e: RegistrationEvent; at: string; actorId: string | null; actorRole: number | null }[];
}> {
  const events: { e: RegistrationEvent; at: string; actorId: string | null; actorRole: number | null }[] = [];
  for await (const s of store.readStream(registrationStream(volunteerId))) {
    events.push({
      e: { type: s.type, data: s.data } as RegistrationEvent,
      at: s.metadata.occurredAt,
      actorId: s.metadata.actorId,
      actorRole: s.metadata.actorRole,
    });
  }
  return {
    state: fold(
      registrationDecider,
      events.map((x) => x.e),
    ),
    events,
  };
}

function inScope(scope: Scope | null, s: Registration): boolean {
  return addressInScope(scope, s.form.address ?? {});
}
/** The application, if the caller may see it: NotFound otherwise (an out-of-scope record is not revealed). */
async function visibleRegistration(deps: ApiDeps, session: { userId: string; roleId: number }, volunteerId: string) {
  const loaded = await loadRegistration(deps.store, volunteerId);
  if (!loaded.state.exists || !inScope(await staffScope(deps, session), loaded.state))
    throw new DomainError('NotFound');
  return loaded;
}

function detailOf(volunteerId: string, s: Registration) {
  if (!s.exists || s.status === null) throw new DomainError('NotFound');
  return {
    volunteerId,
    status: s.status,
    referenceNumber: s.referenceNumber,
    form: s.form,
    appointment: s.appointment,
    rejectReason: s.rejectReason,
    notes: s.notes,
  };
}

const GridQuery = AfterQuery.extend({
  status: P.queryOneOf([1, 2, 3, 5, 6]).default(2),
  page: P.page,
  pageSize: PageSize,
  sort: z.enum(['submittedAt', 'updatedAt', 'nameAr', 'nameEn', 'referenceNumber']).default('submittedAt'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  name: P.text(100).optional(),
  idNumber: P.text(20).optional(),
  mobile: P.text(10).optional(),
  regionId: P.queryInt().optional(),
  cityId: P.queryInt().optional(),
  from: P.isoDate().optional(),
  to: P.isoDate().optional(),
});
const SORT_COLUMN = {
  submittedAt: 'submitted_at',
  updatedAt: 'updated_at',
  nameAr: 'lower(name_ar)',
  nameEn: 'lower(name_en)',
  referenceNumber: 'reference_number',
} as const;

const GridRow = z.object({
  volunteerId: z.string(),
  referenceNumber: z.string().nullable(),
  status: z.number(),
  nameAr: z.string(),
  nameEn: z.string(),
  idNumber: z.string().nullable(),
  mobile: z.string().nullable(),
  regionId: z.number().nullable(),
  cityId: z.number().nullable(),
  submittedAt: z.string().nullable(),
  appointmentAt: z.string().nullable(),
});

export function registrationRoutes(app: FastifyInstance, deps: ApiDeps, opts: { rateLimit: number; uploads: Uploads }) {
  const { uploads } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['registration'];
  const okPosition = (p: { commit: bigint; prepare: bigint }) => ({ position: formatPosition(p) });

  // A visitor registers (anonymous; CSRF by the double-submit cookie).
  r.post(
    '/api/registrations',
    {
      config: { rateLimit: { max: opts.rateLimit, timeWindow: '1 minute' } },
      schema: {
        tags,
        body: SaveRegistrationRequest,
        response: { 201: SaveRegistrationResponse, 409: ErrorBody, 422: ErrorBody },
      },
    },
    async (req, reply) => {
      const files = fileIdsIn(req.body);
      await uploads.assertAttachable(files, ownerKey(null, req.cookies[CSRF_COOKIE]), null);
      const res = await registerVolunteer(deps.store, deps.client, req.body, commandContext(req, deps), deps.employees);
      await uploads.attach(files, res.volunteerId);
      return reply.code(201).send({ ...res, position: formatPosition(res.position), hasEmailVerification: true });
    },
  );

  // The form checks an employee number as soon as it is entered (spec: ValidateEmployeeCode); submit checks again.
  r.post(
    '/api/registrations/employee-code/check',
    {
      config: { rateLimit: { max: opts.rateLimit, timeWindow: '1 minute' } },
      schema: {
        tags,
        body: z.object({ employeeCode: P.text(30).trim().min(1), idNumber: P.text(20).trim() }),
        response: { 200: z.object({ valid: z.literal(true) }), 422: ErrorBody, 503: ErrorBody },
      },
    },
    async (req) => {
      const { employeeCode, idNumber } = req.body;
      await checkEmployeeCode(
        { employee: { isEmployee: true, employeeCode }, identity: { idNumber } },
        deps.client,
        deps.employees,
      );
      return { valid: true as const };
    },
  );

  // The link mailed at registration: "100" confirmed, "400" expired (a new link is mailed), "200" already verified.
  r.post(
    '/api/email-verification',
    {
      config: { rateLimit: { max: opts.rateLimit, timeWindow: '1 minute' } },
      schema: {
        tags,
        body: z.object({ token: P.token(200) }),
        response: { 200: z.object({ result: z.enum(['100', '200', '400']), position: z.string() }), 422: ErrorBody },
      },
    },
    async (req) => {
      const r = await verifyEmail(deps.store, req.body.token, commandContext(req, deps));
      return { result: r.result, position: formatPosition(r.position) };
    },
  );

  r.get(
    '/api/registrations/me',
    { schema: { tags, response: { 200: RegistrationDetail } }, preHandler: requireUser() },
    async (req) => {
      const { state } = await loadRegistration(deps.store, req.session!.userId);
      return detailOf(req.session!.userId, state);
    },
  );

  r.put(
    '/api/registrations/me',
    {
      schema: {
        tags,
        body: SaveRegistrationRequest,
        response: { 200: SaveRegistrationResponse, 409: ErrorBody, 422: ErrorBody },
      },
      // Only a volunteer has a registration to edit (decided before the form is validated).
      preHandler: requireVolunteer(),
    },
    async (req) => {
      const id = req.session!.userId;
      const files = fileIdsIn(req.body);
      await uploads.assertAttachable(files, ownerKey(id, undefined), id);
      const { state } = await loadRegistration(deps.store, id);
      const res = await updateRegistration(
        deps.store,
        deps.client,
        id,
        state.form,
        req.body,
        commandContext(req, deps),
        deps.employees,
      );
      await uploads.attach(files, id);
      return { ...res, position: formatPosition(res.position), hasEmailVerification: false };
    },
  );

  r.get(
    '/api/registrations',
    {
      schema: {
        tags,
        querystring: GridQuery,
        response: { 200: z.object({ rows: z.array(GridRow), total: z.number() }) },
      },
      preHandler: requireScreen(deps, 'registrationadmin'),
    },
    async (req) => {
      await readAfter(req, deps, ['registrations', 'users']); // the scope comes from rm.users
      const q = req.query;
      const where = [sql`status = ${q.status}`];
      const scope = await staffScope(deps, req.session!);
      if (scope)
        where.push(sql`(region_id = any(${scope.regionIds}::int[]) or city_id = any(${scope.cityIds}::int[]))`);
      if (q.name) {
        // A name typed in Arabic script can only match the Arabic name, and Latin only the English one: one prefix
        // range on one index instead of an OR over both.
        const prefix = `${q.name.trim().toLowerCase()}%`;
        where.push(
          /[\u0600-\u06FF]/.test(q.name) ? sql`lower(name_ar) like ${prefix}` : sql`lower(name_en) like ${prefix}`,
        );
      }
      if (q.idNumber) where.push(sql`id_number = ${q.idNumber}`);
      if (q.mobile) where.push(sql`mobile = ${q.mobile}`);
      if (q.regionId) where.push(sql`region_id = ${q.regionId}`);
      if (q.cityId) where.push(sql`city_id = ${q.cityId}`);
      if (q.from) where.push(sql`submitted_at >= ${q.from}::date`);
      if (q.to) where.push(sql`submitted_at < ${q.to}::date + 1`);
      const cond = sql.join(where, sql` and `);
      // Exact mirrors of the sort indexes (desc nulls last, id desc): either direction is an index scan.
      const order = sql.raw(
        q.dir === 'desc'
          ? `${SORT_COLUMN[q.sort]} desc nulls last, volunteer_id desc`
          : `${SORT_COLUMN[q.sort]} asc nulls first, volunteer_id asc`,
      );
      // Unfiltered and unscoped: the projection keeps the count per status.
      const countQuery =
        where.length === 1
          ? sql<{
              n: string;
            }>`select coalesce((select n from rm.registration_counts where status = ${q.status}), 0)::text as n`
          : sql<{ n: string }>`select count(*)::text as n from rm.registrations where ${cond}`;
      const [{ rows }, { rows: count }] = await Promise.all([
        sql<{
          volunteer_id: string;
          reference_number: string | null;
          status: number;
          name_ar: string;
          name_en: string;
          id_number: string | null;
          mobile: string | null;
          region_id: number | null;
          city_id: number | null;
          submitted_at: Date | null;
          appointment_at: Date | null;
        }>`
          select volunteer_id, reference_number, status, name_ar, name_en, id_number, mobile, region_id, city_id, submitted_at, appointment_at
            from rm.registrations where ${cond} order by ${order} limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`.execute(
          deps.db,
        ),
        countQuery.execute(deps.db),
      ]);
      return {
        total: Number(count[0]?.n ?? 0),
        rows: rows.map((x) => ({
          volunteerId: x.volunteer_id,
          referenceNumber: x.reference_number,
          status: x.status,
          nameAr: x.name_ar,
          nameEn: x.name_en,
          idNumber: x.id_number,
          mobile: x.mobile,
          regionId: x.region_id,
          cityId: x.city_id,
          submittedAt: x.submitted_at?.toISOString() ?? null,
          appointmentAt: x.appointment_at?.toISOString() ?? null,
        })),
      };
    },
  );

  const Id = z.object({ id: P.uuid() });
  const visible = async (req: { session: { userId: string; roleId: number } | null; params: unknown }) => {
    await visibleRegistration(deps, req.session!, (req.params as { id: string }).id);
  };
  r.get(
    '/api/registrations/:id',
    {
      schema: { tags, params: Id, response: { 200: RegistrationDetail } },
      preHandler: requireScreen(deps, 'registrationadmin'),
    },
    async (req) => {
      const { state } = await visibleRegistration(deps, req.session!, req.params.id);
      return detailOf(req.params.id, state);
    },
  );

  // The history tab reads the events themselves, so it is never stale.
  r.get(
    '/api/registrations/:id/history',
    {
      schema: { tags, params: Id, response: { 200: z.array(HistoryEntry) } },
      preHandler: requireScreen(deps, 'registrationadmin'),
    },
    async (req) => {
      await visibleRegistration(deps, req.session!, req.params.id);
      const events = await readStreamEvents(deps, registrationStream(req.params.id));
      if (events.length === 0) throw new DomainError('NotFound');
      return historyOf(deps, events);
    },
  );

  // Review actions: the role must hold Approve on the screen (else "not authorized to accept" for the accepting
  // ones), the application must be in the caller's scope; each answers the position of its event.
  type Req = FastifyRequest<{ Params: { id: string } }>;
  const guarded = (code: 'Forbidden' | 'NotAuthorizedToAccept' = 'Forbidden') => ({
    preHandler: [requireScreen(deps, 'registrationadmin', 'Approve', code), visible],
  });
  const run = async (req: Req, command: RegistrationCommand) =>
    okPosition((await reviewRegistration(deps.store, req.params.id, command, commandContext(req, deps))).position);
  const accepted = { 200: CommandAccepted };

  r.post(
    '/api/registrations/:id/initial-accept',
    {
      schema: { tags, params: Id, body: InitialAcceptRequest, response: accepted },
      ...guarded('NotAuthorizedToAccept'),
    },
    async (req) => {
      const { rows } = await sql<{
        name_ar: string;
      }>`select name_ar from rm.users where user_id = ${req.body.reviewerId}::uuid`
        .execute(deps.db)
        .catch(() => ({ rows: [] as { name_ar: string }[] }));
      if (!rows[0]) throw new DomainError('InitialAcceptIncomplete', { field: 'reviewerId' });
      return run(req, { type: 'InitiallyAccept', ...req.body, reviewerName: rows[0].name_ar });
    },
  );
  r.post(
    '/api/registrations/:id/approve',
    { schema: { tags, params: Id, response: accepted }, ...guarded('NotAuthorizedToAccept') },
    (req) => run(req, { type: 'Approve' }),
  );
  r.post(
    '/api/registrations/:id/reject',
    { schema: { tags, params: Id, body: RejectRequest, response: accepted }, ...guarded() },
    (req) => run(req, { type: 'Reject', reason: req.body.reason }),
  );
  r.post(
    '/api/registrations/:id/return-to-submitted',
    { schema: { tags, params: Id, response: accepted }, ...guarded() },
    (req) => run(req, { type: 'ReturnToSubmitted' }),
  );
  r.post(
    '/api/registrations/:id/notes',
    { schema: { tags, params: Id, body: AddNoteRequest, response: accepted }, ...guarded() },
    (req) => run(req, { type: 'AddNote', noteId: randomUUID(), note: req.body.note }),
  );
  r.post(
    '/api/registrations/:id/notes/:noteId/remove',
    { schema: { tags, params: Id.extend({ noteId: P.token(40) }), response: accepted }, ...guarded() },
    (req) => run(req, { type: 'RemoveNote', noteId: req.params.noteId }),
  );
}
