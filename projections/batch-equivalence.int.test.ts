import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEvent } from '../commands/event-store/port.ts';
import { PostgresEventStore } from '../commands/event-store/postgres.ts';
import { STATUS_AFTER } from '../domain/participation/decide.ts';
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts';
import { eventDetails } from '../tests/support/event-form.ts';
import { notificationsProjection } from './notifications/notifications.ts';
import { participationsProjection } from './opportunity/participations.ts';
import { eventReportsProjection } from './reports/event-reports.ts';
import type { Projection } from './runner/projection.ts';
import { ProjectionRunner } from './runner/runner.ts';
import { statisticsProjection } from './statistics/statistics.ts';

/**
 * Projections that write a run of like events as one statement must leave the rows that one event at a time leaves:
 * the same log, applied in batches of 500 in one database and of one in another, gives the same rows, table by table.
 */
const PROJECTIONS: readonly Projection[] = [
  participationsProjection,
  eventReportsProjection,
  notificationsProjection,
  statisticsProjection,
];
/** Tables the log below does not reach (no tickets, no surveys): they are compared, but may be empty. */
const UNREACHED = ['notification_tickets', 'notification_surveys', 'stat_volunteers', 'stat_volunteer_counts'];

/** Ids made in order, so that a run's rows can be compared with another run's (the log is the same every time). */
let made = 0;
const newId = () => `00000000-0000-4000-8000-${(++made).toString(16).padStart(12, '0')}`;
const opportunities = [newId(), newId()];
const volunteers = Array.from({ length: 8 }, () => newId());
const T0 = Date.parse('2026-03-01T08:00:00Z');

/**
 * A participation's life, as the deciders write it: each status with the one before it. A step is one event, or
 * several at the same moment (as one command's events are).
 */
type Step = readonly [string, object?];
const EXTENSION = { previousEndDate: '2026-03-02', newEndDate: '2026-03-09' };
const LIVES: readonly (readonly (Step | readonly Step[])[])[] = [
  [['JoinRequested', { at: '' }], ['ParticipantAccepted', { reversal: false }], ['HoursRecorded'], ['HoursApproved']],
  [['ParticipantInvited', { at: '' }], ['InvitationAcceptedByVolunteer'], ['ParticipantAccepted', { reversal: false }]],
  [
    ['JoinRequested', { at: '' }],
    ['ParticipantRejected'],
    ['ParticipantAccepted', { reversal: true }],
    ['ReleaseRequested'],
    ['ParticipantReleased'],
  ],
  [[['ParticipantInvited', { at: '' }], ['InvitationRejectedByVolunteer']]],
  [['JoinRequested', { at: '' }], [['ParticipantAccepted', { reversal: false }], ['HoursRecorded']], ['HoursApproved']],
  [
    ['ParticipantInvited', { at: '' }],
    ['ParticipantAccepted', { reversal: false }],
    ['ExtensionOffered', EXTENSION],
    ['ExtensionDeclined', EXTENSION],
  ],
  [
    ['JoinRequested', { at: '' }],
    ['ParticipantAccepted', { reversal: false }],
    ['ExtensionOffered', EXTENSION],
    ['ExtensionOffered', EXTENSION],
    ['ParticipantReleased'],
  ],
  [
    ['JoinRequested', { at: '' }],
    ['ParticipantAccepted', { reversal: false }],
    [
      ['ExtensionOffered', EXTENSION],
      ['ExtensionAccepted', EXTENSION],
    ],
    ['ReleaseRequested'],
  ],
  [
    ['JoinRequested', { at: '' }],
    ['ParticipationCancelled'],
    ['JoinRequested', { at: '' }],
    ['ParticipantAccepted', { reversal: false }],
    ['HoursRecorded'],
    ['HoursRejected'],
    ['ParticipantMarkedAbsent'],
  ],
];
const STATUS: Partial<Record<string, number>> = STATUS_AFTER;

const logged = (type: string, data: object, occurredAt: string): NewEvent => ({
  id: newId(),
  type,
  data,
  metadata: {
    actorId: null,
    actorRole: null,
    correlationId: newId(),
    causationId: null,
    occurredAt,
    clientCode: 'MOH',
  },
});

const details = (i: number) =>
  eventDetails({ code: `EV-${i}`, regionIds: [1], cityIds: [2], startDate: '2026-03-01', endDate: '2026-03-02' });

