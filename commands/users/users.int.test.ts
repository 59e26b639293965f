import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountStream } from '../../domain/account/events.ts';
import { seedSnapshot } from '../../domain/lookups/testing.ts';
import { opportunityDecider, opportunityStream } from '../../domain/opportunity/decide.ts';
import { CLIENTS } from '../../domain/shared/clients.ts';
import { opportunityDetails, testContext } from '../../tests/support/command-fixtures.ts';
import { commandStore } from '../../tests/support/command-store.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts';
import { resumeProcess } from '../../workers/process-reactions.ts';
import type { PostgresEventStore } from '../event-store/postgres.ts';
import { handleCommand } from '../handle.ts';
import { seedLookups } from '../lookups/seed.ts';
import { loadProcess, processStream } from '../workflow/process.ts';
import { changeDepartment, createStaffAccount } from './handlers.ts';

describe('staff account commands (real PostgreSQL)', () => {
  let t: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    t = await createTestDatabase('users_commands');
    store = commandStore(t.pool);
    await seedLookups(store, 'MOH');
  });
  afterAll(async () => {
    await store.close();
    await t.drop();
  });

  const types = async (stream: string) => {
    const out: string[] = [];
    for await (const e of store.readStream(stream)) out.push(e.type);
    return out;
  };
  const account = (n: string) => ({
    userName: `staff_${n}`,
    password: 'Start@2026!',
    name: { ar: 'موظف', en: 'Staff' },
    email: `staff_${n}@example.org`,
    mobile: '0551234567',
    roleId: 2,
    departmentId: 1,
    regionIds: [1],
    cityIds: [3],
  });

  it('creates one account when the same command is sent twice, keeping one password credential', async () => {
    const ctx = testContext({ actorRole: 3 });
    const n = randomUUID().slice(0, 8);
    const first = await createStaffAccount(store, account(n), ctx);
    const again = await createStaffAccount(store, account(n), ctx);
    expect(again.userId).toBe(first.userId);
    expect(await types(accountStream(first.userId))).toEqual(['AccountCreated', 'UserAreasAssigned']);
    const { rows } = await sql<{ n: string }>`
      select count(*)::text as n from auth.credentials where user_id = ${first.userId}`.execute(t.db);
    expect(rows[0]!.n).toBe('1');
  });

  it('leaves no credential behind when the creation is refused', async () => {
    const n = randomUUID().slice(0, 8);
    await createStaffAccount(store, account(n), testContext());
    const refused = createStaffAccount(store, { ...account(`${n}x`), email: `staff_${n}@example.org` }, testContext());
    await expect(refused).rejects.toMatchObject({ code: 'EmailAlreadyExists' });
    const { rows } = await sql<{ n: string }>`
      select count(*)::text as n from auth.credentials c
       where not exists (select 1 from es.events e where e.type = 'AccountCreated'
                          and e.data->>'credentialId' = c.credential_id::text)`.execute(t.db);
    expect(rows[0]!.n).toBe('0');
  });

  it("finishes a department change whose runner died after the account's step (the reactor resumes it)", async () => {
    const owner = await createStaffAccount(store, account(randomUUID().slice(0, 8)), testContext());
    const events = [randomUUID(), randomUUID()].sort();
    for (const id of events)
      await handleCommand(
        store,
        opportunityStream(id),
        opportunityDecider,
        { type: 'Create', details: opportunityDetails(), client: CLIENTS.MOH, lookups: seedSnapshot() },
        testContext({ actorId: owner.userId }),
      );
    const ctx = testContext({ actorRole: 3 });
    // The first run: its events step fails with the database's own kind of error (not a refusal), as a crash would.
    let calls = 0;
    const failing = new Proxy(store, {
      get(target, prop, receiver) {
        if (prop === 'append')
          return async (...args: Parameters<PostgresEventStore['append']>) => {
            if (args[0].startsWith('opportunity-') && calls++ === 1) throw new Error('connection lost');
            return target.append(...args);
          };
        const v = Reflect.get(target, prop, receiver);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    const input = { userId: owner.userId, departmentId: 2, opportunityIds: events, confirmedEvents: 2 };
    await expect(changeDepartment(failing, input, ctx)).rejects.toThrow('connection lost');
    expect((await loadProcess(store, ctx.commandId)).completed).toBeNull();
    expect(await types(opportunityStream(events[1]!))).toEqual(['OpportunityCreated']);

    expect(await resumeProcess(store, ctx.commandId)).toBe('resumed');
    for (const id of events)
      expect(await types(opportunityStream(id))).toEqual(['OpportunityCreated', 'OpportunityDepartmentChanged']);
    expect(await types(accountStream(owner.userId))).toContain('UserDepartmentChanged');
    expect((await types(processStream(ctx.commandId))).at(-1)).toBe('ProcessCompleted');
  });

  it('writes nothing when the confirmed number of events is not the number that would move', async () => {
    const owner = await createStaffAccount(store, account(randomUUID().slice(0, 8)), testContext());
    const ctx = testContext();
    const input = { userId: owner.userId, departmentId: 2, opportunityIds: [randomUUID()], confirmedEvents: 0 };
    await expect(changeDepartment(store, input, ctx)).rejects.toMatchObject({ code: 'DepartmentImpactChanged' });
    expect(await types(accountStream(owner.userId))).not.toContain('UserDepartmentChanged');
    expect(await types(processStream(ctx.commandId))).toEqual([]);
  });
});
