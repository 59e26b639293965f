import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Decider, DomainEvent } from '../domain/shared/decider.ts';
import { DomainError } from '../domain/shared/errors.ts';
import { eventTypes } from '../domain/shared/upcast.ts';
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts';
import { PostgresEventStore } from './event-store/postgres.ts';
import { type CommandContext, handleCommand } from './handle.ts';

// A counter with a ceiling: enough to show retries on conflict, idempotency and a rule that must hold under races.
type E = DomainEvent<'Incremented', { by: number }>;
const counter: Decider<number, { by: number; max: number }, E> = {
  events: eventTypes<E>({ Incremented: true }),
  initialState: () => 0,
  evolve: (s, e) => s + e.data.by,
  decide: (c, s) => {
    if (s + c.by > c.max) throw new DomainError('ConcurrencyConflict', { reason: 'ceiling' });
    return [{ type: 'Incremented', data: { by: c.by } }];
  },
};
const ctx = (commandId: string = randomUUID()): CommandContext => ({
  actorId: 'u',
  actorRole: 3,
  correlationId: 'req',
  clientCode: 'MOH',
  commandId,
  now: new Date(),
});

describe('command handling', () => {
  let t: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    t = await createTestDatabase('handle');
    store = new PostgresEventStore(t.pool);
  });
  afterAll(async () => {
    await t.drop();
  });
  const count = async (stream: string) => {
    let n = 0;
    for await (const _ of store.readStream(stream)) n++;
    return n;
  };

  it('appends once when the same command is retried with the same id, and answers with the first position', async () => {
    const stream = `counter-${randomUUID()}`;
    const c = ctx();
    const first = await handleCommand(store, stream, counter, { by: 1, max: 100 }, c);
    const retry = await handleCommand(store, stream, counter, { by: 1, max: 100 }, c);
    expect(retry.duplicate).toBe(true);
    expect(retry.position).toEqual(first.position);
    expect(await count(stream)).toBe(1);
  });

  it('appends once when the same command arrives ten times at once', async () => {
    const stream = `counter-${randomUUID()}`;
    const c = ctx();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => handleCommand(store, stream, counter, { by: 1, max: 100 }, c)),
    );
    expect(await count(stream)).toBe(1);
    expect(results.filter((r) => !r.duplicate).length).toBeGreaterThanOrEqual(1);
    expect(new Set(results.map((r) => `${r.position.commit}.${r.position.prepare}`)).size).toBe(1);
  });

  it('keeps a stream rule under concurrent commands by retrying on version conflicts', async () => {
    const stream = `counter-${randomUUID()}`;
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () => handleCommand(store, stream, counter, { by: 1, max: 5 }, ctx())),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(5);
    expect(await count(stream)).toBe(5);
    for (const r of results.filter((x) => x.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(DomainError);
  });

  it('sees what another process appended after its cached fold (two stores on one database)', async () => {
    const stream = `counter-${randomUUID()}`;
    const other = new PostgresEventStore(t.pool); // another process: its own cache
    await handleCommand(store, stream, counter, { by: 1, max: 2 }, ctx()); // this process caches revision 0
    await handleCommand(other, stream, counter, { by: 1, max: 2 }, ctx()); // the other appends revision 1
    // Here the state is 2: a third increment must hit the ceiling, not append at a stale revision.
    await expect(handleCommand(store, stream, counter, { by: 1, max: 2 }, ctx())).rejects.toMatchObject({
      code: 'ConcurrencyConflict',
      details: { reason: 'ceiling' },
    });
    expect(await count(stream)).toBe(2);
  });

  it('decides from the cached fold without reading the stream, when the append proves it current', async () => {
    const stream = `counter-${randomUUID()}`;
    const reader = new PostgresEventStore(t.pool);
    await handleCommand(reader, stream, counter, { by: 1, max: 10 }, ctx());
    let reads = 0;
    const readStream = reader.readStream.bind(reader);
    reader.readStream = (s, o) => {
      reads++;
      return readStream(s, o);
    };
    await handleCommand(reader, stream, counter, { by: 1, max: 10 }, ctx());
    await handleCommand(reader, stream, counter, { by: 1, max: 10 }, ctx());
    expect(reads).toBe(0);
    expect(await count(stream)).toBe(3);
  });

  it('reads the stream again before refusing on a cached fold that another process has moved on', async () => {
    type G = DomainEvent<'Opened' | 'Used', Record<string, never>>;
    const gate: Decider<{ open: boolean; used: number }, 'Open' | 'Use', G> = {
      events: eventTypes<G>({ Opened: true, Used: true }),
      initialState: () => ({ open: false, used: 0 }),
      evolve: (s, e) => (e.type === 'Opened' ? { ...s, open: true } : { ...s, used: s.used + 1 }),
      decide: (c, s) => {
        if (c === 'Open') return [{ type: 'Opened', data: {} }];
        if (!s.open) throw new DomainError('InvalidEvent');
        return [{ type: 'Used', data: {} }];
      },
    };
    const stream = `gate-${randomUUID()}`;
    const other = new PostgresEventStore(t.pool); // another process: its own cache
    // This process folds the gate closed (and caches that fold)…
    await expect(handleCommand(store, stream, gate, 'Use', ctx())).rejects.toMatchObject({ code: 'InvalidEvent' });
    // …then the other process opens it.
    await handleCommand(other, stream, gate, 'Open', ctx());
    // The cached fold would refuse; the stream says yes.
    const r = await handleCommand(store, stream, gate, 'Use', ctx());
    expect(r.events.map((e) => e.type)).toEqual(['Used']);
    expect(await count(stream)).toBe(2);
  });

  it('keeps no stale fold when its append turns out to be a retry that another process already made', async () => {
    const stream = `counter-${randomUUID()}`;
    const a = store;
    const b = new PostgresEventStore(t.pool); // another process: a cache of its own
    await handleCommand(a, stream, counter, { by: 1, max: 100 }, ctx()); // a folds the stream at revision 0
    const resumed = ctx();
    await handleCommand(b, stream, counter, { by: 10, max: 100 }, ctx());
    await handleCommand(b, stream, counter, { by: 100, max: 1000 }, resumed);
    // a runs the same command again (a resume): its fold is stale, the store answers with the stored events.
    const again = await handleCommand(a, stream, counter, { by: 100, max: 1000 }, resumed);
    expect(again.duplicate).toBe(true);
    expect(await count(stream)).toBe(3);
    // a's next decision sees every event: 1 + 10 + 100, so a ceiling of 112 lets one more through and no more.
    await handleCommand(a, stream, counter, { by: 1, max: 112 }, ctx());
    await expect(handleCommand(a, stream, counter, { by: 1, max: 112 }, ctx())).rejects.toMatchObject({
      code: 'ConcurrencyConflict',
    });
  });

  it('stamps every event with the actor, request, client and command', async () => {
    const stream = `counter-${randomUUID()}`;
    const c = ctx('cmd-stamp-1');
    await handleCommand(store, stream, counter, { by: 2, max: 10 }, c);
    for await (const e of store.readStream(stream)) {
      expect(e.metadata).toMatchObject({
        actorId: 'u',
        actorRole: 3,
        correlationId: 'req',
        clientCode: 'MOH',
        commandId: 'cmd-stamp-1',
        causationId: null,
      });
      expect(e.metadata.occurredAt).toBe(c.now.toISOString());
    }
  });
});