/** Every participation's events, interleaved round-robin (as joins and answers arrive), some at the same moment. */
function theLog(): { stream: string; event: NewEvent }[] {
  const lives = opportunities.flatMap((o, i) =>
    volunteers.map((v, j) => ({ stream: `participation-${o}_${v}`, life: LIVES[(i + j) % LIVES.length]! })),
  );
  const log: { stream: string; event: NewEvent }[] = opportunities.map((o, i) => ({
    stream: `opportunity-${o}`,
    event: logged('OpportunityCreated', { details: details(i) }, new Date(T0 - 86_400_000).toISOString()),
  }));
  const previous = new Map<string, number | null>();
  const hours = new Map<string, string>();
  for (let step = 0, tick = 0; lives.some((l) => step < l.life.length); step++) {
    for (const { stream, life } of lives) {
      const next = life[step];
      if (!next) continue;
      const at = new Date(T0 + Math.floor(tick++ / 3) * 60_000).toISOString();
      for (const [type, extra] of typeof next[0] === 'string' ? [next as Step] : (next as readonly Step[])) {
        let data: object;
        if (type === 'HoursRecorded') {
          const hoursId = newId();
          hours.set(stream, hoursId);
          data = { hoursId, hours: 3.5, casesHandled: 2, checkIn: at, checkOut: at, rating: 4, review: 'ok' };
        } else if (type.startsWith('Hours')) data = { hoursId: hours.get(stream) };
        else if (type === 'ExtensionOffered' || type === 'ExtensionAccepted') data = extra!;
        else {
          data = { ...extra, ...(extra && 'at' in extra ? { at } : {}), previousStatus: previous.get(stream) ?? null };
          previous.set(stream, STATUS[type] ?? null);
        }
        log.push({ stream, event: logged(type, data, at) });
      }
    }
  }
  return log;
}

describe('set-based projections give the rows one event at a time gives', () => {
  const log = theLog();
  /** The log applied one event a batch (as the runner does after a failed batch), then in batches of 5 and of 500. */
  const SIZES = [1, 5, 500];
  let dbs: TestDatabase[] = [];

  async function applyAll(t: TestDatabase, batchSize: number) {
    const store = new PostgresEventStore(t.pool);
    for (const { stream, event } of log) await store.append(stream, [event], { expectedRevision: 'any' });
    for (const p of PROJECTIONS)
      await new ProjectionRunner(store, t.pool, t.db, p, { batchSize, onParked: () => {} }).runUntilCaughtUp();
  }

  beforeAll(async () => {
    dbs = await Promise.all(SIZES.map((n) => createTestDatabase(`batch${n}`)));
    await Promise.all(dbs.map((t, i) => applyAll(t, SIZES[i]!)));
  });
  afterAll(async () => {
    await Promise.all(dbs.map((t) => t.drop()));
  });

  /** A table's rows, but the log's commit positions (each database's store numbers its own transactions). */
  const rows = async (t: TestDatabase, table: string) =>
    (await sql<Record<string, unknown>>`select * from ${sql.table(`rm.${table}`)}`.execute(t.db)).rows
      .map(({ commit_pos: _, ...r }) => JSON.stringify(r))
      .sort();

  it('the offers of a later end date end as the domain says: declined and read, superseded, continued and read', async () => {
    // Each life comes twice (two events, eight volunteers): a declined offer, two superseded ones, a continued one.
    const { rows: offers } = await sql<{ state: string; read: boolean }>`
      select state, read_at is not null as read from rm.notifications where type = 16 order by state, read`.execute(
      dbs[0]!.db,
    );
    expect(offers).toEqual([
      ...Array(2).fill({ state: 'continued', read: true }),
      ...Array(2).fill({ state: 'declined', read: true }),
      ...Array(4).fill({ state: 'superseded', read: false }),
    ]);
  });

  for (const p of PROJECTIONS)
    it(`${p.name}: every table's rows, and nothing parked`, async () => {
      for (const table of p.tables) {
        const [one, ...batched] = await Promise.all(dbs.map((t) => rows(t, table)));
        if (!UNREACHED.includes(table)) expect(one!.length, table).toBeGreaterThan(0);
        for (const [i, b] of batched.entries()) expect(b, `${table} in batches of ${SIZES[i + 1]}`).toEqual(one);
      }
      for (const t of dbs) {
        const { rows: parked } = await sql`select 1 from rm.parked_events where name = ${p.name}`.execute(t.db);
        expect(parked).toEqual([]);
      }
    });
});
