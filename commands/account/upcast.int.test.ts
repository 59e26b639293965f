import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDecider } from '../../domain/account/decide.ts';
import { accountEvents, accountStream, EVERY_SOURCE } from '../../domain/account/events.ts';
import { clientConfig } from '../../domain/shared/clients.ts';
import { usersProjection } from '../../projections/account/users.ts';
import { auditLogProjection } from '../../projections/audit/audit-log.ts';
import { ProjectionRunner } from '../../projections/runner/runner.ts';
import { testContext } from '../../tests/support/command-fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts';
import { decode } from '../event-store/decode.ts';
import type { StoredEvent } from '../event-store/port.ts';
import { PostgresEventStore } from '../event-store/postgres.ts';
import { testMetadata } from '../event-store/test-events.ts';
import { loadFolded } from '../handle.ts';
import { PostgresCredentialVault, pairCredentialVault } from './credentials.ts';
import { createAccount, login } from './handlers.ts';

const PASSWORD = 'Right@2026!';

/**
 * An AccountLocked of version 1 (stored before locks were per source: no source, a lock on every source), appended
 * raw to the log as an old portal wrote it, is read everywhere in the current shape: the command path folds it as a
 * lock on every source, the projections see `source: "*"`, and new events carry their schema version.
 */
describe('an old event shape is upcast on every read path', () => {
  let t: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    t = await createTestDatabase('upcast');
    store = new PostgresEventStore(t.pool);
    pairCredentialVault(store, new PostgresCredentialVault(t.db));
  });
  afterAll(async () => {
    await store.close();
    await t.drop();
  });

  async function account(userName: string): Promise<string> {
    const { userId } = await createAccount(
      store,
      {
        userName,
        name: { ar: 'مستخدم', en: 'User' },
        email: `${userName}@example.org`,
        roleId: 2,
        password: PASSWORD,
        mustChangePassword: false,
      },
      testContext(),
    );
    return userId;
  }

  async function streamOf(userId: string): Promise<StoredEvent[]> {
    const out: StoredEvent[] = [];
    for await (const e of store.readStream(accountStream(userId))) out.push(e);
    return out;
  }

  const attempt = (userName: string, password: string, ip: string) => ({ userName, password, ip, userAgent: 'test' });

  it('folds, decides and projects a version 1 AccountLocked as a lock on every source', async () => {
    const userName = `old_lock_${randomUUID().slice(0, 8)}`;
    const userId = await account(userName);
    const until = new Date(Date.now() + 10 * 60_000).toISOString();
    const v1 = { at: new Date().toISOString(), until, failedAttempts: 5 };
    // As the old portal wrote it: no source, no schemaVersion.
    await store.append(
      accountStream(userId),
      [{ id: randomUUID(), type: 'AccountLocked', data: v1, metadata: testMetadata() }],
      { expectedRevision: 'any' },
    );

    const stored = (await streamOf(userId)).find((e) => e.type === 'AccountLocked')!;
    expect(stored.data).toEqual(v1);
    expect(stored.metadata.schemaVersion).toBeUndefined();
    expect(decode(accountEvents, stored)).toEqual({ type: 'AccountLocked', data: { ...v1, source: EVERY_SOURCE } });

    // The command path: the fold holds the lock for every source, so the right password from anywhere is refused.
    const folded = await loadFolded(store, accountStream(userId), accountDecider);
    expect(folded.state.failures[EVERY_SOURCE]).toEqual({ failedAttempts: 5, lockedUntil: until });
    const r = await login(store, clientConfig('MOH'), attempt(userName, PASSWORD, '10.9.8.7'), testContext());
    expect(r.status).toBe(5);

    // The projections: the lock in rm.users, the upcast source in the audit log's changed fields.
    for (const p of [usersProjection, auditLogProjection])
      await new ProjectionRunner(store, t.pool, t.db, p, { onParked: () => {} }).runUntilCaughtUp();
    const { rows: users } = await sql<{ locked_until: Date; failed_attempts: number }>`
      select locked_until, failed_attempts from rm.users where user_id = ${userId}`.execute(t.db);
    expect(users).toEqual([{ locked_until: new Date(until), failed_attempts: 5 }]);
    const { rows: audit } = await sql<{ changes: { field: string; to: unknown }[] }>`
      select changes from rm.audit_log where event_id = ${stored.id}`.execute(t.db);
    expect(audit[0]!.changes).toContainEqual({ field: 'source', from: null, to: EVERY_SOURCE });
  });

  it('writes new events with their current schema version, and a new lock names its source', async () => {
    const userName = `new_lock_${randomUUID().slice(0, 8)}`;
    const userId = await account(userName);
    for (let i = 0; i < 5; i++)
      await login(store, clientConfig('MOH'), attempt(userName, 'Wrong@2026!', '10.1.2.3'), testContext());
    const events = await streamOf(userId);
    const lock = events.find((e) => e.type === 'AccountLocked')!;
    expect(lock.metadata.schemaVersion).toBe(2);
    expect(lock.data).toMatchObject({ source: '10.1.2.3' });
    expect(events.find((e) => e.type === 'LoginFailed')!.metadata.schemaVersion).toBe(1);
    // Another source is still let in: the new shape's lock holds for its own source only.
    const r = await login(store, clientConfig('MOH'), attempt(userName, PASSWORD, '10.9.9.9'), testContext());
    expect(r.status).toBe(1);
  });
});
