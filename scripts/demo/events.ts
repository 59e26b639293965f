import type { LookupSnapshot } from '../../domain/lookups/snapshot.ts';
import { type OpportunityDetails, Visibility } from '../../domain/opportunity/rules.ts';
import type { ClientConfig } from '../../domain/shared/clients.ts';
import { type Actor, ADMIN, type DemoCommands, STAFF } from './commands.ts';
import { EVENT_THEMES } from './names.ts';
import { type DemoVolunteer, registrationPlaces } from './people.ts';
import type { Random } from './random.ts';
import type { Step } from './timeline.ts';

/** What happens to an event over the demo year (its approval and, through its dates, its status). */
export type EventKind =
  | 'closed'
  | 'active'
  | 'upcoming'
  | 'pendingApproval'
  | 'rejected'
  | 'deleted'
  | 'deletedAfterRequest'
  | 'deleteRequested';

/** One of each first (so that a small demo has every status too), then events that ran and closed. */
const FIXED_KINDS: EventKind[] = [
  'closed',
  'active',
  'upcoming',
  'pendingApproval',
  'rejected',
  'deleted',
  'deletedAfterRequest',
  'deleteRequested',
  'closed',
  'active',
  'upcoming',
  'pendingApproval',
  'rejected',
  'upcoming',
  'active',
];

export interface DemoEvent {
  index: number;
  id: string;
  kind: EventKind;
  createdDay: number;
  startDay: number;
  endDay: number;
  details: OpportunityDetails;
  owner: Actor;
}

/** The event's own region and city (its place) and an event type of the master data (the statistics break them down). */
export function optionalEventFields(
  lookups: LookupSnapshot,
  place: { regionId: number; cityId: number },
  rng: Random,
): Partial<OpportunityDetails> {
  const types = lookups.list('eventType');
  return {
    regionId: place.regionId,
    cityId: place.cityId,
    ...(types.length ? { eventTypeId: rng.pick(types).id } : {}),
  };
}

export function planEvents(
  count: number,
  rng: Random,
  lookups: LookupSnapshot,
  client: ClientConfig,
  today: number,
  iso: (day: number) => string,
): DemoEvent[] {
  const kinds = Array.from({ length: count }, (_, k) => FIXED_KINDS[k] ?? 'closed');
  const closedCount = kinds.filter((k) => k === 'closed').length;
  const places = registrationPlaces(lookups);
  const categories = lookups.list('category');
  const workFields = lookups.list('workField');
  let closedSeen = 0;
  /** An event not started yet: created `ago` days before today (a range), starting `ahead` days after it. */
  const notStarted = (ago: [number, number], ahead: [number, number]) =>
    [today - rng.int(...ago), today + rng.int(...ahead)] as const;
  return kinds.map((kind, k) => {
    let createdDay: number;
    let startDay: number;
    let length = rng.int(2, 4);
    switch (kind) {
      case 'closed': {
        // Spread over the year, ending before today.
        const slot = Math.floor(((closedSeen++ + 0.5) * (today - 40)) / closedCount);
        createdDay = Math.max(0, slot + rng.int(-3, 3));
        startDay = createdDay + rng.int(3, 14);
        break;
      }
      case 'active':
        startDay = today - rng.int(1, 2);
        createdDay = startDay - rng.int(6, 12);
        length = today - startDay + 1 + rng.int(1, 3);
        break;
      case 'upcoming':
      case 'deletedAfterRequest':
      case 'deleteRequested':
        [createdDay, startDay] = notStarted([8, 20], [4, 40]);
        break;
      case 'pendingApproval':
        [createdDay, startDay] = notStarted([1, 10], [10, 30]);
        break;
      case 'rejected':
        createdDay = rng.int(60, today - 30);
        startDay = createdDay + rng.int(5, 15);
        break;
      case 'deleted':
        [createdDay, startDay] = notStarted([20, 60], [5, 30]);
        break;
    }
    const endDay = startDay + length - 1;
    const place = places[(k * 5) % places.length]!;
    const visibility = (
      [Visibility.All, Visibility.Regions, Visibility.All, Visibility.Cities, Visibility.InvitedOnly] as const
    )[k % 5]!;
    const [nameAr, nameEn] = EVENT_THEMES[k % EVENT_THEMES.length]!;
    const owner = place.regionId === 1 ? STAFF : ADMIN;
    const details: OpportunityDetails = {
      code: `DEMO-${String(k + 1).padStart(3, '0')}`,
      nameAr: `${nameAr} ${k + 1}`,
      nameEn: `${nameEn} ${k + 1}`,
      descriptionAr: 'فعالية تطوعية من بيانات العرض التجريبية.',
      descriptionEn: 'A volunteering event of the demo data.',
      leadName: owner === STAFF ? 'خالد الحربي' : 'سارة العتيبي',
      leadMobile: '0550000100',
      leadEmail: client.companyEmailDomain ? `events@${client.companyEmailDomain}` : 'events@portal.localhost',
      visibility,
      regionIds: visibility === Visibility.Regions ? [place.regionId] : [],
      cityIds: visibility === Visibility.Cities ? [place.cityId] : [],
      maxInvitations: 30,
      maxContributions: 24,
      startDate: iso(startDay),
      endDate: iso(endDay),
      gender: 3,
      timePeriod: rng.pick([1, 2, 3] as const),
      volunteeringDays: [0, 1, 2, 3, 4, 5, 6],
      attendanceType: rng.pick([1, 2] as const),
      ...(categories.length ? { categoryId: rng.pick(categories).id } : {}),
      ...(workFields.length ? { workFieldId: rng.pick(workFields).id } : {}),
      maxHours: 8,
      location: places.length ? `${lookups.get('city', place.cityId)?.nameAr ?? ''}` : undefined,
      ...optionalEventFields(lookups, place, rng),
    };
    return { index: k, id: '', kind, createdDay, startDay, endDay, details, owner };
  });
}

