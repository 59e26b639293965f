import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSnapshot } from '../../domain/lookups/testing.ts';
import { opportunityDecider, opportunityStream } from '../../domain/opportunity/decide.ts';
import type { OpportunityDetails } from '../../domain/opportunity/rules.ts';
import { participationDecider } from '../../domain/participation/decide.ts';
import { scheduleDecider, scheduleStream } from '../../domain/participation/schedule.ts';
import { registrationDecider } from '../../domain/registration/decide.ts';
import { registrationStream } from '../../domain/registration/events.ts';
import type { RegistrationForm } from '../../domain/registration/form.ts';
import { CLIENTS } from '../../domain/shared/clients.ts';
import { ProjectionRunner } from '../../projections/runner/runner.ts';
import {
  inDays,
  opportunityDetails,
  testContext,
  uniqueRegistrationForm,
} from '../../tests/support/command-fixtures.ts';
import { commandStore } from '../../tests/support/command-store.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts';
import type { ChildCommand } from '../../tests/support/process-child.ts';
import { PostgresJobQueue } from '../../workers/jobs/postgres-queue.ts';
import { openProcessesProjection, processSweeper } from '../../workers/process-reactions.ts';
import { userIdForName } from '../account/handlers.ts';
import type { PostgresEventStore } from '../event-store/postgres.ts';
import { handleCommand, loadFolded } from '../handle.ts';
import {
  joinProcess,
  offerExtension,
  participationStream,
  requestJoin,
  staffAccept,
  staffAcceptProcess,
} from '../participation/handlers.ts';
import { registerVolunteer } from '../registration/handlers.ts';
import { uniqueStream } from '../registration/uniqueness.ts';
import { loadProcess, loadProcessOf, type ProcessState } from './process.ts';

/**
 * Every multi-stream command is run in a child process that SIGKILLs itself right after a random append (so between
 * two steps of some command, or inside its compensation); then the portal's process reactor resumes what was left.
 * Afterwards no seat, hold or unique claim has leaked, and every command the child acknowledged is complete.
 */
const KILLS = 20;
const ctx = () => testContext({ correlationId: 'kill-test' });
const COMPILE_CACHE = join(tmpdir(), 'portal-process-child-cache');
const uniqueForm = () => uniqueRegistrationForm('k');

