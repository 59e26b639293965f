import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { PostgresEventStore } from '../../commands/event-store/postgres.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts';
import { on, projectionSpec } from '../../tests/support/projection-spec.ts';
import { loginLogProjection } from './login-log.ts';
import { ownedOpportunitiesProjection } from './owned-opportunities.ts';
import { usersProjection } from './users.ts';

describe('the account projections (given events, then rows)', () => {
  let t: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    t = await createTestDatabase('account_spec');
    store = new PostgresEventStore(t.pool);
  });
  afterAll(async () => {
    await store.close();
    await t.drop();
  });

  const created = (userId: string, userName: string) => ({
    userId,
    userName,
    name: { ar: 'سارة', en: 'Sara' },
    email: `${userName}@example.org`,
    roleId: 2,
    credentialId: randomUUID(),
    mustChangePassword: true,
    emailVerified: true,
    nicValid: true,
    registrationComplete: false,
  });
  const at = (minute: number) => `2026-05-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

  it('users: the failures, a lock stored in its old shape (no source), a password change and areas', async () => {
    const userId = randomUUID();
    const stream = `user-${userId}`;
    await projectionSpec(t, store, usersProjection)
      .given(
        on(stream, 'AccountCreated', created(userId, `Sara_${userId.slice(0, 6)}`)),
        on(stream, 'LoginFailed', { at: at(1), reason: 'WrongInfo', failedAttempts: 4, ip: null, userAgent: null }),
        on(stream, 'AccountLocked', { at: at(2), until: at(17), failedAttempts: 5 }),
        on(stream, 'PasswordChanged', { at: at(3), credentialId: randomUUID(), forced: false }),
        on(stream, 'UserAreasAssigned', {
          at: at(4),
          regionIds: [3, 1],
          cityIds: [7],
          previous: { regionIds: [], cityIds: [] },
        }),
      )
      .thenRows(
        'users',
        {
          columns: [
            'user_name_lower',
            'must_change_password',
            'failed_attempts',
            'locked_until',
            'region_ids',
            'city_ids',
          ],
          where: { user_id: userId },
        },
        [
          {
            user_name_lower: `sara_${userId.slice(0, 6)}`,
            must_change_password: false,
            failed_attempts: 5,
            locked_until: new Date(at(17)),
            region_ids: [3, 1],
            city_ids: [7],
          },
        ],
      );
  });

  it('users: a password set from a reset link ends the lock and forces a change at the next login', async () => {
    const userId = randomUUID();
    const stream = `user-${userId}`;
    await projectionSpec(t, store, usersProjection)
      .given(
        on(stream, 'AccountCreated', { ...created(userId, `Reset_${userId.slice(0, 6)}`), mustChangePassword: false }),
        on(stream, 'AccountLocked', { at: at(2), until: at(17), failedAttempts: 5, source: '10.0.0.1' }),
        on(stream, 'PasswordResetRequested', {
          at: at(3),
          email: 'x@example.org',
          tokenHash: 'h',
          expiresAt: at(4),
          byAdmin: false,
        }),
        on(stream, 'PasswordReset', { at: at(5), credentialId: randomUUID() }),
      )
      .thenRows(
        'users',
        {
          columns: ['must_change_password', 'failed_attempts', 'locked_until', 'password_changed_at'],
          where: { user_id: userId },
        },
        [{ must_change_password: true, failed_attempts: 0, locked_until: null, password_changed_at: new Date(at(5)) }],
      );
  });

  it('login-log: one row per attempt with its LoginStatus, unknown names included', async () => {
    const userId = randomUUID();
    const name = `ghost_${userId.slice(0, 6)}`;
    const ip = `10.${[0, 1, 2].map(() => Math.floor(Math.random() * 250)).join('.')}`;
    await projectionSpec(t, store, loginLogProjection)
      .given(
        on(`user-${userId}`, 'AccountCreated', created(userId, `u_${userId.slice(0, 6)}`)),
        on(`user-${userId}`, 'LoginFailed', { at: at(1), reason: 'Locked', failedAttempts: 5, ip, userAgent: 'ua' }),
        on(`user-${userId}`, 'LoginSucceeded', { at: at(2), ip, userAgent: 'ua' }),
        on('loginlog-2026-05-01', 'UnknownUserLoginFailed', { at: at(3), userName: name, ip, userAgent: null }),
      )
      .thenRows(
        'login_log',
        {
          columns: ['login_status', 'user_id::text as user_id', 'user_name', 'user_agent'],
          where: { ip },
          orderBy: 'at',
        },
        [
          { login_status: 5, user_id: userId, user_name: null, user_agent: 'ua' },
          { login_status: 1, user_id: userId, user_name: null, user_agent: 'ua' },
          { login_status: 3, user_id: null, user_name: name, user_agent: null },
        ],
      );
  });

  it('users: a staff account with its mobile and department, then edited and moved to another department', async () => {
    const userId = randomUUID();
    const stream = `user-${userId}`;
    await projectionSpec(t, store, usersProjection)
      .given(
        on(stream, 'AccountCreated', {
          ...created(userId, `st_${userId.slice(0, 6)}`),
          mobile: '0551234567',
          departmentId: 1,
        }),
        on(stream, 'UserEdited', {
          at: at(1),
          name: { ar: 'سارة م', en: 'Sara M' },
          email: 'sara.m@example.org',
          mobile: '0559999999',
          roleId: 4,
          changes: [],
        }),
        on(stream, 'UserDepartmentChanged', { at: at(2), departmentId: 3, previous: 1, opportunityIds: [] }),
        // A role past int4 (an old API's value) keeps the role it had instead of stopping the read model.
        on(stream, 'UserEdited', {
          at: at(3),
          name: { ar: 'سارة م', en: 'Sara M' },
          email: 'sara.m@example.org',
          mobile: '0559999999',
          roleId: 2 ** 40,
          changes: [],
        }),
      )
      .thenRows(
        'users',
        { columns: ['name_en', 'email', 'mobile', 'role_id', 'department_id'], where: { user_id: userId } },
        [{ name_en: 'Sara M', email: 'sara.m@example.org', mobile: '0559999999', role_id: 4, department_id: 3 }],
      );
  });

  it("owned-opportunities: an event's creator owns it, it follows her department, a deleted one is marked", async () => {
    const owner = randomUUID();
    const [kept, deleted, bySystem] = [randomUUID(), randomUUID(), randomUUID()];
    const details = { code: 'EV-1' };
    await projectionSpec(t, store, ownedOpportunitiesProjection)
      .given(
        on(`opportunity-${kept}`, 'OpportunityCreated', { details }, { actorId: owner }),
        on(`opportunity-${deleted}`, 'OpportunityCreated', { details }, { actorId: owner }),
        on(`opportunity-${bySystem}`, 'OpportunityCreated', { details }, { actorId: 'demo-seed' }),
        on(`opportunity-${kept}`, 'OpportunityDepartmentChanged', { ownerId: owner, departmentId: 2, previous: null }),
        on(`opportunity-${deleted}`, 'OpportunityDeleted', { reason: 'x', previousStatus: 0 }),
      )
      .thenRows(
        'owned_opportunities',
        {
          columns: ['opportunity_id::text as id', 'department_id', 'deleted'],
          where: { owner_id: owner },
          orderBy: 'deleted',
        },
        [
          { id: kept, department_id: 2, deleted: false },
          { id: deleted, department_id: null, deleted: true },
        ],
      );
  });
});
