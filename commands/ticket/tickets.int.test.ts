import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSnapshot } from '../../domain/lookups/testing.ts';
import { opportunityDecider, opportunityStream } from '../../domain/opportunity/decide.ts';
import { CLIENTS } from '../../domain/shared/clients.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { ticketsStream } from '../../domain/ticket/events.ts';
import { usersProjection } from '../../projections/account/users.ts';
import { registrationsProjection } from '../../projections/registration/registrations.ts';
import { ProjectionRunner } from '../../projections/runner/runner.ts';
import { waitForPosition } from '../../projections/runner/status.ts';
import { type TicketsDB, ticketDetail, ticketOwner, ticketsPage } from '../../projections/tickets/queries.ts';
import { ticketsProjection } from '../../projections/tickets/tickets.ts';
import { opportunityDetails, testContext } from '../../tests/support/command-fixtures.ts';
import { commandStore } from '../../tests/support/command-store.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts';
import type { PostgresEventStore } from '../event-store/postgres.ts';
import { handleCommand } from '../handle.ts';
import { assignTicketDepartment, markTicket, replyToTicket, submitTicket } from './handlers.ts';

const volunteerCtx = (id: string) => testContext({ actorId: id, actorRole: 1 });
const staffCtx = () => testContext({ actorId: randomUUID(), actorRole: 2 });
const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return e instanceof DomainError ? e.code : String(e);
  }
};

