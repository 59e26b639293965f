import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../commands/event-store/port.ts';
import type { PostgresEventStore } from '../commands/event-store/postgres.ts';
import { changePreferences } from '../commands/preferences/handlers.ts';
import { replyToTicket, submitTicket } from '../commands/ticket/handlers.ts';
import { ticketsStream } from '../domain/ticket/events.ts';
import { testContext } from '../tests/support/command-fixtures.ts';
import { commandStore } from '../tests/support/command-store.ts';
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts';
import type { JobHandler, JobQueue } from './jobs/port.ts';
import type { Mail } from './mail/mailer.ts';
import { ticketReactions } from './ticket-reactions.ts';

describe('the ticket-reply mail (real PostgreSQL)', () => {
  let t: TestDatabase;
  let store: PostgresEventStore;
  const handlers = new Map<string, JobHandler>();
  const enqueued: { name: string; payload: unknown; jobId: string }[] = [];
  const sent: Mail[] = [];
  const queue: JobQueue = {
    kind: 'postgres',
    async enqueue(name, payload, opts) {
      enqueued.push({ name, payload, jobId: opts.jobId });
    },
    handle(name, h) {
      handlers.set(name, h);
    },
    async start() {},
    async counts() {
      return { waiting: 0, active: 0, failed: 0, completed: 0 };
    },
    async close() {},
  };
  const lookup = async () => ({ email: 'v@example.org', nameAr: 'متطوع', nameEn: 'Volunteer' });
  let reactor: ReturnType<typeof ticketReactions>;

  beforeAll(async () => {
    t = await createTestDatabase('ticketmail');
    store = commandStore(t.pool);
    reactor = ticketReactions(queue, { send: async (m) => void sent.push(m) }, lookup, store, 'https://portal.test');
  });
  afterAll(async () => {
    await store.close();
    await t.drop();
  });

  /** A volunteer's ticket answered by staff: runs the reactor over the stream and the job it enqueued. */
  async function answered(volunteerId: string): Promise<void> {
    const { ticketId } = await submitTicket(
      store,
      volunteerId,
      { requestType: 2, title: `Idea ${randomUUID().slice(0, 4)}`, description: 'd' },
      testContext({ actorId: volunteerId, actorRole: 1 }),
    );
    await replyToTicket(
      store,
      volunteerId,
      ticketId,
      { action: 2, response: 'Thank you' },
      testContext({ actorRole: 2 }),
    );
    const events: StoredEvent[] = [];
    for await (const e of store.readStream(ticketsStream(volunteerId))) events.push(e);
    enqueued.length = 0;
    await reactor.apply({ tx: t.db, table: (n) => n }, events);
    expect(enqueued.map((j) => j.name)).toEqual(['mail.ticket-replied']);
    const job = enqueued[0]!;
    await handlers.get(job.name)!({ id: job.jobId, name: job.name, payload: job.payload, attempt: 1 });
  }

  it('mails the volunteer the reply, in Arabic by default', async () => {
    sent.length = 0;
    await answered(randomUUID());
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('v@example.org');
    expect(sent[0]!.subject).toMatch(/^رد على تذكرتك TK-/);
    expect(sent[0]!.text).toContain('Thank you');
  });

  it('writes in English to a volunteer who prefers English', async () => {
    sent.length = 0;
    const v = randomUUID();
    await changePreferences(
      store,
      v,
      { receiveEmail: true, receiveSms: false, preferredLanguage: 'en' },
      testContext(),
    );
    await answered(v);
    expect(sent[0]!.subject).toMatch(/^Reply to your ticket TK-/);
    expect(sent[0]!.text).toContain('https://portal.test/en/tickets/');
  });

  it('sends nothing to a volunteer who turned e-mail off', async () => {
    sent.length = 0;
    const v = randomUUID();
    await changePreferences(
      store,
      v,
      { receiveEmail: false, receiveSms: true, preferredLanguage: 'ar' },
      testContext(),
    );
    await answered(v);
    expect(sent).toHaveLength(0);
  });
});
