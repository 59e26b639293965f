import type { EventStore } from '../../commands/event-store/port.ts';
import { deterministicEventId } from '../../commands/handle.ts';
import type { IdentityService } from '../../commands/identity/nic-service.ts';
import { lookupsFromStreams } from '../../commands/lookups/seed.ts';
import { preferencesStream } from '../../domain/preferences/decide.ts';
import type { ClientConfig } from '../../domain/shared/clients.ts';
import { sandboxIdentityService } from '../../workers/identity/sandbox.ts';
import { type DemoCommands, demoCommands, volunteerIdOf } from './commands.ts';
import { eventSteps, planEvents } from './events.ts';
import { participationSteps, type Role } from './participants.ts';
import { formOf, planVolunteers, registrationSteps } from './people.ts';
import { Random } from './random.ts';
import { runTimeline, type Step } from './timeline.ts';

export interface DemoYearOptions {
  /** Volunteers to register (≥ 300 for the full demo). */
  volunteers?: number;
  /** Events to create (≥ 40 for the full demo). */
  events?: number;
  /** The end of the simulated year: everything happens before it (default: now). Events after it are upcoming. */
  end?: Date;
  seed?: number;
  /** Commands run at once (independent volunteers and events). */
  concurrency?: number;
  /** Load even when the marker says the year was loaded (the commands' fixed ids still make it add nothing). */
  force?: boolean;
  /**
   * The identity service the registrations ask (`npm start` passes the portal's); without it the sandbox in process
   * (workers/identity/sandbox.ts), which refuses production and NIC_URL.
   */
  nic?: IdentityService;
}

export interface DemoYearSummary {
  loaded: boolean;
  volunteers: number;
  events: number;
  commands: number;
  refused: Record<string, number>;
  roles: Partial<Record<Role, number>>;
  ms: number;
}

export const FULL_SIZE = { volunteers: 320, events: 45 } as const;
const DAY = 86_400_000;

/** The marker of a complete load: the last volunteer's preferences, changed by the load's very last command. */
function markerVolunteer(seed: number, volunteers: number): string {
  return volunteerIdOf(`demo-year:${seed}:register:${volunteers - 1}`);
}

export async function demoYearLoaded(store: EventStore, opts: DemoYearOptions = {}): Promise<boolean> {
  const id = markerVolunteer(opts.seed ?? 2026, opts.volunteers ?? FULL_SIZE.volunteers);
  for await (const _ of store.readStream(preferencesStream(id))) return true;
  return false;
}

/**
 * A year of activity through the real command handlers (scripts/demo/README in docs/architecture.md, "Demo year"):
 * volunteers register over the months and are reviewed, events are created, approved or rejected, deleted, run and
 * close, volunteers are invited or ask to join and answer, staff accept, reject, mark absent and release, hours are
 * logged with their ratings and approved or rejected, and incidents are recorded, each at its simulated time (the
 * events' occurredAt). Deterministic: the same seed, sizes and end day give the same commands; their ids are fixed,
 * so a second run appends nothing.
 */
export async function loadDemoYear(
  store: EventStore,
  client: ClientConfig,
  opts: DemoYearOptions = {},
): Promise<DemoYearSummary> {
  const started = Date.now();
  const seed = opts.seed ?? 2026;
  const volunteerCount = opts.volunteers ?? FULL_SIZE.volunteers;
  const eventCount = opts.events ?? FULL_SIZE.events;
  const empty = { volunteers: 0, events: 0, commands: 0, refused: {}, roles: {} };
  if (!opts.force && (await demoYearLoaded(store, { seed, volunteers: volunteerCount })))
    return { loaded: false, ...empty, ms: Date.now() - started };

  const end = opts.end ?? new Date();
  const endDay = Math.floor(end.getTime() / DAY) * DAY;
  const today = 364; // day index of `end`; day 0 is a year before
  const dayMs = (day: number) => endDay - (today - day) * DAY;
  const at = (day: number, hour: number, minute = 0) => new Date(dayMs(day) + hour * 3_600_000 + minute * 60_000);
  const iso = (day: number) => new Date(dayMs(day)).toISOString().slice(0, 10);

  const rng = new Random(seed);
  const cmd = demoCommands(store, client, seed, opts.nic ?? sandboxIdentityService(client.idNumberPattern));
  await ensureEventTypes(store, cmd, at(0, 8));
  // From the streams: the process's cached read model may not hold the event types just added.
  const lookups = await lookupsFromStreams(store);
  const steps: Step[] = [];

  const volunteers = planVolunteers(volunteerCount, rng, lookups, today);
  for (const v of volunteers) {
    v.id = volunteerIdOf(cmd.registerCommandId(v.index));
    steps.push(...registrationSteps(v, formOf(v, rng, lookups), cmd, at, rng));
  }
  const events = planEvents(eventCount, rng, lookups, client, today, iso);
  const roles: Partial<Record<Role, number>> = {};
  for (const e of events) {
    e.id = deterministicEventId(`demo-year:${seed}`, 'opportunity', e.index);
    steps.push(...eventSteps(e, cmd, at));
    const p = participationSteps(e, volunteers, cmd, at, iso, today, rng);
    steps.push(...p.steps);
    for (const r of p.roles) roles[r] = (roles[r] ?? 0) + 1;
  }
  // Nothing after the end of the year: later steps of a flow (an active event's evening hours) simply do not happen.
  const due = steps.filter((s) => s.at.getTime() <= end.getTime());
  const result = await runTimeline(due, opts.concurrency ?? 4);
  const marker = volunteers[volunteers.length - 1]!;
  await cmd.finish(marker.id, new Date(Math.max(end.getTime(), at(marker.registeredDay, 23).getTime())));
  return {
    loaded: true,
    volunteers: volunteers.length,
    events: events.length,
    commands: result.ran + 1,
    refused: result.refused,
    roles,
    ms: Date.now() - started,
  };
}

/** The event types the demo events carry, with the targets the statistics compare against: added as an admin would. */
const EVENT_TYPES: readonly { nameAr: string; nameEn: string; min: number; max: number }[] = [
  { nameAr: 'حملة توعوية', nameEn: 'Awareness campaign', min: 20, max: 60 },
  { nameAr: 'حملة تبرع بالدم', nameEn: 'Blood donation drive', min: 10, max: 40 },
  { nameAr: 'دعم ميداني', nameEn: 'Field support', min: 15, max: 50 },
  { nameAr: 'تدريب وتأهيل', nameEn: 'Training', min: 5, max: 30 },
  { nameAr: 'فعالية مجتمعية', nameEn: 'Community event', min: 25, max: 80 },
];

async function ensureEventTypes(store: EventStore, cmd: DemoCommands, now: Date): Promise<void> {
  if ((await lookupsFromStreams(store)).list('eventType').length > 0) return;
  const groupId = await cmd.addLookup(
    'eventTypeGroup',
    { nameAr: 'فعاليات تطوعية', nameEn: 'Volunteering events' },
    'group',
    now,
  );
  for (const [i, t] of EVENT_TYPES.entries())
    await cmd.addLookup(
      'eventType',
      { nameAr: t.nameAr, nameEn: t.nameEn, parentId: groupId, targets: { min: t.min, max: t.max } },
      String(i),
      now,
    );
}
