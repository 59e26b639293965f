import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Decider, DomainEvent } from '../../domain/shared/decider.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { eventTypes } from '../../domain/shared/upcast.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts';
import { formatPosition } from '../event-store/port.ts';
import { PostgresEventStore } from '../event-store/postgres.ts';
import { type CommandContext, handleCommand, loadFolded } from '../handle.ts';
import { loadProcess, loadProcessOf, processStream, resumeWith, runProcess, type Workflow } from './process.ts';

// A counter with a ceiling on each stream: a two-step process takes one from each, the second may refuse.
type Counter = { n: number };
type CounterEvent = DomainEvent<'Took', Record<string, never>> | DomainEvent<'GaveBack', Record<string, never>>;
const counter: Decider<Counter, { type: 'Take'; max: number } | { type: 'GiveBack' }, CounterEvent> = {
  events: eventTypes<CounterEvent>({ Took: true, GaveBack: true }),
  initialState: () => ({ n: 0 }),
  evolve: (s, e) => ({ n: s.n + (e.type === 'Took' ? 1 : -1) }),
  decide: (c, s) => {
    if (c.type === 'GiveBack') return s.n > 0 ? [{ type: 'GaveBack', data: {} }] : [];
    if (s.n >= c.max) throw new DomainError('ExceededApprovalLimit', { max: c.max });
    return [{ type: 'Took', data: {} }];
  },
};

interface Input {
  a: string;
  b: string;
  maxB: number;
}
let failOnce = false;
const take = (name: 'a' | 'b') => ({
  name,
  run: async (store: PostgresEventStore, input: Input, _l: unknown, ctx: CommandContext) => {
    if (name === 'b' && failOnce) {
      failOnce = false;
      throw new Error('the database went away'); // not a refusal: the process stays open
    }
    const r = await handleCommand(
      store,
      input[name],
      counter,
      { type: 'Take', max: name === 'b' ? input.maxB : 99 },
      ctx,
    );
    return { did: r.events.length > 0, position: formatPosition(r.position) };
  },
  undo: async (store: PostgresEventStore, input: Input, out: Record<string, unknown>, ctx: CommandContext) => {
    if (out.did) await handleCommand(store, input[name], counter, { type: 'GiveBack' }, ctx);
  },
});
const transfer: Workflow<Input, null, string> = {
  kind: 'test.transfer',
  load: async () => null,
  steps: [take('a'), take('b')],
  result: () => 'done',
};
/** The same, inline: its start and end travel with the steps' appends; its answer is the last append's position. */
const inlineTransfer: Workflow<Input, null, string> = {
  ...transfer,
  kind: 'test.inline-transfer',
  inline: { streams: (i) => [i.a, i.b] },
  result: (_i, out) => out.b!.position as string,
};

