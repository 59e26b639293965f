import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationStream } from '../../domain/registration/events.ts';
import { CLIENTS } from '../../domain/shared/clients.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { usersProjection } from '../../projections/account/users.ts';
import { firstRespondersProjection } from '../../projections/firstresponder/first-responders.ts';
import {
  type FirstRespondersDB,
  firstResponderOf,
  firstRespondersPage,
} from '../../projections/firstresponder/queries.ts';
import { ProjectionRunner } from '../../projections/runner/runner.ts';
import { waitForPosition } from '../../projections/runner/status.ts';
import { inDays, testContext } from '../../tests/support/command-fixtures.ts';
import { commandStore } from '../../tests/support/command-store.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts';
import type { PostgresEventStore } from '../event-store/postgres.ts';
import { testEvent } from '../event-store/test-events.ts';
import type { EmployeeDirectory } from '../registration/employee-directory.ts';
import { EmployeeDirectoryUnavailableError } from '../registration/employee-directory.ts';
import { decideFirstResponder, type FirstResponderDeps, sendFirstResponderRequest } from './handlers.ts';

const volunteerCtx = (id: string) => testContext({ actorId: id, actorRole: 1 });
const adminCtx = () => testContext({ actorId: randomUUID(), actorRole: 6 });
const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return e instanceof DomainError ? e.code : String(e);
  }
};

/** An HR system with fixture codes (the local adapter's shape), and one that is down. */
const hr: EmployeeDirectory = {
  nationalIdOf: async (_client, code) => ({ E1001: '1012345678' })[code] ?? null,
};
const hrDown: EmployeeDirectory = {
  nationalIdOf: async () => {
    throw new EmployeeDirectoryUnavailableError('down');
  },
};