/** The event's own commands: created, approved or rejected, deleted, and its status moved by its dates. */
export function eventSteps(
  e: DemoEvent,
  cmd: DemoCommands,
  at: (day: number, hour: number, minute?: number) => Date,
): Step[] {
  const key = [`e:${e.id}`];
  const step = (day: number, hour: number, what: string, run: (now: Date) => Promise<void>): Step => ({
    at: at(day, hour),
    what,
    exclusive: key,
    run,
  });
  const steps: Step[] = [
    step(e.createdDay, 9, 'create event', (now) => cmd.createEvent(e.id, e.details, e.owner, now)),
  ];
  if (e.kind === 'rejected')
    steps.push(
      step(e.createdDay + 1, 11, 'reject event', (now) =>
        cmd.onEvent(e.id, { type: 'Reject', reason: 'التواريخ تتعارض مع فعالية أخرى' }, 'reject', now),
      ),
    );
  else if (e.kind !== 'pendingApproval')
    steps.push(
      step(e.createdDay + 1, 8, 'approve event', (now) => cmd.onEvent(e.id, { type: 'Approve' }, 'approve', now)),
    );
  if (e.kind === 'deleted')
    steps.push(
      step(e.createdDay + 2, 12, 'delete event', (now) =>
        cmd.onEvent(e.id, { type: 'Delete', reason: 'أُلغيت لظروف تنظيمية' }, 'delete', now),
      ),
    );
  if (e.kind === 'deletedAfterRequest' || e.kind === 'deleteRequested')
    steps.push(
      step(e.createdDay + 4, 12, 'delete event', (now) =>
        cmd.onEvent(e.id, { type: 'Delete', reason: 'نُقلت إلى موعد آخر' }, 'delete', now),
      ),
    );
  if (e.kind === 'deletedAfterRequest')
    steps.push(
      step(e.createdDay + 5, 9, 'confirm delete', (now) =>
        cmd.onEvent(e.id, { type: 'ConfirmDelete' }, 'confirm', now),
      ),
    );
  // The scheduled job's work (workers/opportunity-schedule.ts), at the simulated days it would run.
  if (e.kind !== 'deleted' && e.kind !== 'deletedAfterRequest') {
    steps.push(
      step(e.startDay, 0, 'status by date', (now) => cmd.onEvent(e.id, { type: 'UpdateStatusByDate' }, 'started', now)),
    );
    steps.push(
      step(e.endDay + 1, 0, 'status by date', (now) =>
        cmd.onEvent(e.id, { type: 'UpdateStatusByDate' }, 'closed', now),
      ),
    );
  }
  return steps;
}

export type { DemoVolunteer };
