import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, startTestPortal, type TestPortal } from '../../tests/support/portal.ts';

// Issue 14: the join benchmark counted 1.6–6.4 rows written to auth.sessions a join. A trigger counts every row the
// table really gets (insert, update, delete), whatever the statistics collector reports and whenever it reports it.
let portal: TestPortal;

beforeAll(async () => {
  portal = await startTestPortal();
  await sql
    .raw(`
      create table auth.test_session_writes (op text not null);
      create function auth.test_count_session_write() returns trigger language plpgsql as $$
        begin insert into auth.test_session_writes values (tg_op); return null; end $$;
      create trigger count_session_write after insert or update or delete on auth.sessions
        for each row execute function auth.test_count_session_write();`)
    .execute(portal.runtime.db);
});
afterAll(async () => {
  await portal?.close();
});

const writes = async () => {
  const { rows } = await sql<{ op: string; n: number }>`
    select op, count(*)::int as n from auth.test_session_writes group by op order by op`.execute(portal.runtime.db);
  await sql`delete from auth.test_session_writes`.execute(portal.runtime.db);
  return Object.fromEntries(rows.map((r) => [r.op, r.n]));
};

describe('session writes per request', () => {
  it('touches each session at most once, however many of its requests arrive together, and not again within 10 s', async () => {
    const who = [
      ['admin', 'Admin@2026!'],
      ['reviewer', 'Review@2026!'],
      ['volunteer1', 'Volunteer@2026!'],
    ] as const;
    const browsers = await Promise.all(
      who.map(async ([name, password]) => {
        const b = new Browser(portal.app);
        expect((await b.login(name, password)).statusCode).toBe(200);
        return b;
      }),
    );
    const burst = async () => {
      // Reads and writes (a POST passes the CSRF check), many a session, all at once: their checks share statements.
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          i % 2 === 0 ? browsers[i % 3]!.get('/api/session') : browsers[i % 3]!.post('/api/session/keepalive'),
        ),
      );
      for (const res of answers) expect(res.statusCode).toBeLessThan(300);
    };
    await writes();
    await sql`update auth.sessions set last_seen_at = now() - interval '1 minute'`.execute(portal.runtime.db);
    expect(await writes()).toEqual({ UPDATE: 3 });

    await burst();
    expect(await writes()).toEqual({ UPDATE: 3 }); // one touch a session, not one a request or a batch
    await burst();
    expect(await writes()).toEqual({}); // touched less than 10 s ago: nothing written

    await sql`update auth.sessions set last_seen_at = now() - interval '11 seconds'
               where user_id = '00000000-0000-4000-8000-000000000003'`.execute(portal.runtime.db);
    await writes();
    await burst();
    expect(await writes()).toEqual({ UPDATE: 1 });
  });

  it('sweeps the sessions that ended more than a day ago, and keeps a just-ended one to tell its cookie it expired', async () => {
    const sessions = portal.runtime.sessions;
    const user = randomUUID();
    const open = (n: number) =>
      Promise.all(
        Array.from({ length: n }, () =>
          sessions.create({ userId: user, roleId: 1, csrfToken: 'x', mustChangePassword: false }),
        ),
      );
    const [idleLong, idleJust, tooOld, fresh] = await open(4);
    const age = (id: string, column: 'last_seen_at' | 'created_at', interval: string) =>
      sql`update auth.sessions set ${sql.ref(column)} = now() - ${interval}::interval
           where id_hash = ${createHash('sha256').update(id).digest('base64url')}`.execute(portal.runtime.db);
    await age(idleLong!, 'last_seen_at', '2 days');
    await age(idleJust!, 'last_seen_at', '20 minutes');
    await age(tooOld!, 'created_at', '38 hours');
    expect(await sessions.removeEnded(new Date())).toBe(2);
    const left = await sql<{ n: number }>`select count(*)::int as n from auth.sessions where user_id = ${user}`.execute(
      portal.runtime.db,
    );
    expect(left.rows[0]!.n).toBe(2);
    expect(await sessions.touch(idleLong!)).toBeNull();
    expect(await sessions.touch(tooOld!)).toBeNull();
    expect(await sessions.touch(idleJust!)).toBe('expired');
    expect(await sessions.touch(fresh!)).toMatchObject({ userId: user });
  });
});