describe('first-responder commands and the first-responders read model (real PostgreSQL)', () => {
  let t: TestDatabase;
  let store: PostgresEventStore;
  let runners: ProjectionRunner[];
  let db: Kysely<FirstRespondersDB>;
  let moh: FirstResponderDeps;
  const form = (over: Record<string, unknown> = {}) => ({
    certificateExpiryDate: inDays(200),
    hasBls: true,
    fileId: randomUUID(),
    ...over,
  });
  const seen = (p: Parameters<typeof waitForPosition>[2]) =>
    waitForPosition(t.db, [firstRespondersProjection.name, usersProjection.name], p, 5000);

  beforeAll(async () => {
    t = await createTestDatabase('firstresponders', 20);
    store = commandStore(t.pool);
    db = t.db as Kysely<FirstRespondersDB>;
    // The lists join the volunteers' names (users projection).
    runners = [firstRespondersProjection, usersProjection].map(
      (p) => new ProjectionRunner(store, t.pool, t.db, p, { idlePollMs: 20 }),
    );
    for (const r of runners) r.start();
    moh = { store, client: CLIENTS.MOH, employees: hr };
  });
  afterAll(async () => {
    await Promise.all(runners.map((r) => r.stop()));
    await store.close();
    await t.drop();
  });

  it('lists a request in the requests, then in the approved list once approved', async () => {
    const v = randomUUID();
    const f = form();
    await seen(await sendFirstResponderRequest(moh, v, f, 'request', volunteerCtx(v)));
    const mine = await firstResponderOf(db, v);
    expect(mine).toMatchObject({ status: 'pending', certificateExpiryDate: f.certificateExpiryDate, fileId: f.fileId });
    const requests = await firstRespondersPage(db, 'pending', {}, { page: 1, pageSize: 50 });
    expect(requests.rows.map((r) => r.volunteerId)).toContain(v);

    await seen(await decideFirstResponder(store, v, { type: 'approve' }, adminCtx()));
    expect((await firstResponderOf(db, v))?.status).toBe('approved');
    const approved = await firstRespondersPage(db, 'approved', {}, { page: 1, pageSize: 50 });
    expect(approved.rows.map((r) => r.volunteerId)).toContain(v);
    expect(
      (await firstRespondersPage(db, 'pending', {}, { page: 1, pageSize: 50 })).rows.map((r) => r.volunteerId),
    ).not.toContain(v);
  });

  it('moves a rejected request to the rejected list, and an undone rejection back to the requests', async () => {
    const v = randomUUID();
    await sendFirstResponderRequest(moh, v, form(), 'request', volunteerCtx(v));
    await seen(await decideFirstResponder(store, v, { type: 'reject', reason: 'Unreadable' }, adminCtx()));
    expect(await firstResponderOf(db, v)).toMatchObject({ status: 'rejected', rejectReason: 'Unreadable' });
    await seen(await decideFirstResponder(store, v, { type: 'undoRejection' }, adminCtx()));
    expect(await firstResponderOf(db, v)).toMatchObject({ status: 'pending', rejectReason: null });
  });

  it('takes an update of a rejected request back to the requests with its new details', async () => {
    const v = randomUUID();
    await sendFirstResponderRequest(moh, v, form(), 'request', volunteerCtx(v));
    await decideFirstResponder(store, v, { type: 'reject' }, adminCtx());
    const f = form({ certificateExpiryDate: inDays(300) });
    await seen(await sendFirstResponderRequest(moh, v, f, 'update', volunteerCtx(v)));
    expect(await firstResponderOf(db, v)).toMatchObject({
      status: 'pending',
      certificateExpiryDate: f.certificateExpiryDate,
    });
  });

  it('refuses an incomplete request and writes nothing', async () => {
    const v = randomUUID();
    expect(await codeOf(sendFirstResponderRequest(moh, v, form({ hasBls: false }), 'request', volunteerCtx(v)))).toBe(
      'GenericFillFormError',
    );
    expect(
      await codeOf(
        sendFirstResponderRequest(moh, v, form({ certificateExpiryDate: inDays(0) }), 'request', volunteerCtx(v)),
      ),
    ).toBe('CertificateExpiryInvalid');
    let n = 0;
    for await (const _ of store.readStream(`firstresponder-${v}`)) n++;
    expect(n).toBe(0);
  });

  it('filters the lists by name and by expiry', async () => {
    const v = randomUUID();
    const f = form({ certificateExpiryDate: inDays(2) });
    await seen(await sendFirstResponderRequest(moh, v, f, 'request', volunteerCtx(v)));
    const soon = await firstRespondersPage(db, 'pending', { expiresBy: inDays(3) }, { page: 1, pageSize: 50 });
    expect(soon.rows.map((r) => r.volunteerId)).toContain(v);
    expect(soon.rows.every((r) => (r.certificateExpiryDate ?? '') <= inDays(3))).toBe(true);
    const nobody = await firstRespondersPage(db, 'pending', { name: 'no such name' }, { page: 1, pageSize: 50 });
    expect(nobody.total).toBe(0);
  });

  describe('the red-crescent client', () => {
    const srca = () => ({ store, client: CLIENTS.SRCA, employees: hr });
    const registered = async (idNumber: string) => {
      const v = randomUUID();
      await store.append(
        registrationStream(v),
        [testEvent('RegistrationDraftSaved', { form: { identity: { idNumber } }, changes: [], previousStatus: null })],
        { expectedRevision: 'no_stream' },
      );
      return v;
    };

    it('records the employee code the HR system holds for the volunteer’s id number', async () => {
      const v = await registered('1012345678');
      await seen(
        await sendFirstResponderRequest(srca(), v, form({ employeeCode: 'E1001' }), 'request', volunteerCtx(v)),
      );
      expect((await firstResponderOf(db, v))?.employeeCode).toBe('E1001');
      const byCode = await firstRespondersPage(db, 'pending', { employeeCode: 'e1001' }, { page: 1, pageSize: 50 });
      expect(byCode.rows.map((r) => r.volunteerId)).toContain(v);
    });
    it('refuses a code that belongs to another id number', async () => {
      const v = await registered('1099999999');
      expect(
        await codeOf(sendFirstResponderRequest(srca(), v, form({ employeeCode: 'E1001' }), 'request', volunteerCtx(v))),
      ).toBe('EmployeeCodeNotMatched');
    });
    it('refuses a request without the code', async () => {
      const v = await registered('1012345678');
      expect(await codeOf(sendFirstResponderRequest(srca(), v, form(), 'request', volunteerCtx(v)))).toBe(
        'GenericFillFormError',
      );
    });
    it('answers EmployeeDirectoryUnavailable while the HR system is down', async () => {
      const v = await registered('1012345678');
      const deps = { ...srca(), employees: hrDown };
      expect(
        await codeOf(sendFirstResponderRequest(deps, v, form({ employeeCode: 'E1001' }), 'request', volunteerCtx(v))),
      ).toBe('EmployeeDirectoryUnavailable');
    });
  });
});
