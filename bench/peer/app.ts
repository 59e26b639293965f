// The join command written a second time on the stack a TypeScript team would otherwise pick: Emmett's PostgreSQL
// event store behind Fastify, its CommandHandler, and inline Pongo projections for the read models the rules read.
// The rules themselves are our pure domain functions, so that both sides do the same checks; persistence, command
// handling and projections are Emmett's, used as its documentation shows. A benchmark peer, never part of the portal.
import { randomUUID } from 'node:crypto';
import { CommandHandler, type Event, projections } from '@event-driven-io/emmett';
import {
  getPostgreSQLEventStore,
  type PostgresEventStore,
  pongoSingleStreamProjection,
} from '@event-driven-io/emmett-postgresql';
import { type PongoClient, pongoClient } from '@event-driven-io/pongo';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import pg from 'pg';
import { errorHandler } from '../../api/http/errors.ts';
import { hashSessionId, IDLE_TIMEOUT_SECONDS, SESSION_COLUMNS } from '../../api/http/sessions.ts';
import { seedSnapshot } from '../../domain/lookups/testing.ts';
import {
  type Opportunity,
  type OpportunityEvent,
  opportunityDecider,
  opportunityEvents,
} from '../../domain/opportunity/decide.ts';
import type { OpportunityDetails } from '../../domain/opportunity/rules.ts';
import {
  type Participation,
  type ParticipationEvent,
  participationDecider,
  STATUS_AFTER,
} from '../../domain/participation/decide.ts';
import { assertMayJoin, joinTargetOf } from '../../domain/participation/join.ts';
import { type Dates, type Schedule, type ScheduleEvent, scheduleDecider } from '../../domain/participation/schedule.ts';
import type { ParticipationStatus } from '../../domain/participation/status.ts';
import { CLIENTS, type ClientConfig } from '../../domain/shared/clients.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import type { RoleId } from '../../domain/shared/roles.ts';

/** Emmett's event shape; our domain events are `{ type, data }` too, so the deciders' events are stored as they are. */
type PeerEvent = Event<string, Record<string, unknown>>;
/** The peer has no master data of its own: the seed's, as a freshly seeded portal checks an event against. */
const SEED_LOOKUPS = seedSnapshot();

const asPeer = (events: readonly { type: string; data: unknown }[]) => events as unknown as PeerEvent[];

export const opportunityStreamOf = (id: string) => `opportunity-${id}`;
export const scheduleStreamOf = (volunteerId: string) => `schedule-${volunteerId}`;
export const participationStreamOf = (opportunityId: string, volunteerId: string) =>
  `participation-${opportunityId}_${volunteerId}`;

// ---------------------------------------------------------------------------------------------------------------
// Read models: inline projections (same transaction as the append), one Pongo document per stream.

/** The event as the join rules read it: the fold of its stream, kept by an inline projection. */
export type OpportunityDoc = { [K in keyof Opportunity]: Opportunity[K] } & { _id: string };
const opportunities = pongoSingleStreamProjection<OpportunityDoc, PeerEvent>({
  collectionName: 'opportunities',
  canHandle: [...opportunityEvents.types],
  getDocumentId: (e) => e.metadata.streamName.slice('opportunity-'.length),
  initialState: () => ({ ...opportunityDecider.initialState(), _id: '' }),
  evolve: (doc: OpportunityDoc, e: PeerEvent) => ({
    ...opportunityDecider.evolve(doc, e as unknown as OpportunityEvent),
    _id: doc._id,
  }),
});

/** A volunteer's status on an event (the join rules read it for invited-only events). */
export type ParticipationDoc = {
  _id: string;
  status: ParticipationStatus | null;
};
const participations = pongoSingleStreamProjection<ParticipationDoc, PeerEvent>({
  collectionName: 'participations',
  canHandle: Object.keys(STATUS_AFTER),
  getDocumentId: (e) => e.metadata.streamName.slice('participation-'.length),
  initialState: () => ({ _id: '', status: null }),
  evolve: (doc: ParticipationDoc, e: PeerEvent) => ({
    ...doc,
    status: STATUS_AFTER[e.type as ParticipationEvent['type']] ?? doc.status,
  }),
});

/**
 * Who the volunteer is, as the join rules read it (the portal's users and registrations read models). The benchmark
 * fills it directly, as it fills ours: registration is not what is measured.
 */
export type VolunteerDoc = {
  _id: string;
  registrationStatus: number | null;
  nicValid: boolean;
  infoComplete: boolean;
  regionId: number | null;
  cityId: number | null;
  gender: 1 | 2 | null;
};

// ---------------------------------------------------------------------------------------------------------------
// Command handlers: Emmett reads the stream, folds it with our evolve, runs our decide, appends with the version.