describe('durable processes killed at random points (real PostgreSQL, child processes)', () => {
  let t: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    t = await createTestDatabase('processkill', 20);
    store = commandStore(t.pool);
  });
  afterAll(async () => {
    await t.drop();
  });

  const details = opportunityDetails;
  async function newOpportunity(over: Partial<OpportunityDetails> = {}): Promise<string> {
    const id = randomUUID();
    const s = opportunityStream(id);
    await handleCommand(
      store,
      s,
      opportunityDecider,
      { type: 'Create', details: details(over), client: CLIENTS.MOH, lookups: seedSnapshot() },
      ctx(),
    );
    await handleCommand(store, s, opportunityDecider, { type: 'Approve' }, ctx());
    return id;
  }

  /** Runs the batch in a child killed after a random append in [1, maxKillAt]; the acknowledged outcomes. */
  async function runKilled(batch: ChildCommand[], maxKillAt: number) {
    const killAt = 1 + Math.floor(Math.random() * maxKillAt);
    const arg = Buffer.from(JSON.stringify(batch)).toString('base64');
    const child = spawn(
      process.execPath,
      ['tests/support/process-child.ts', t.url, t.appRole ?? '-', String(killAt), arg],
      // A compiled-code cache shared by the children: a hundred of them start in well under a second each.
      { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_COMPILE_CACHE: COMPILE_CACHE } },
    );
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
    });
    const signal = await new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, sig) => resolve(sig)),
    );
    const acks = new Map<string, string>();
    for (const line of out.split('\n')) {
      const [word, id, outcome] = line.split(' ');
      if (word === 'ack') acks.set(id!, outcome!);
    }
    return { killed: signal === 'SIGKILL', acks };
  }

  /** Rounds of one kind until KILLS of them were killed inside; every acknowledgement kept. */
  async function killRounds(setup: () => Promise<ChildCommand[]>, maxKillAt: number) {
    const acks = new Map<string, string>();
    const commands: ChildCommand[] = [];
    let kills = 0;
    for (let round = 0; kills < KILLS && round < KILLS * 2; round++) {
      const batch = await setup();
      commands.push(...batch);
      const r = await runKilled(batch, maxKillAt);
      if (r.killed) kills++;
      for (const [id, outcome] of r.acks) acks.set(id, outcome);
    }
    return { acks, commands, kills };
  }

  const fold = async <S>(stream: string, decider: unknown) =>
    (await loadFolded(store, stream, decider as never)).state as S;
  const participationOf = (o: string, v: string) =>
    fold<{ status: number | null; extension: unknown }>(participationStream(o, v), participationDecider);
  const scheduleOf = (v: string) =>
    fold<{ pending: string[]; accepted: Record<string, { endDate: string }> }>(scheduleStream(v), scheduleDecider);

  it('leaks no seat, hold or claim, and completes every acknowledged command, after 20 kills per command', async () => {
    const accepts: { o: string; vs: string[] }[] = [];
    const joins: { os: string[]; v: string }[] = [];
    const actions: { os: string[]; v: string }[] = [];
    const continues: { o: string; v: string; end: string }[] = [];
    const registered: string[] = [];

    const kinds = await Promise.all([
      // Staff accept: 4 at once for 2 seats, so refusals compensate (the dates go back) while others complete. An
      // accept appends three times (its start and end travel with its steps' appends), a refused one four (the
      // reservation with the start, the turn to compensating, the release, the failure): the batch makes 14 appends.
      killRounds(async () => {
        const o = await newOpportunity({ maxContributions: 2 });
        const vs = Array.from({ length: 4 }, () => randomUUID());
        for (const v of vs) await requestJoin(store, o, v, ctx());
        accepts.push({ o, vs });
        return vs.map((v) => ({ kind: 'accept', commandId: randomUUID(), opportunityId: o, volunteerId: v }));
      }, 14),
      // Join: three events and a duplicate at once, for a limit of two pending requests. A join appends twice (its
      // start and end travel with its steps' appends): the batch makes 4–7 appends.
      killRounds(async () => {
        const os = await Promise.all(
          [0, 1, 2].map((i) => newOpportunity({ startDate: inDays(20 + i * 10), endDate: inDays(22 + i * 10) })),
        );
        const v = randomUUID();
        joins.push({ os, v });
        return [...os, os[0]!].map((o) => ({
          kind: 'join',
          commandId: randomUUID(),
          opportunityId: o,
          volunteerId: v,
        }));
      }, 5),
      // Continue an extension, twice at once (one finds the offer answered and puts nothing back wrongly).
      killRounds(async () => {
        const o = await newOpportunity({ startDate: inDays(50), endDate: inDays(52) });
        const v = randomUUID();
        await requestJoin(store, o, v, ctx());
        await staffAccept(store, o, v, { byAdmin: false, confirmRaise: false }, ctx());
        const end = inDays(55);
        await handleCommand(
          store,
          opportunityStream(o),
          opportunityDecider,
          {
            type: 'Edit',
            details: details({ startDate: inDays(50), endDate: end }),
            client: CLIENTS.MOH,
            lookups: seedSnapshot(),
          },
          ctx(),
        );
        await offerExtension(store, o, v, { previousEndDate: inDays(52), newEndDate: end }, ctx());
        continues.push({ o, v, end });
        return [1, 2].map(() => ({ kind: 'continue', commandId: randomUUID(), opportunityId: o, volunteerId: v }));
      }, 6),
      // Actions with follow-ups: a cancelled and a rejected request give their holds back, an absence its seat.
      killRounds(async () => {
        const os = await Promise.all(
          [0, 1, 2].map((i) => newOpportunity({ startDate: inDays(70 + i * 10), endDate: inDays(72 + i * 10) })),
        );
        const v = randomUUID();
        await requestJoin(store, os[2]!, v, ctx());
        await staffAccept(store, os[2]!, v, { byAdmin: false, confirmRaise: false }, ctx());
        for (const o of os.slice(0, 2)) await requestJoin(store, o, v, ctx());
        actions.push({ os, v });
        return (['Cancel', 'StaffReject', 'MarkAbsent'] as const).map((action, i) => ({
          kind: 'action',
          commandId: randomUUID(),
          opportunityId: os[i]!,
          volunteerId: v,
          action,
        }));
      }, 11),
      // Registration: three at once, two of them with the same e-mail (the loser gives back what it claimed).
      killRounds(async () => {
        const forms = [uniqueForm(), uniqueForm(), uniqueForm()];
        forms[1]!.user!.email = forms[0]!.user!.email;
        return forms.map((form) => ({ kind: 'register', commandId: randomUUID(), form }));
      }, 16),
      // Registration update: two volunteers take the same new e-mail and a new mobile at once.
      killRounds(async () => {
        const forms = [uniqueForm(), uniqueForm()];
        const ids: string[] = [];
        for (const form of forms)
          ids.push((await registerVolunteer(store, CLIENTS.MOH, { form, submit: true }, ctx())).volunteerId);
        registered.push(...ids);
        const email = uniqueForm().user!.email!;
        return forms.map((previous, i) => {
          const form = structuredClone(previous);
          form.user!.email = email;
          form.user!.mobile = uniqueForm().user!.mobile;
          return { kind: 'update', commandId: randomUUID(), volunteerId: ids[i]!, previous, form };
        });
      }, 10),
    ]);
    for (const k of kinds) expect(k.kills).toBeGreaterThanOrEqual(KILLS);
    // A process's own stream without an end, and an inline process's start (in its step's stream, under
    // `<commandId>:<step>`) with no end anywhere.
    const unfinished = async () =>
      (
        await t.pool.query(`select (select count(*)::int from es.streams s where s.stream_id like 'process-%'
           and not exists (select 1 from es.events e where e.stream_id = s.stream_id and e.type in ('ProcessCompleted', 'ProcessFailed')))
         + (select count(*)::int from es.events s where s.type = 'ProcessStarted' and s.stream_id not like 'process-%'
           and not exists (select 1 from es.events e where e.type in ('ProcessCompleted', 'ProcessFailed')
                            and split_part(e.metadata->>'commandId', ':', 1) = split_part(s.metadata->>'commandId', ':', 1))) as n`)
      ).rows[0].n as number;
    // The kills left processes behind (else nothing here was tested).
    expect(await unfinished()).toBeGreaterThan(0);

    // The portal's process projection catches up and its sweeper, with no lease (nothing else runs), resumes them.
    const queue = new PostgresJobQueue(t.db);
    await new ProjectionRunner(store, t.pool, t.db, openProcessesProjection).runUntilCaughtUp();
    expect(await processSweeper(queue, store, t.db, 0).run()).toBeGreaterThan(0);
    expect(await unfinished()).toBe(0);

    // Every acknowledged command is complete: its process ended with the acknowledged outcome (an accept's or a
    // join's end is in its last step's append, found through its workflow).
    type OnParticipation = { commandId: string; opportunityId: string; volunteerId: string };
    const inline = new Map<string, (commandId: string) => Promise<ProcessState>>();
    for (const c of kinds[0]!.commands as OnParticipation[])
      inline.set(c.commandId, (id) =>
        loadProcessOf(store, staffAcceptProcess, { ...c, byAdmin: false, confirmRaise: false }, id),
      );
    for (const c of kinds[1]!.commands as OnParticipation[])
      inline.set(c.commandId, (id) => loadProcessOf(store, joinProcess, c, id));
    for (const k of kinds)
      for (const [commandId, outcome] of k.acks) {
        const p = await (inline.get(commandId) ?? ((id: string) => loadProcess(store, id)))(commandId);
        if (outcome === 'ok') expect(p.completed).not.toBeNull();
        else if (p.started) expect(p.failed?.code).toBe(outcome);
      }

    // Seats: the volunteers holding a seat are exactly the accepted ones; schedules agree with the participations.
    const volunteers = new Map<string, string[]>();
    const see = (v: string, o: string) => volunteers.set(v, [...(volunteers.get(v) ?? []), o]);
    for (const { o, vs } of accepts) {
      const seats = (await fold<{ seats: string[] }>(opportunityStream(o), opportunityDecider)).seats;
      const accepted: string[] = [];
      for (const v of vs) {
        see(v, o);
        if ((await participationOf(o, v)).status === 4) accepted.push(v);
      }
      expect(seats.sort()).toEqual(accepted.sort());
      expect(accepted.length).toBeLessThanOrEqual(2);
    }
    for (const { os, v } of joins) for (const o of os) see(v, o);
    for (const { os, v } of actions) for (const o of os) see(v, o);
    const kindOf = (v: string) =>
      joins.some((j) => j.v === v) ? 'join' : actions.some((a) => a.v === v) ? 'action' : 'accept';
    for (const { os, v } of actions) {
      // Every seat of the absence's event agrees with the participations (the seat went back or is still held).
      const seats = (await fold<{ seats: string[] }>(opportunityStream(os[2]!), opportunityDecider)).seats;
      expect(seats.includes(v)).toBe((await participationOf(os[2]!, v)).status === 4);
    }
    for (const [v, os] of volunteers) {
      const schedule = await scheduleOf(v);
      const status = await Promise.all(os.map(async (o) => [o, (await participationOf(o, v)).status] as const));
      expect([kindOf(v), v, schedule.pending.sort()]).toEqual([
        kindOf(v),
        v,
        status
          .filter(([, s]) => s === 7)
          .map(([o]) => o)
          .sort(),
      ]);
      expect([kindOf(v), v, Object.keys(schedule.accepted).sort()]).toEqual([
        kindOf(v),
        v,
        status
          .filter(([, s]) => s === 4)
          .map(([o]) => o)
          .sort(),
      ]);
      expect(schedule.pending.length).toBeLessThanOrEqual(2);
    }
    // An extension continued moves the dates on the schedule; one not continued leaves them.
    for (const { o, v, end } of continues) {
      const p = await participationOf(o, v);
      const dates = (await scheduleOf(v)).accepted[o]!;
      expect([o, dates.endDate]).toEqual([o, p.extension === null ? end : inDays(52)]);
    }

    // Unique claims: every claim belongs to a registration holding that value, and every registration holds its own.
    const { rows } = await t.pool.query(
      `select stream_id from es.streams where stream_id like 'email-%' or stream_id like 'mobile-%' or stream_id like 'idnumber-%' or stream_id like 'username-%'`,
    );
    let claims = 0;
    for (const { stream_id } of rows as { stream_id: string }[]) {
      let owner: string | null = null;
      for await (const e of store.readStream(stream_id))
        owner =
          e.type === 'UniqueValueClaimed' || e.type === 'UserNameReserved'
            ? ((e.data as { ownerId?: string; userId?: string }).ownerId ?? (e.data as { userId: string }).userId)
            : null;
      if (owner === null) continue;
      claims++;
      const form = await fold<{ exists: boolean; form: RegistrationForm }>(
        registrationStream(owner),
        registrationDecider,
      );
      expect([stream_id, form.exists]).toEqual([stream_id, true]);
      const values = [
        uniqueStream('email', form.form.user!.email!),
        uniqueStream('mobile', form.form.user!.mobile!),
        uniqueStream('idNumber', form.form.identity!.idNumber!),
        `username-${form.form.user!.userName!.toLowerCase()}`,
      ];
      expect(values).toContain(stream_id);
    }
    const { rows: regs } = await t.pool.query(`select stream_id from es.streams where stream_id like 'registration-%'`);
    expect(claims).toBe(regs.length * 4);
    for (const id of registered) {
      const form = (await fold<{ form: RegistrationForm }>(registrationStream(id), registrationDecider)).form;
      expect(await userIdForName(store, form.user!.userName!)).toBe(id);
    }
    // 120 children started and killed, each importing the command modules: about 110 s on a quiet machine, more while
    // other test files share the two cores.
  }, 300_000);
});
