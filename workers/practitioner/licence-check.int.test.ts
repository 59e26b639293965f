import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../commands/event-store/port.ts';
import type { PostgresEventStore } from '../../commands/event-store/postgres.ts';
import { HttpLicenceRegistry, licenceRegistryFor } from '../../commands/practitioner/licence-registry-http.ts';
import { registerVolunteer } from '../../commands/registration/handlers.ts';
import { practitionerStream } from '../../domain/practitioner/events.ts';
import { registrationStream } from '../../domain/registration/events.ts';
import { CLIENTS } from '../../domain/shared/clients.ts';
import { testContext, uniqueRegistrationForm } from '../../tests/support/command-fixtures.ts';
import { commandStore } from '../../tests/support/command-store.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts';
import type { JobHandler, JobQueue } from '../jobs/port.ts';
import { practitionerReactions } from '../practitioner-reactions.ts';
import { type LocalCfhsServer, startLocalCfhsServer } from './local-cfhs-server.ts';

// A registration saved with a CFHS number gets its PractitionerLicenceChecked through the HTTP adapter asking the
// local register (real PostgreSQL, real HTTP): the reactor enqueues the check, the job asks, the answer is recorded.
// While the register is down the job fails (the queue retries it) and writes nothing.

describe('the licence check through the HTTP licensing register (real PostgreSQL)', () => {
  let t: TestDatabase;
  let store: PostgresEventStore;
  let cfhs: LocalCfhsServer;
  const handlers = new Map<string, JobHandler>();
  const enqueued: { name: string; payload: unknown; jobId: string }[] = [];
  // Only what the reactor and the handler's registration use: the test runs the enqueued job itself.
  const recording: Pick<JobQueue, 'enqueue' | 'handle'> = {
    enqueue: async (name, payload, opts) => void enqueued.push({ name, payload, jobId: opts.jobId }),
    handle: (name, h) => void handlers.set(name, h),
  };
  const queue = recording as JobQueue;
  let reactor: ReturnType<typeof practitionerReactions>;

  beforeAll(async () => {
    t = await createTestDatabase('cfhs', 10);
    store = commandStore(t.pool);
    cfhs = await startLocalCfhsServer({ apiKey: 'register-key' });
    const registry = licenceRegistryFor({ cfhsUrl: cfhs.url, cfhsApiKey: 'register-key', exportPath: '/nonexistent' });
    expect(registry).toBeInstanceOf(HttpLicenceRegistry);
    reactor = practitionerReactions(queue, store, registry, 'MOH');
  });
  afterAll(async () => {
    await cfhs?.close();
    await store?.close();
    await t?.drop();
  });

  const read = async (stream: string) => {
    const events: StoredEvent[] = [];
    for await (const e of store.readStream(stream)) events.push(e);
    return events;
  };

  /** Saves a draft with the number and runs the reactor over it: the one check job it enqueued. */
  async function savedWith(cfhsNumber: string) {
    const form = uniqueRegistrationForm('cfhs');
    const { volunteerId } = await registerVolunteer(
      store,
      CLIENTS.MOH,
      { form: { ...form, practitioner: { ...form.practitioner, cfhsNumber } }, submit: false },
      testContext(),
    );
    enqueued.length = 0;
    await reactor.apply({ tx: t.db, table: (n) => n }, await read(registrationStream(volunteerId)));
    expect(enqueued.map((j) => j.name)).toEqual(['practitioner.check-licence']);
    const job = enqueued[0]!;
    const run = () => handlers.get(job.name)!({ id: job.jobId, name: job.name, payload: job.payload, attempt: 1 });
    return { volunteerId, run };
  }

  it('records the register’s status, classification and expiry', async () => {
    const { volunteerId, run } = await savedWith('12rm0012345');
    await run();
    const checked = await read(practitionerStream(volunteerId));
    expect(checked.map((e) => e.type)).toEqual(['PractitionerLicenceChecked']);
    expect(checked[0]!.data).toMatchObject({
      cfhsNumber: '12rm0012345', // as typed; the register is asked in upper case
      statusId: 8,
      classification: { ar: 'ممرض', en: 'Nurse' },
      licenceExpiryDate: '2028-06-30',
      previousStatusId: null,
    });
  });

  it('records a number the register does not know (404) as Unknown, 7', async () => {
    const { volunteerId, run } = await savedWith('99XX0000000');
    await run();
    expect((await read(practitionerStream(volunteerId)))[0]!.data).toMatchObject({
      statusId: 7,
      classification: null,
      licenceExpiryDate: null,
    });
  });

  it('fails the job and writes nothing while the register is down; the retry records the answer', async () => {
    const { volunteerId, run } = await savedWith('11RM0054321');
    cfhs.setAvailable(false);
    try {
      await expect(run()).rejects.toThrow(/answered 503/);
      expect(await read(practitionerStream(volunteerId))).toEqual([]);
    } finally {
      cfhs.setAvailable(true);
    }
    await run();
    expect((await read(practitionerStream(volunteerId)))[0]!.data).toMatchObject({ statusId: 1 });
  });
});
