import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { WrongExpectedVersionError } from '@eventstore/db-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventStoreDbEventStore, openEventStoreDb } from './eventstoredb.ts';
import { EventStoreUnavailableError, type NewEvent, START, WrongExpectedRevisionError } from './port.ts';
import { testEvent } from './test-events.ts';

// No EventStoreDB server is needed here: these tests pin down what the adapter does when there is none, or when a
// peer accepts the connection and never answers (where the client on its own would wait forever).
const DEADLINE_MS = 800;
/** Loose upper bound: the deadline plus room for a slow, busy machine. A bound, not a benchmark. */
const BOUND_MS = DEADLINE_MS + 3000;

const ev = (): NewEvent => testEvent('UnavailableProbe', { n: 1 });

/** How a promise settled and how long it took. */
async function outcome(p: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const t0 = performance.now();
  try {
    await p;
    return { error: null, ms: performance.now() - t0 };
  } catch (error) {
    return { error, ms: performance.now() - t0 };
  }
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('EventStoreDB adapter: nothing listening on the port', () => {
  let store: EventStoreDbEventStore;

  beforeAll(async () => {
    store = openEventStoreDb(`esdb://127.0.0.1:${await freePort()}?tls=false`, { deadlineMs: DEADLINE_MS });
  });
  afterAll(async () => {
    await store.close();
  });

  it('rejects an append with EventStoreUnavailableError carrying the transport error', async () => {
    const { error, ms } = await outcome(
      store.append(`probe-${randomUUID()}`, [ev()], { expectedRevision: 'no_stream' }),
    );
    expect(error).toBeInstanceOf(EventStoreUnavailableError);
    expect(error).not.toBeInstanceOf(WrongExpectedRevisionError);
    expect((error as Error).cause).toBeDefined();
    expect(ms).toBeLessThan(BOUND_MS);
  });

  it('rejects reads the same way', async () => {
    const all = await outcome(store.readAll({ after: START, limit: 10 }));
    expect(all.error).toBeInstanceOf(EventStoreUnavailableError);
    expect(all.ms).toBeLessThan(BOUND_MS);
    const head = await outcome(store.headPosition());
    expect(head.error).toBeInstanceOf(EventStoreUnavailableError);
    const one = await outcome(
      (async () => {
        for await (const _ of store.readStream(`probe-${randomUUID()}`)) {
          // nothing to read
        }
      })(),
    );
    expect(one.error).toBeInstanceOf(EventStoreUnavailableError);
    expect(one.ms).toBeLessThan(BOUND_MS);
  });
});

describe('EventStoreDB adapter: a peer that accepts the connection and never answers', () => {
  let server: net.Server;
  const sockets = new Set<net.Socket>();
  let store: EventStoreDbEventStore;

  beforeAll(async () => {
    server = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
      // Reads whatever the client sends and never writes a byte back.
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    store = openEventStoreDb(`esdb://127.0.0.1:${port}?tls=false`, { deadlineMs: DEADLINE_MS });
  });
  afterAll(async () => {
    await store?.close();
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('rejects an append with EventStoreUnavailableError once the deadline has passed', async () => {
    const { error, ms } = await outcome(
      store.append(`probe-${randomUUID()}`, [ev()], { expectedRevision: 'no_stream' }),
    );
    expect(error).toBeInstanceOf(EventStoreUnavailableError);
    expect(ms).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
    expect(ms).toBeLessThan(BOUND_MS);
    expect(sockets.size).toBeGreaterThan(0); // the client did connect: it was the silence that timed out
  });

  it('rejects readAll with EventStoreUnavailableError once the deadline has passed', async () => {
    const { error, ms } = await outcome(store.readAll({ after: START, limit: 10, types: ['UnavailableProbe'] }));
    expect(error).toBeInstanceOf(EventStoreUnavailableError);
    expect(ms).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
    expect(ms).toBeLessThan(BOUND_MS);
  });

  it('rejects headPosition and readStream the same way', async () => {
    const head = await outcome(store.headPosition());
    expect(head.error).toBeInstanceOf(EventStoreUnavailableError);
    expect(head.ms).toBeLessThan(BOUND_MS);
    const one = await outcome(
      (async () => {
        for await (const _ of store.readStream(`probe-${randomUUID()}`)) {
          // nothing to read
        }
      })(),
    );
    expect(one.error).toBeInstanceOf(EventStoreUnavailableError);
    expect(one.ms).toBeLessThan(BOUND_MS);
  });

  it('rejects calls still waiting when the store is closed, and every call after', async () => {
    const other = openEventStoreDb(`esdb://127.0.0.1:${(server.address() as net.AddressInfo).port}?tls=false`, {
      deadlineMs: 60_000,
    });
    const waiting = outcome(other.append(`probe-${randomUUID()}`, [ev()], { expectedRevision: 'any' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await other.close();
    const { error, ms } = await waiting;
    expect(error).toBeInstanceOf(EventStoreUnavailableError);
    expect(ms).toBeLessThan(BOUND_MS);
    await expect(other.readAll({ after: START, limit: 1 })).rejects.toBeInstanceOf(EventStoreUnavailableError);
  });
});

describe('EventStoreDB adapter: a conflict is not an outage', () => {
  it('maps the client WrongExpectedVersionError to WrongExpectedRevisionError with the actual revision', async () => {
    const conflict = new WrongExpectedVersionError(undefined, {
      streamName: 's-1',
      expected: 'no_stream',
      current: 4n,
    });
    // A stand-in client: the append is refused, and the stream holds other events where ours would have gone.
    const client = {
      appendToStream: async () => {
        throw conflict;
      },
      readStream: () => {
        const events = [{ event: { id: randomUUID(), streamId: 's-1', revision: 0n, type: 'X', created: new Date() } }];
        return Object.assign(
          (async function* () {
            yield* events;
          })(),
          { cancel: async () => undefined, destroy: () => undefined },
        );
      },
      dispose: async () => undefined,
    };
    const store = new EventStoreDbEventStore(client as never, { deadlineMs: DEADLINE_MS });
    const { error } = await outcome(store.append('s-1', [ev()], { expectedRevision: 'no_stream' }));
    expect(error).toBeInstanceOf(WrongExpectedRevisionError);
    expect(error).not.toBeInstanceOf(EventStoreUnavailableError);
    expect(error).toMatchObject({ stream: 's-1', expected: 'no_stream', actual: 4n });
    await store.close();
  });
});
