import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventDetails, signedIn, startTestPortal, type TestPortal } from '../../tests/support/portal.ts';

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(async () => {
  await portal?.close();
});

const as = (user: string, password: string) => signedIn(portal.app, user, password);
/** The events written under one command id (its process and every step's `<id>:<step>`). */
const eventsOf = async (commandId: string) =>
  (
    await portal.runtime.pool.query(
      `select count(*)::int as n from es.events where metadata->>'commandId' = $1 or metadata->>'commandId' like $1 || ':%'`,
      [commandId],
    )
  ).rows[0].n as number;

describe('Idempotency-Key: a request sent again finishes the same command', () => {
  it('answers a repeated join and a repeated acceptance with the first answer and writes their events once', async () => {
    const staff = await as('staff', 'Staff@2026!');
    const admin = await as('admin', 'Admin@2026!');
    const volunteer = await as('volunteer2', 'Volunteer@2026!');
    const { opportunityId } = (await staff.post('/api/opportunities', eventDetails())).json();
    await admin.post(`/api/opportunities/${opportunityId}/approve`);
    const volunteerId = (await volunteer.get('/api/session')).json().user.id;

    const joinKey = randomUUID();
    const join = () =>
      volunteer.post(`/api/opportunities/${opportunityId}/join`, undefined, { 'idempotency-key': joinKey });
    const first = await join();
    expect(first.statusCode).toBe(200);
    const written = await eventsOf(joinKey);
    expect(written).toBeGreaterThanOrEqual(3);
    const again = await join();
    // Without the key the second join would be refused (already asked); with it, it is the same command.
    expect([again.statusCode, again.json()]).toEqual([200, first.json()]);
    expect(await eventsOf(joinKey)).toBe(written);

    const acceptKey = randomUUID();
    const url = `/api/opportunities/${opportunityId}/participants/${volunteerId}/accept`;
    const accepted = await staff.post(url, { confirmRaise: false }, { 'idempotency-key': acceptKey });
    expect(accepted.statusCode).toBe(200);
    const afterAccept = await eventsOf(acceptKey);
    expect(afterAccept).toBeGreaterThanOrEqual(4);
    const acceptedAgain = await staff.post(url, { confirmRaise: false }, { 'idempotency-key': acceptKey });
    expect([acceptedAgain.statusCode, acceptedAgain.json()]).toEqual([200, accepted.json()]);
    expect(await eventsOf(acceptKey)).toBe(afterAccept);
    // A new key is a new command: refused now, since the volunteer is accepted already.
    const fresh = await staff.post(url, { confirmRaise: false }, { 'idempotency-key': randomUUID() });
    expect(fresh.json().error.code).toBe('InvalidStatusChange');
  });

  it('answers a repeated refused command with the same refusal, and refuses a malformed key', async () => {
    const volunteer = await as('volunteer2', 'Volunteer@2026!');
    const key = randomUUID();
    const missing = `/api/opportunities/${randomUUID()}/join`;
    const a = await volunteer.post(missing, undefined, { 'idempotency-key': key });
    const b = await volunteer.post(missing, undefined, { 'idempotency-key': key });
    expect(a.statusCode).toBeGreaterThanOrEqual(400);
    expect([b.statusCode, b.json().error.code]).toEqual([a.statusCode, a.json().error.code]);
    const bad = await volunteer.post(missing, undefined, { 'idempotency-key': 'no spaces/or slashes' });
    expect([bad.statusCode, bad.json().error]).toMatchObject([422, { code: 'ValidationFailed' }]);
  });
});
