import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENTS } from '../../domain/shared/clients.ts';
import { testContext, uniqueRegistrationForm } from '../../tests/support/command-fixtures.ts';
import { commandStore } from '../../tests/support/command-store.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts';
import { releaseUserName, reserveUserName, userIdForName } from '../account/handlers.ts';
import type { PostgresEventStore } from '../event-store/postgres.ts';
import { registerVolunteer, reviewRegistration, updateRegistration } from './handlers.ts';

const ctx = () => testContext();
const uniqueForm = () => uniqueRegistrationForm('reg');

describe('refused registration commands write nothing (real PostgreSQL)', () => {
  let t: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    t = await createTestDatabase('registration', 10);
    store = commandStore(t.pool);
  });
  afterAll(async () => {
    await t.drop();
  });
  const eventCount = async () => (await t.pool.query('select count(*)::int as n from es.events')).rows[0].n as number;

  it('refuses an update the application no longer allows without claiming or releasing anything', async () => {
    const form = uniqueForm();
    const { volunteerId } = await registerVolunteer(store, CLIENTS.MOH, { form, submit: true }, ctx());
    await reviewRegistration(
      store,
      volunteerId,
      {
        type: 'InitiallyAccept',
        appointmentAt: new Date(Date.now() + 86_400_000).toISOString(),
        location: 'HQ',
        reviewerId: 'r',
        reviewerName: 'Reviewer',
      },
      ctx(),
    );
    const fresh = uniqueForm();
    const edited = structuredClone(form);
    edited.user!.email = fresh.user!.email;
    edited.user!.mobile = fresh.user!.mobile;
    edited.identity!.idNumber = fresh.identity!.idNumber;
    const before = await eventCount();
    await expect(
      updateRegistration(store, CLIENTS.MOH, volunteerId, form, { form: edited, submit: true }, ctx()),
    ).rejects.toMatchObject({ code: 'RegistrationNotEditable' });
    expect(await eventCount()).toBe(before);
  });

  it('refuses an update to a value someone else holds without writing anything', async () => {
    const [a, b] = [uniqueForm(), uniqueForm()];
    await registerVolunteer(store, CLIENTS.MOH, { form: a, submit: true }, ctx());
    const { volunteerId } = await registerVolunteer(store, CLIENTS.MOH, { form: b, submit: true }, ctx());
    const edited = structuredClone(b);
    edited.user!.mobile = uniqueForm().user!.mobile; // a free value first: it must not be claimed either
    edited.identity!.idNumber = a.identity!.idNumber;
    const before = await eventCount();
    await expect(
      updateRegistration(store, CLIENTS.MOH, volunteerId, b, { form: edited, submit: true }, ctx()),
    ).rejects.toMatchObject({ code: 'IdNumberAlreadyExists' });
    expect(await eventCount()).toBe(before);
  });

  it('refuses a registration with a taken value without writing, and its user name stays free for a retry', async () => {
    const taken = uniqueForm();
    await registerVolunteer(store, CLIENTS.MOH, { form: taken, submit: true }, ctx());
    const form = uniqueForm();
    form.user!.email = taken.user!.email;
    const before = await eventCount();
    await expect(registerVolunteer(store, CLIENTS.MOH, { form, submit: true }, ctx())).rejects.toMatchObject({
      code: 'EmailAlreadyExists',
    });
    expect(await eventCount()).toBe(before);
    form.user!.email = uniqueForm().user!.email;
    await expect(registerVolunteer(store, CLIENTS.MOH, { form, submit: true }, ctx())).resolves.toMatchObject({
      status: 2,
    });
  });

  it('gives a released user name to the next one who reserves it, and to one of two at a time', async () => {
    const name = uniqueForm().user!.userName!;
    const [first, second, third] = [randomUUID(), randomUUID(), randomUUID()];
    await reserveUserName(store, name, first, ctx());
    await expect(reserveUserName(store, name, second, ctx())).rejects.toMatchObject({ code: 'UserNameAlreadyExists' });
    // Someone who does not hold it cannot give it back.
    await releaseUserName(store, name, second, ctx());
    expect(await userIdForName(store, name)).toBe(first);
    await releaseUserName(store, name, first, ctx());
    expect(await userIdForName(store, name)).toBeNull();
    const results = await Promise.allSettled([second, third].map((id) => reserveUserName(store, name, id, ctx())));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect([second, third]).toContain(await userIdForName(store, name));
  });
});