describe('durable processes (real PostgreSQL)', () => {
  let t: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    t = await createTestDatabase('process', 10);
    store = new PostgresEventStore(t.pool);
  });
  afterAll(async () => {
    await t.drop();
  });
  const ctx = (commandId = randomUUID()): CommandContext => ({
    actorId: null,
    actorRole: null,
    correlationId: 'test',
    clientCode: 'MOH',
    commandId,
    now: new Date(),
  });
  const n = async (stream: string) => (await loadFolded(store, stream, counter as never)).state as Counter;
  const count = async () => (await t.pool.query('select count(*)::int as n from es.events')).rows[0].n as number;
  const streams = () => ({ a: `a-${randomUUID()}`, b: `b-${randomUUID()}` });
  /** Runs the process with step b failing (not refusing) once; the process as left open. */
  async function failingAtB(wf: Workflow<Input, null, string>, s: { a: string; b: string }, c: CommandContext) {
    failOnce = true;
    await expect(runProcess(store, wf, { ...s, maxB: 1 }, c)).rejects.toThrow('the database went away');
    const open = await loadProcessOf(store, wf, { ...s, maxB: 1 }, c.commandId);
    expect([open.started?.kind, open.completed, open.failed]).toEqual([wf.kind, null, null]);
    return open;
  }
  /** The process refuses, b being full (its ceiling maxB). */
  const refused = (wf: Workflow<Input, null, string>, s: { a: string; b: string }, maxB: number, c: CommandContext) =>
    expect(runProcess(store, wf, { ...s, maxB }, c)).rejects.toMatchObject({ code: 'ExceededApprovalLimit' });

  it('runs the steps in order and answers a command sent again with its recorded result, writing nothing', async () => {
    const s = streams();
    const c = ctx();
    expect(await runProcess(store, transfer, { ...s, maxB: 1 }, c)).toBe('done');
    const written = await count();
    expect(await runProcess(store, transfer, { ...s, maxB: 1 }, { ...c, now: new Date() })).toBe('done');
    expect(await count()).toBe(written);
    expect([(await n(s.a)).n, (await n(s.b)).n]).toEqual([1, 1]);
    expect((await loadProcess(store, c.commandId)).completed).toEqual({ result: 'done' });
  });

  it('undoes the steps done when a later one refuses, records the refusal, and answers it again on a resend', async () => {
    const s = streams();
    await runProcess(store, transfer, { ...s, maxB: 1 }, ctx()); // b is full now
    const c = ctx();
    await refused(transfer, s, 1, c);
    expect([(await n(s.a)).n, (await n(s.b)).n]).toEqual([1, 1]);
    const p = await loadProcess(store, c.commandId);
    expect([p.compensating?.step, p.failed?.code]).toEqual(['b', 'ExceededApprovalLimit']);
    const written = await count();
    await refused(transfer, s, 5, c);
    expect(await count()).toBe(written);
  });

  it('leaves a process whose runner failed open, and a resume completes it without repeating a step', async () => {
    const s = streams();
    const c = ctx();
    const open = await failingAtB(transfer, s, c);
    expect(await resumeWith(store, transfer, open, c.commandId)).toBe('done');
    expect([(await n(s.a)).n, (await n(s.b)).n]).toEqual([1, 1]);
  });

  it('inline: writes no stream of its own, its end is in its last append, and a resend answers it writing nothing', async () => {
    const s = streams();
    const c = ctx();
    const written = await count();
    const position = await runProcess(store, inlineTransfer, { ...s, maxB: 1 }, c);
    expect(await count()).toBe(written + 4); // Took and the start on a, Took and the end on b
    expect(
      (await t.pool.query('select 1 from es.streams where stream_id = $1', [processStream(c.commandId)])).rowCount,
    ).toBe(0);
    const p = await loadProcessOf(store, inlineTransfer, { ...s, maxB: 1 }, c.commandId);
    expect([p.started?.kind, p.completed]).toEqual(['test.inline-transfer', { result: position }]);
    // Sent again: its first step finds the start an earlier run appended; the recorded end answers.
    expect(await runProcess(store, inlineTransfer, { ...s, maxB: 1 }, { ...c, now: new Date() })).toBe(position);
    expect(await count()).toBe(written + 4);
    expect([(await n(s.a)).n, (await n(s.b)).n]).toEqual([1, 1]);
  });

  it('inline: a refusal after a step wrote undoes it and records the refusal; before any write, records nothing', async () => {
    const s = streams();
    await runProcess(store, inlineTransfer, { ...s, maxB: 1 }, ctx()); // b is full now
    const c = ctx();
    await refused(inlineTransfer, s, 1, c);
    expect([(await n(s.a)).n, (await n(s.b)).n]).toEqual([1, 1]);
    const p = await loadProcessOf(store, inlineTransfer, { ...s, maxB: 1 }, c.commandId);
    expect([p.started?.kind, p.compensating?.step, p.failed?.code]).toEqual([
      'test.inline-transfer',
      'b',
      'ExceededApprovalLimit',
    ]);
    const written = await count();
    await refused(inlineTransfer, s, 5, c);
    expect(await count()).toBe(written);
    // A one-step refusal (b full, nothing written before it) leaves no trace.
    const one = { ...inlineTransfer, steps: [take('b')] };
    const c2 = ctx();
    await refused(one, s, 1, c2);
    expect(await count()).toBe(written);
  });

  it('inline: a process whose runner failed after its first step is open where it started; a resume ends it', async () => {
    const s = streams();
    const c = ctx();
    const open = await failingAtB(inlineTransfer, s, c);
    const position = await resumeWith(store, inlineTransfer, open, c.commandId);
    expect([(await n(s.a)).n, (await n(s.b)).n]).toEqual([1, 1]);
    const done = await loadProcessOf(store, inlineTransfer, { ...s, maxB: 1 }, c.commandId);
    expect(done.completed).toEqual({ result: position });
  });

  it('refuses a command id already used by another kind of process', async () => {
    const c = ctx();
    await runProcess(store, transfer, { ...streams(), maxB: 1 }, c);
    await expect(
      runProcess(store, { ...transfer, kind: 'test.other' }, { ...streams(), maxB: 1 }, c),
    ).rejects.toMatchObject({
      code: 'IdempotencyKeyReused',
    });
  });
});
