import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  comparePositions,
  type EventMetadata,
  type EventStore,
  type NewEvent,
  START,
  type StoredEvent,
  WrongExpectedRevisionError,
} from './port.ts';

/**
 * The behaviour every adapter must have. Each run uses its own stream names and event types, so the suite also runs
 * against a long-lived EventStoreDB that already holds events.
 */
export interface ContractSubject {
  store: EventStore;
  close(): Promise<void>;
  /** A second store on the same storage, as another process would open it (closed by the suite). */
  openPeer(): Promise<EventStore>;
}

export function eventStoreContract(name: string, open: () => Promise<ContractSubject>) {
  describe(`event store contract: ${name}`, () => {
    let store: EventStore;
    let close: () => Promise<void>;
    let openPeer: () => Promise<EventStore>;
    const run = randomUUID().slice(0, 8);
    const typeA = `ContractA_${run}`;
    const typeB = `ContractB_${run}`;
    const meta = (over: Partial<EventMetadata> = {}): EventMetadata => ({
      actorId: 'u1',
      actorRole: 3,
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: new Date('2026-01-02T03:04:05.000Z').toISOString(),
      clientCode: 'MOH',
      ...over,
    });
    const ev = (type = typeA, data: unknown = { n: 1 }): NewEvent => ({
      id: randomUUID(),
      type,
      data,
      metadata: meta(),
    });
    const stream = (label: string) => `contract${run}-${label}-${randomUUID().slice(0, 8)}`;
    /** readAll may hold an event back until earlier transactions end (PostgreSQL's horizon): wait, bounded. */
    const eventually = async (check: () => Promise<boolean>, ms = 15_000) => {
      const deadline = Date.now() + ms;
      while (!(await check())) {
        if (Date.now() > deadline) return false;
        await new Promise((r) => setTimeout(r, 20));
      }
      return true;
    };
    const collect = async (it: AsyncIterable<StoredEvent>) => {
      const out: StoredEvent[] = [];
      for await (const e of it) out.push(e);
      return out;
    };

    beforeAll(async () => {
      ({ store, close, openPeer } = await open());
    });
    afterAll(async () => {
      await close?.();
    });

    it('appends to a new stream and reads it back in order with data and metadata', async () => {
      const s = stream('new');
      const events = [ev(typeA, { n: 1, text: 'مرحبا' }), ev(typeB, { n: 2 })];
      const r = await store.append(s, events, { expectedRevision: 'no_stream' });
      expect(r.nextRevision).toBe(1n);
      const read = await collect(store.readStream(s));
      expect(read.map((e) => [e.id, e.type, e.revision])).toEqual([
        [events[0]!.id, typeA, 0n],
        [events[1]!.id, typeB, 1n],
      ]);
      expect(read[0]!.data).toEqual({ n: 1, text: 'مرحبا' });
      expect(read[0]!.metadata).toMatchObject({ actorId: 'u1', actorRole: 3, clientCode: 'MOH' });
      expect(read[0]!.metadata.correlationId).toBe(events[0]!.metadata.correlationId);
      expect(comparePositions(read[1]!.position, r.position)).toBe(0);
    });

    it('refuses no_stream when the stream exists', async () => {
      const s = stream('exists');
      await store.append(s, [ev()], { expectedRevision: 'no_stream' });
      await expect(store.append(s, [ev()], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
    });

    it('appends at the expected revision and refuses a stale one', async () => {
      const s = stream('rev');
      await store.append(s, [ev(), ev()], { expectedRevision: 'no_stream' });
      const r = await store.append(s, [ev()], { expectedRevision: 1n });
      expect(r.nextRevision).toBe(2n);
      await expect(store.append(s, [ev()], { expectedRevision: 1n })).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      await expect(store.append(stream('missing'), [ev()], { expectedRevision: 0n })).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
    });

    it('appends with any whether or not the stream exists', async () => {
      const s = stream('any');
      expect((await store.append(s, [ev()], { expectedRevision: 'any' })).nextRevision).toBe(0n);
      expect((await store.append(s, [ev(), ev()], { expectedRevision: 'any' })).nextRevision).toBe(2n);
    });

    it('treats a re-append of the same event ids as a no-op with the same result', async () => {
      const s = stream('idem');
      const events = [ev(), ev()];
      const first = await store.append(s, events, { expectedRevision: 'no_stream' });
      const again = await store.append(s, events, { expectedRevision: 'no_stream' });
      expect(again.nextRevision).toBe(first.nextRevision);
      expect(comparePositions(again.position, first.position)).toBe(0);
      expect(await collect(store.readStream(s))).toHaveLength(2);
    });

    it('lets exactly one of many concurrent appends at the same expected revision win', async () => {
      const s = stream('race');
      await store.append(s, [ev()], { expectedRevision: 'no_stream' });
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, () => store.append(s, [ev()], { expectedRevision: 0n })),
      );
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r) => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(19);
      for (const l of lost) expect((l as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(await collect(store.readStream(s))).toHaveLength(2);
    });

    it('reads a stream from a revision', async () => {
      const s = stream('from');
      await store.append(s, [ev(), ev(), ev()], { expectedRevision: 'no_stream' });
      const read = await collect(store.readStream(s, { fromRevision: 1n }));
      expect(read.map((e) => e.revision)).toEqual([1n, 2n]);
    });

    it('reads an empty list for a stream that does not exist', async () => {
      expect(await collect(store.readStream(stream('none')))).toEqual([]);
    });

    it('reads all events in global order after a position, by type, in pages', async () => {
      const s1 = stream('all1');
      const s2 = stream('all2');
      const a = await store.append(s1, [ev(typeA, { i: 0 })], { expectedRevision: 'no_stream' });
      await store.append(s2, [ev(typeB, { i: 1 }), ev(typeA, { i: 2 })], { expectedRevision: 'no_stream' });
      await store.append(s1, [ev(typeA, { i: 3 })], { expectedRevision: 0n });
      const last = await store.lastPosition();
      expect(await eventually(async () => comparePositions(await store.headPosition(), last) >= 0)).toBe(true);
      const ours: StoredEvent[] = [];
      let after = START;
      for (;;) {
        const page = await store.readAll({ after, limit: 2, types: [typeA, typeB] });
        if (page.length === 0) break;
        for (let i = 1; i < page.length; i++)
          expect(comparePositions(page[i - 1]!.position, page[i]!.position)).toBe(-1);
        ours.push(...page.filter((e) => e.streamId === s1 || e.streamId === s2));
        after = page[page.length - 1]!.position;
      }
      expect(ours.map((e) => (e.data as { i: number }).i)).toEqual([0, 1, 2, 3]);
      const onlyB = await store.readAll({ after: START, limit: 1000, types: [typeB] });
      expect(onlyB.filter((e) => e.streamId === s2).map((e) => e.type)).toEqual([typeB]);
      const afterFirst = await store.readAll({ after: a.position, limit: 1000, types: [typeA, typeB] });
      expect(afterFirst.some((e) => e.streamId === s1 && e.revision === 0n)).toBe(false);
      expect(afterFirst.some((e) => e.streamId === s1 && e.revision === 1n)).toBe(true);
    });

    it('reports the last position at once, and a readable head that reaches it', async () => {
      const r = await store.append(stream('head'), [ev()], { expectedRevision: 'no_stream' });
      expect(comparePositions(await store.lastPosition(), r.position)).toBeGreaterThanOrEqual(0);
      expect(await eventually(async () => comparePositions(await store.headPosition(), r.position) >= 0)).toBe(true);
      expect(comparePositions(await store.lastPosition(), await store.headPosition())).toBeGreaterThanOrEqual(0);
    });

    it('reads events and the head together, where the adapter can, as readAll and headPosition would', async () => {
      if (!store.readAllWithHead) return; // optional in the port
      const s = stream('with-head');
      await store.append(s, [ev(typeA, { i: 1 }), ev(typeB, { i: 2 })], { expectedRevision: 'no_stream' });
      const last = await store.lastPosition();
      expect(await eventually(async () => comparePositions(await store.headPosition(), last) >= 0)).toBe(true);
      const both = await store.readAllWithHead({ after: START, limit: 10_000, types: [typeB] });
      const alone = await store.readAll({ after: START, limit: 10_000, types: [typeB] });
      expect(both.events.map((e) => e.id)).toEqual(alone.map((e) => e.id));
      expect(comparePositions(both.head, last)).toBeGreaterThanOrEqual(0);
      const none = await store.readAllWithHead({ after: both.head, limit: 10, types: [typeB] });
      expect(none.events).toEqual([]);
      expect(comparePositions(none.head, both.head)).toBeGreaterThanOrEqual(0);
    });

    it('tells same-process listeners that something was appended', async () => {
      const heard: string[] = [];
      const off = store.onAppended((s) => {
        heard.push(s);
      });
      const first = stream('listen');
      await store.append(first, [ev()], { expectedRevision: 'no_stream' });
      off();
      await store.append(stream('listen'), [ev()], { expectedRevision: 'no_stream' });
      expect(heard).toEqual([first]);
    });

    it("tells listeners in another process about this process's appends, once each", async () => {
      const peer = await openPeer();
      try {
        const heard: string[] = [];
        const off = peer.onAppended((s) => heard.push(s));
        // The peer starts listening in the background: append until it hears, bounded.
        const appended: string[] = [];
        const got = await eventually(async () => {
          const s = stream('peer');
          appended.push(s);
          await store.append(s, [ev(), ev()], { expectedRevision: 'no_stream' });
          return heard.length > 0;
        }, 10_000);
        expect(got).toBe(true);
        const last = stream('peer-last');
        await store.append(last, [ev()], { expectedRevision: 'no_stream' });
        expect(await eventually(async () => heard.includes(last), 10_000)).toBe(true);
        off();
        // Only streams this test appended to, each named at least once; and the peer's own appends are not echoed.
        const mine = heard.filter((s) => s.startsWith(`contract${run}-peer`));
        expect(mine).toContain(last);
        expect(mine.every((s) => s === last || appended.includes(s))).toBe(true);
        const echo: string[] = [];
        const offEcho = peer.onAppended((s) => echo.push(s));
        const own = stream('peer-own');
        await peer.append(own, [ev()], { expectedRevision: 'no_stream' });
        await new Promise((r) => setTimeout(r, 300));
        offEcho();
        expect(echo.filter((s) => s === own)).toEqual([own]);
      } finally {
        await peer.close();
      }
    });
  });
}
