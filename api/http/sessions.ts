import { createHash, randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { type Kysely, sql } from 'kysely';
import { Coalescer } from '../../commands/db/coalesce.ts';
import { registerSchema } from '../../commands/db/migrate.ts';
import type { RoleId } from '../../domain/shared/roles.ts';
import type { AnyDB } from '../../projections/runner/projection.ts';

/** Spec: idle time-out 900 s. */
export const IDLE_TIMEOUT_SECONDS = 900;
/** A session ends this long after sign-in however busy it is: a stolen cookie does not live for ever. */
export const ABSOLUTE_LIFETIME_SECONDS = 12 * 3600;
/** How long an ended session's row is kept so that its cookie, coming back, is told it expired (then swept). */
export const SESSION_SWEEP_GRACE_SECONDS = 24 * 3600;
/** The UI warns this long before the time-out. */
export const IDLE_WARNING_SECONDS = 60;

/** A session's row (the Emmett peer, bench/peer/app.ts, keeps its sessions in a table of the same columns). */
export const SESSION_COLUMNS = `
  id_hash text primary key,
  user_id uuid not null,
  role_id int not null,
  csrf_token text not null,
  must_change_password boolean not null,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now()`;

// Sessions are infrastructure, not domain facts: they live in a plain table. What matters for the audit (each login
// attempt, each password change) is an event on the user's stream.
// Half of each page is left free (fillfactor 50; a session row is ~200 bytes, so the table stays small): a touch's new
// row version then fits on its page and is a HOT update, which writes no index entry. On full pages a touch could be
// a cold update, with a new entry in both indexes (the join benchmark: half of them were).
registerSchema(
  'auth',
  `
      create table if not exists auth.sessions (${SESSION_COLUMNS});
      create index if not exists sessions_user_idx on auth.sessions (user_id);
      alter table auth.sessions set (fillfactor = 50);`,
);

export interface Session {
  userId: string;
  roleId: RoleId;
  csrfToken: string;
  mustChangePassword: boolean;
}

/** How stale last_seen_at may get before a request moves it. */
const TOUCH_EVERY_SECONDS = 10;

/** The key a session's row is found by: the cookie's id is never stored. */
export const hashSessionId = (id: string) => createHash('sha256').update(id).digest('base64url');
export const newToken = () => randomBytes(32).toString('base64url');

interface SessionRow {
  id_hash: string;
  user_id: string;
  role_id: number;
  csrf_token: string;
  must_change_password: boolean;
  expired: boolean;
}

export class SessionStore {
  private readonly db: Kysely<AnyDB>;
  readonly idleSeconds: number;
  readonly lifetimeSeconds: number;
  /** In-process notice of ended sessions (by id hash and by user), so open event streams close at once. */
  private readonly ended = new EventEmitter();
  /** Every request checks its session: the checks of requests that arrive together share one statement. */
  private readonly touches: Coalescer<string, SessionRow | null>;
  constructor(db: Kysely<AnyDB>, idleSeconds = IDLE_TIMEOUT_SECONDS, lifetimeSeconds = ABSOLUTE_LIFETIME_SECONDS) {
    this.db = db;
    this.idleSeconds = idleSeconds;
    this.lifetimeSeconds = lifetimeSeconds;
    this.ended.setMaxListeners(0);
    this.touches = new Coalescer('session checks', async (hashes) => {
      const rows = await this.touchMany(hashes);
      const byHash = new Map(rows.map((r) => [r.id_hash, r]));
      return hashes.map((h) => ({ ok: true, value: byHash.get(h) ?? null }));
    });
  }

  /**
   * The sessions of these id hashes, touched in the same statement. last_seen_at moves at most every
   * TOUCH_EVERY_SECONDS: a busy session writes (and waits for a WAL flush) once in that time instead of on every
   * request. The idle time-out then fires up to that much early (890 s, not 900).
   */
  private async touchMany(hashes: string[]): Promise<SessionRow[]> {
    const { rows } = await sql<SessionRow>`
      with old as (select id_hash, last_seen_at < now() - make_interval(secs => ${this.idleSeconds})
                              or created_at < now() - make_interval(secs => ${this.lifetimeSeconds}) as expired
                     from auth.sessions where id_hash = any(${hashes}::text[])),
      upd as (update auth.sessions s set last_seen_at = now() from old
               where s.id_hash = old.id_hash and not old.expired
                 and s.last_seen_at < now() - make_interval(secs => ${TOUCH_EVERY_SECONDS})
               returning s.id_hash)
      select s.id_hash, s.user_id, s.role_id, s.csrf_token, s.must_change_password, old.expired
        from old join auth.sessions s on s.id_hash = old.id_hash`.execute(this.db);
    return rows;
  }

  /** Creates a session; the returned id goes only into the httpOnly cookie (the table keeps its hash). */
  async create(s: Session): Promise<string> {
    const id = newToken();
    await sql`insert into auth.sessions (id_hash, user_id, role_id, csrf_token, must_change_password)
              values (${hashSessionId(id)}, ${s.userId}, ${s.roleId}, ${s.csrfToken}, ${s.mustChangePassword})`.execute(
      this.db,
    );
    return id;
  }

  /**
   * The live session for a cookie, touched in the same statement; 'expired' when it sat idle past the time-out or
   * outlived its absolute lifetime (and is then removed), null when unknown.
   */
  async touch(id: string): Promise<Session | 'expired' | null> {
    const r = await this.touches.call(hashSessionId(id));
    if (!r) return null;
    if (r.expired) {
      await this.destroy(id);
      return 'expired';
    }
    return {
      userId: r.user_id,
      roleId: r.role_id as RoleId,
      csrfToken: r.csrf_token,
      mustChangePassword: r.must_change_password,
    };
  }

  /**
   * Removes the sessions that ended more than `graceSeconds` ago (idle past the time-out, or past their lifetime) and
   * were never asked for again: a cookie that comes back within the grace is still told 'expired' (and its session
   * removed then), one that comes back later finds no session. Answers how many were removed.
   */
  async removeEnded(now: Date, graceSeconds = SESSION_SWEEP_GRACE_SECONDS): Promise<number> {
    const { numAffectedRows } = await sql`
      delete from auth.sessions
       where last_seen_at < ${now}::timestamptz - make_interval(secs => ${this.idleSeconds + graceSeconds})
          or created_at < ${now}::timestamptz - make_interval(secs => ${this.lifetimeSeconds + graceSeconds})`.execute(
      this.db,
    );
    return Number(numAffectedRows ?? 0);
  }

  async passwordChanged(id: string): Promise<void> {
    await sql`update auth.sessions set must_change_password = false where id_hash = ${hashSessionId(id)}`.execute(
      this.db,
    );
  }

  async destroy(id: string): Promise<void> {
    const h = hashSessionId(id);
    await sql`delete from auth.sessions where id_hash = ${h}`.execute(this.db);
    this.ended.emit(`s:${h}`);
  }

  async destroyAllOf(userId: string): Promise<void> {
    await sql`delete from auth.sessions where user_id = ${userId}`.execute(this.db);
    this.ended.emit(`u:${userId}`);
  }

  /** A password change or reset ends every other session of the user (a thief's cookie among them). */
  async destroyOthersOf(userId: string, keepId: string): Promise<void> {
    const keep = hashSessionId(keepId);
    const { rows } = await sql<{ id_hash: string }>`
      delete from auth.sessions where user_id = ${userId} and id_hash <> ${keep} returning id_hash`.execute(this.db);
    for (const r of rows) this.ended.emit(`s:${r.id_hash}`);
  }

  /** Whether the session still exists and has not expired (no touch: a held-open stream is not activity). */
  async alive(id: string): Promise<boolean> {
    const { rows } = await sql<{ one: number }>`
      select 1 as one from auth.sessions where id_hash = ${hashSessionId(id)}
         and last_seen_at >= now() - make_interval(secs => ${this.idleSeconds})
         and created_at >= now() - make_interval(secs => ${this.lifetimeSeconds})`.execute(this.db);
    return rows.length > 0;
  }

  /**
   * Calls onEnd when this process ends the session (logout, password change elsewhere); returns the unsubscribe.
   * Other replicas' endings are found by the holder's periodic alive() check.
   */
  onEnded(id: string, userId: string, onEnd: () => void): () => void {
    const keys = [`s:${hashSessionId(id)}`, `u:${userId}`];
    for (const k of keys) this.ended.on(k, onEnd);
    return () => {
      for (const k of keys) this.ended.off(k, onEnd);
    };
  }
}
