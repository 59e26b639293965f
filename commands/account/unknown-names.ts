import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { LOCKOUT_MINUTES, MAX_FAILED_LOGINS } from '../../domain/account/decide.ts';
import type { AnyDB } from '../db/kysely.ts';
import { registerSchema } from '../db/migrate.ts';

// Failed sign-ins with user names that belong to nobody, counted per name and source like an account's, so that the
// answers (WrongInfo, then Locked with its time) cannot tell an unknown name from a known one. The name is kept only
// as a hash: what people type there is sometimes a password.
registerSchema(
  'auth',
  `
      create table if not exists auth.unknown_name_failures (
        name_hash text not null,
        source text not null,
        failed_attempts int not null,
        locked_until timestamptz,
        updated_at timestamptz not null,
        primary key (name_hash, source)
      );
      create index if not exists unknown_name_failures_updated_idx on auth.unknown_name_failures (updated_at);`,
);

export interface UnknownNameFailures {
  /** Records a failed attempt (or one refused while locked); answers the lock in force after it, if any. */
  fail(userName: string, source: string, now: Date): Promise<{ lockedUntil: string | null; newlyLocked: boolean }>;
}

const nameHash = (userName: string) => createHash('sha256').update(userName.trim().toLowerCase()).digest('base64url');

export class PostgresUnknownNameFailures implements UnknownNameFailures {
  private readonly db: Kysely<AnyDB>;
  constructor(db: Kysely<AnyDB>) {
    this.db = db;
  }

  async fail(userName: string, source: string, now: Date) {
    const h = nameHash(userName);
    return this.db.transaction().execute(async (tx) => {
      const { rows } = await sql<{ failed_attempts: number; locked_until: Date | null }>`
        select failed_attempts, locked_until from auth.unknown_name_failures
         where name_hash = ${h} and source = ${source} for update`.execute(tx);
      const row = rows[0];
      // The account decider's rules: refused while locked; an expired lock starts the count again.
      if (row?.locked_until && row.locked_until.getTime() > now.getTime())
        return { lockedUntil: row.locked_until.toISOString(), newlyLocked: false };
      const failed = (row && !row.locked_until ? row.failed_attempts : 0) + 1;
      const until = failed >= MAX_FAILED_LOGINS ? new Date(now.getTime() + LOCKOUT_MINUTES * 60_000) : null;
      await sql`
        insert into auth.unknown_name_failures (name_hash, source, failed_attempts, locked_until, updated_at)
        values (${h}, ${source}, ${failed}, ${until}, ${now})
        on conflict (name_hash, source) do update
          set failed_attempts = excluded.failed_attempts, locked_until = excluded.locked_until,
              updated_at = excluded.updated_at`.execute(tx);
      // Rows untouched for a day hold nothing an attacker could use: forget them as we go.
      await sql`delete from auth.unknown_name_failures where updated_at < ${now}::timestamptz - interval '1 day'`.execute(
        tx,
      );
      return { lockedUntil: until?.toISOString() ?? null, newlyLocked: until !== null };
    });
  }
}