const handleOpportunity = CommandHandler<Opportunity, PeerEvent>({
  evolve: (s, e) => opportunityDecider.evolve(s, e as unknown as OpportunityEvent),
  initialState: opportunityDecider.initialState,
  mapToStreamId: opportunityStreamOf,
});
const handleSchedule = CommandHandler<Schedule, PeerEvent>({
  evolve: (s, e) => scheduleDecider.evolve(s, e as unknown as ScheduleEvent),
  initialState: scheduleDecider.initialState,
  mapToStreamId: scheduleStreamOf,
});
const handleParticipation = CommandHandler<Participation, PeerEvent>({
  evolve: (s, e) => participationDecider.evolve(s, e as unknown as ParticipationEvent),
  initialState: participationDecider.initialState,
});

// ---------------------------------------------------------------------------------------------------------------
// Sessions: the same table and the same touch statement as api/http/sessions.ts, one prepared query a request.

const SESSIONS_SQL = `create table if not exists sessions (${SESSION_COLUMNS}) with (fillfactor = 50)`;
const TOUCH = {
  name: 'peer-session-touch',
  text: `
    with old as (select id_hash, last_seen_at < now() - make_interval(secs => $2) as expired
                   from sessions where id_hash = $1),
    upd as (update sessions s set last_seen_at = now() from old
             where s.id_hash = old.id_hash and not old.expired and s.last_seen_at < now() - make_interval(secs => 10)
             returning s.id_hash)
    select s.user_id, s.role_id, s.csrf_token, old.expired
      from old join sessions s on s.id_hash = old.id_hash`,
};

interface PeerSession {
  userId: string;
  roleId: RoleId;
  csrfToken: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    peerSession: PeerSession | null;
  }
}

// ---------------------------------------------------------------------------------------------------------------

export interface Peer {
  app: FastifyInstance;
  store: PostgresEventStore;
  pongo: PongoClient;
  pool: pg.Pool;
  /** Creates and approves an event through its stream (the inline projection writes its document). */
  createEvent(details: OpportunityDetails): Promise<string>;
  /** Inserts volunteers' documents (the read model the rules read) and a session each; answers cookie and token. */
  addVolunteers(volunteers: VolunteerDoc[], roleId?: RoleId): Promise<{ cookie: string; csrf: string }[]>;
  close(): Promise<void>;
}