describe('ticket commands and the tickets read model (real PostgreSQL)', () => {
  let t: TestDatabase;
  let store: PostgresEventStore;
  let runners: ProjectionRunner[];
  let db: Kysely<TicketsDB>;
  let eventId: string;

  beforeAll(async () => {
    t = await createTestDatabase('tickets', 30);
    store = commandStore(t.pool);
    db = t.db as Kysely<TicketsDB>;
    runners = [ticketsProjection, usersProjection, registrationsProjection].map(
      (p) => new ProjectionRunner(store, t.pool, t.db, p, { idlePollMs: 20 }),
    );
    for (const r of runners) r.start();
    eventId = randomUUID();
    await handleCommand(
      store,
      opportunityStream(eventId),
      opportunityDecider,
      {
        type: 'Create',
        details: opportunityDetails({ nameEn: 'Marathon' }),
        client: CLIENTS.MOH,
        lookups: seedSnapshot(),
      },
      staffCtx(),
    );
  });
  afterAll(async () => {
    await Promise.all(runners.map((r) => r.stop()));
    await store.close();
    await t.drop();
  });

  const settled = (position: Parameters<typeof waitForPosition>[2]) =>
    waitForPosition(t.db, ['tickets'], position, 5000);

  it('submits a ticket with its code and default priority, and lists it in the volunteer’s grid', async () => {
    const v = randomUUID();
    const r = await submitTicket(
      store,
      v,
      { requestType: 1, title: 'Badge', description: 'Not printed', eventId },
      volunteerCtx(v),
    );
    expect(r.code).toMatch(/^TK-\d{4}-[0-9A-F]{8}$/);
    await settled(r.position);
    const page = await ticketsPage(db, { volunteerId: v }, {}, { page: 1, pageSize: 10 });
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({
      id: r.ticketId,
      code: r.code,
      priority: 4,
      status: 'new',
      action: 1,
      eventNameEn: 'Marathon',
    });
    // Another volunteer's grid does not hold it.
    expect((await ticketsPage(db, { volunteerId: randomUUID() }, {}, { page: 1, pageSize: 10 })).total).toBe(0);
    expect(await ticketOwner(db, r.ticketId)).toBe(v);
  });

  it('refuses a ticket naming an event the log does not know', async () => {
    const v = randomUUID();
    expect(
      await codeOf(
        submitTicket(
          store,
          v,
          { requestType: 1, title: 'x', description: 'y', eventId: randomUUID() },
          volunteerCtx(v),
        ),
      ),
    ).toBe('InvalidEvent');
    expect(
      await codeOf(
        submitTicket(store, v, { requestType: 2, title: 'x', description: 'y', departmentId: 999 }, volunteerCtx(v)),
      ),
    ).toBe('ValidationFailed');
  });

  it('of two identical tickets submitted at once, accepts exactly one', async () => {
    const v = randomUUID();
    const input = { requestType: 2, title: 'Parking', description: 'More parking please' };
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () => codeOf(submitTicket(store, v, input, volunteerCtx(v)))),
    );
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'DuplicateTicketNotResolvedYet')).toHaveLength(5);
    let submitted = 0;
    for await (const e of store.readStream(ticketsStream(v))) if (e.type === 'TicketSubmitted') submitted++;
    expect(submitted).toBe(1);
  });

  it('runs the lifecycle: reply, not resolved with a reason, reply and close; the conversation in order', async () => {
    const v = randomUUID();
    const { ticketId } = await submitTicket(
      store,
      v,
      { requestType: 4, title: 'Hours', description: 'My hours are missing' },
      volunteerCtx(v),
    );
    await assignTicketDepartment(store, v, ticketId, 2, staffCtx());
    await replyToTicket(store, v, ticketId, { action: 2, response: 'Added now' }, staffCtx());
    expect(await codeOf(markTicket(store, v, ticketId, { status: 2, reasonId: 4 }, volunteerCtx(v)))).toBe(
      'RejectReasonRequired',
    );
    await markTicket(store, v, ticketId, { status: 2, reasonId: 4, reason: 'Still missing' }, volunteerCtx(v));
    // Not resolved yet: the same request again is refused.
    expect(
      await codeOf(submitTicket(store, v, { requestType: 4, title: 'hours', description: 'again' }, volunteerCtx(v))),
    ).toBe('DuplicateTicketNotResolvedYet');
    const last = await replyToTicket(store, v, ticketId, { action: 3, response: 'Fixed for good' }, staffCtx());
    await settled(last);
    const d = await ticketDetail(db, { volunteerId: v }, ticketId);
    expect(d).toMatchObject({ status: 'closed', action: 3, departmentId: 2, ticketStatus: 2, reasonId: 4 });
    expect(d!.messages.map((m) => [m.kind, m.authorRole, m.body])).toEqual([
      ['submitted', 1, 'My hours are missing'],
      ['reply', 2, 'Added now'],
      ['notResolved', 1, 'Still missing'],
      ['closed', 2, 'Fixed for good'],
    ]);
    // Closed: the same request may be sent again.
    expect(
      await codeOf(submitTicket(store, v, { requestType: 4, title: 'hours', description: 'again' }, volunteerCtx(v))),
    ).toBe('ok');
  });

  it('filters by the spec’s search fields', async () => {
    const v = randomUUID();
    const a = await submitTicket(store, v, { requestType: 2, title: 'Alpha idea', description: 'd' }, volunteerCtx(v));
    const b = await submitTicket(store, v, { requestType: 4, title: 'Beta call', description: 'd' }, volunteerCtx(v));
    const replied = await replyToTicket(store, v, b.ticketId, { action: 2, response: 'ok' }, staffCtx());
    const resolved = await markTicket(store, v, b.ticketId, { status: 1 }, volunteerCtx(v));
    await settled(resolved);
    void replied;
    const ids = async (f: Parameters<typeof ticketsPage>[2]) =>
      (await ticketsPage(db, { volunteerId: v }, f, { page: 1, pageSize: 10 })).rows.map((r) => r.id);
    expect(await ids({ title: 'alpha' })).toEqual([a.ticketId]);
    expect(await ids({ code: b.code.slice(-8) })).toEqual([b.ticketId]);
    expect(await ids({ requestType: 4 })).toEqual([b.ticketId]);
    expect(await ids({ action: 2 })).toEqual([b.ticketId]);
    expect(await ids({ ticketStatus: 1 })).toEqual([b.ticketId]);
    expect(await ids({ id: a.ticketId })).toEqual([a.ticketId]);
    expect(await ids({ year: new Date().getUTCFullYear() })).toHaveLength(2);
    expect(await ids({ year: 2000 })).toEqual([]);
    // A staff member whose regions hold no registration of this volunteer sees none of them.
    expect(
      (await ticketsPage(db, { scope: { regionIds: [1], cityIds: [] } }, { title: 'alpha' }, { page: 1, pageSize: 10 }))
        .total,
    ).toBe(0);
    expect((await ticketsPage(db, { scope: null }, { title: 'alpha' }, { page: 1, pageSize: 10 })).total).toBe(1);
  });
});
