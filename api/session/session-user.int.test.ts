import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { Browser, portalForFile, signedIn } from '../../tests/support/portal.ts';
import { READ_BEHIND_HEADER } from '../contracts/common.ts';

// A session opened moments after its account was created (a first single sign-on, a staff account signed on at once)
// must never be answered as "nobody signed in" because the read models have not taken the account in yet.
const file = portalForFile();

describe('a session whose account the read models do not hold yet', () => {
  it('is answered with its user once they catch up, not as signed out', async () => {
    const { portal } = file;
    const admin = await signedIn(portal.app, 'admin', 'Admin@2026!');
    // The users read model cannot take the new account in while this lock is held (reads go on).
    const lock = new pg.Client({ connectionString: portal.url });
    await lock.connect();
    try {
      await lock.query('begin');
      await lock.query('lock table rm.users in exclusive mode');
      const stamp = Date.now() % 100000;
      const created = await admin.post('/api/users', {
        userName: `fresh_${stamp}`,
        password: 'Start@2026!',
        name: { ar: 'موظف جديد', en: 'New staff member' },
        email: `fresh.${stamp}@portal.localhost`,
        mobile: '0551234567',
        roleId: 2,
        departmentId: 1,
        regionIds: [5],
        cityIds: [11],
      });
      expect(created.statusCode, created.body).toBe(201);
      const userId: string = created.json().userId;
      const held = await lock.query('select count(*)::int as n from rm.users where user_id = $1', [userId]);
      expect(held.rows[0].n).toBe(0);
      const sid = await portal.runtime.sessions.create({
        userId,
        roleId: 2,
        csrfToken: 'c',
        mustChangePassword: false,
      });
      const b = new Browser(portal.app);
      b.cookies.set('sid', sid);
      const answer = b.get('/api/session');
      setTimeout(() => void lock.query('commit'), 500);
      const r = await answer;
      expect(r.statusCode).toBe(200);
      expect(r.json().user).toMatchObject({ id: userId, userName: `fresh_${stamp}`, roleId: 2 });
      expect(r.headers[READ_BEHIND_HEADER]).toBeUndefined();
    } finally {
      await lock.end();
    }
  }, 30_000);
});