export async function createPeer(url: string, opts: { poolSize?: number; client?: ClientConfig } = {}): Promise<Peer> {
  const client = opts.client ?? CLIENTS.MOH;
  // Idle connections go back after a second: between its windows the peer leaves the server's connections to the
  // others (max_connections is shared with everything else on the machine).
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 24,
    idleTimeoutMillis: 1000,
    application_name: 'bench-peer',
  });
  pool.on('error', () => {});
  const store = getPostgreSQLEventStore(url, {
    connectionOptions: { pool },
    projections: projections.inline([opportunities, participations]),
  });
  await store.schema.migrate();
  await pool.query(SESSIONS_SQL);
  const pongo = pongoClient(url, { connectionOptions: { pool } });
  const db = pongo.db();
  const volunteersRm = db.collection<VolunteerDoc>('volunteers');
  const opportunitiesRm = db.collection<OpportunityDoc>('opportunities');
  const participationsRm = db.collection<ParticipationDoc>('participations');
  // Pongo creates a collection's table on first use: make the three before any request does.
  await Promise.all([
    volunteersRm.schema.migrate(),
    opportunitiesRm.schema.migrate(),
    participationsRm.schema.migrate(),
  ]);

  async function requestJoin(opportunityId: string, volunteerId: string, dates: Dates): Promise<bigint> {
    // The volunteer's schedule first (at most two pending requests, no overlapping accepted event), then the request;
    // a refused request gives its place in the schedule back.
    await handleSchedule(
      store,
      volunteerId,
      (s) => asPeer(scheduleDecider.decide({ type: 'HoldJoinRequest', opportunityId, dates }, s, new Date())),
      { retry: { onVersionConflict: 20 } },
    );
    try {
      const r = await handleParticipation(store, participationStreamOf(opportunityId, volunteerId), (s) =>
        asPeer(participationDecider.decide({ type: 'RequestJoin' }, s, new Date())),
      );
      return r.lastEventGlobalPosition;
    } catch (e) {
      await handleSchedule(store, volunteerId, (s) =>
        asPeer(scheduleDecider.decide({ type: 'SettleJoinRequest', opportunityId }, s, new Date())),
      ).catch(() => {});
      throw e;
    }
  }

  const app = Fastify({ logger: false });
  await app.register(cookie);
  // The portal's mapping of catalogue codes to statuses; the first few unexpected errors are printed (no logger).
  let unexpected = 0;
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (!(err instanceof DomainError) && !err.statusCode && unexpected++ < 3) console.error('peer:', err);
    return errorHandler(err, req, reply);
  });
  app.decorateRequest('peerSession', null);
  app.addHook('onRequest', async (req) => {
    const sid = req.cookies.sid;
    if (sid) {
      const { rows } = await pool.query<{ user_id: string; role_id: number; csrf_token: string; expired: boolean }>({
        ...TOUCH,
        values: [hashSessionId(sid), IDLE_TIMEOUT_SECONDS],
      });
      const r = rows[0];
      if (r && !r.expired)
        req.peerSession = { userId: r.user_id, roleId: r.role_id as RoleId, csrfToken: r.csrf_token };
    }
    if (req.method === 'POST' && (!req.peerSession || req.headers['x-csrf-token'] !== req.peerSession.csrfToken))
      throw new DomainError('CsrfRejected');
  });

  app.post<{ Params: { id: string } }>(
    '/api/opportunities/:id/join',
    {
      schema: {
        params: {
          type: 'object',
          properties: { id: { type: 'string', format: 'uuid' } },
          required: ['id'],
        },
      },
    },
    async (req) => {
      const session = req.peerSession;
      const id = req.params.id;
      const [who, o, invitation] = await Promise.all([
        session ? volunteersRm.findOne({ _id: session.userId }) : null,
        opportunitiesRm.findOne({ _id: id }),
        session ? participationsRm.findOne({ _id: `${id}_${session.userId}` }) : null,
      ]);
      if (!o?.exists || !o.details) throw new DomainError('InvalidEvent');
      const d = o.details;
      assertMayJoin(
        {
          signedIn: !!session,
          roleId: session?.roleId ?? null,
          registrationStatus: (who?.registrationStatus ?? null) as 5 | null,
          nicValid: who?.nicValid ?? false,
          infoComplete: who?.infoComplete ?? false,
          regionId: who?.regionId ?? null,
          cityId: who?.cityId ?? null,
          gender: who?.gender ?? null,
          invited: invitation?.status === 1,
        },
        joinTargetOf(o),
        client,
        new Date(),
      );
      const position = await requestJoin(id, session!.userId, { startDate: d.startDate, endDate: d.endDate });
      return { position: String(position) };
    },
  );

  return {
    app,
    store,
    pongo,
    pool,
    async createEvent(details) {
      const id = randomUUID();
      const now = new Date();
      await handleOpportunity(store, id, (s) =>
        asPeer(opportunityDecider.decide({ type: 'Create', details, client, lookups: SEED_LOOKUPS }, s, now)),
      );
      await handleOpportunity(store, id, (s) => asPeer(opportunityDecider.decide({ type: 'Approve' }, s, now)));
      return id;
    },
    async addVolunteers(volunteers, roleId = 1 as RoleId) {
      const out: { cookie: string; csrf: string }[] = [];
      for (let i = 0; i < volunteers.length; i += 2_000) {
        const chunk = volunteers.slice(i, i + 2_000);
        await volunteersRm.insertMany(chunk);
        const ids = chunk.map(() => randomUUID() + randomUUID());
        const csrf = chunk.map(() => randomUUID());
        await pool.query(
          `insert into sessions (id_hash, user_id, role_id, csrf_token, must_change_password)
           select h, u, $3, c, false from unnest($1::text[], $2::uuid[], $4::text[]) as t(h, u, c)`,
          [ids.map(hashSessionId), chunk.map((v) => v._id), roleId, csrf],
        );
        out.push(...chunk.map((_, k) => ({ cookie: `sid=${ids[k]}`, csrf: csrf[k]! })));
      }
      return out;
    },
    async close() {
      await app.close();
      await pongo.close();
      await store.close();
      await pool.end();
    },
  };
}

/**
 * The floor: a bare Fastify route making three prepared point queries on the peer's database (the session, the
 * volunteer, the event) and nothing else — no rules, no write, no projection. What HTTP and three round trips cost
 * on this machine.
 */
export async function createFloor(
  url: string,
  poolSize = 16,
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 1000,
    application_name: 'bench-floor',
  });
  pool.on('error', () => {});
  const app = Fastify({ logger: false });
  await app.register(cookie);
  let unexpected = 0;
  app.setErrorHandler((err: FastifyError, _req, reply) => {
    if (unexpected++ < 3) console.error('floor:', err);
    return reply.code(500).send({ error: err.message });
  });
  app.post<{ Params: { id: string } }>('/api/opportunities/:id/join', async (req) => {
    const session = await pool.query<{ user_id: string }>({
      name: 'floor-session',
      text: 'select user_id from sessions where id_hash = $1',
      values: [hashSessionId(req.cookies.sid ?? '')],
    });
    const userId = session.rows[0]?.user_id ?? '';
    await pool.query({ name: 'floor-volunteer', text: 'select data from volunteers where _id = $1', values: [userId] });
    await pool.query({
      name: 'floor-event',
      text: 'select data from opportunities where _id = $1',
      values: [req.params.id],
    });
    return { ok: true };
  });
  return {
    app,
    async close() {
      await app.close();
      await pool.end();
    },
  };
}
