import { Visibility } from '../../domain/opportunity/rules.ts';
import type { DemoCommands } from './commands.ts';
import type { DemoEvent } from './events.ts';
import type { DemoVolunteer } from './people.ts';
import type { Random } from './random.ts';
import type { Step } from './timeline.ts';

/** What a participant does: where her invitation or join request ends (every status of spec section 4). */
export type Role =
  | 'attend' // invited, accepts, accepted by staff, hours on the event days (4)
  | 'joinAttend' // asks to join, accepted by staff, hours (4)
  | 'absent' // accepted, marked absent (9)
  | 'released' // accepted, hours on the first day, released on the second (8)
  | 'requestRelease' // accepted, hours, asks to be released (10)
  | 'declined' // rejects the invitation (3)
  | 'cancelled' // accepts, then cancels (6)
  | 'staffRejected' // accepts, rejected by staff (5)
  | 'pendingInvite' // invited, no answer (1)
  | 'acceptedPendingStaff' // accepted, staff have not answered (2)
  | 'staffAccepted' // accepted by staff, the event has not started (4)
  | 'joinPending' // asked to join, no answer yet (7)
  | 'joinRejected'; // asked to join, rejected by staff (5)

const CLOSED_ORDER: Role[] = [
  'attend',
  'absent',
  'released',
  'requestRelease',
  'declined',
  'cancelled',
  'staffRejected',
  'joinAttend',
  'joinRejected',
  'attend',
  'pendingInvite',
];
const WEIGHTS: Record<'closed' | 'active' | 'upcoming', Partial<Record<Role, number>>> = {
  closed: {
    attend: 55,
    joinAttend: 6,
    absent: 5,
    released: 5,
    requestRelease: 4,
    declined: 8,
    cancelled: 6,
    staffRejected: 5,
    pendingInvite: 2,
    joinRejected: 4,
  },
  active: { attend: 55, joinPending: 12, acceptedPendingStaff: 12, pendingInvite: 10, declined: 11 },
  upcoming: {
    pendingInvite: 25,
    acceptedPendingStaff: 20,
    staffAccepted: 25,
    joinPending: 15,
    cancelled: 8,
    declined: 7,
  },
};
const HOLDS_DATES: Role[] = ['attend', 'joinAttend', 'absent', 'released', 'requestRelease', 'staffAccepted'];
const JOINS: Role[] = ['joinAttend', 'joinPending', 'joinRejected'];

function roleFor(e: DemoEvent, p: number, rng: Random): Role {
  if (e.kind === 'deletedAfterRequest' || e.kind === 'deleteRequested') return 'staffAccepted';
  if (e.kind === 'closed' && p < CLOSED_ORDER.length) return CLOSED_ORDER[(p + e.index) % CLOSED_ORDER.length]!;
  const table = WEIGHTS[e.kind === 'closed' ? 'closed' : e.kind === 'active' ? 'active' : 'upcoming'];
  return rng.weighted(table as Record<Role, number>);
}

const overlaps = (busy: [number, number][], s: number, e: number) => busy.some(([a, b]) => a <= e && s <= b);

/** Who may take part: approved before the invitations, free on the event's days, and in the event's place. */
function eligible(v: DemoVolunteer, e: DemoEvent): boolean {
  if (v.approvedDay === null || v.approvedDay >= e.createdDay + 1) return false;
  if (overlaps(v.busy, e.startDay, e.endDay)) return false;
  const d = e.details;
  if (d.visibility === Visibility.Regions) return d.regionIds.includes(v.regionId);
  if (d.visibility === Visibility.Cities) return d.cityIds.includes(v.cityId);
  return true;
}

/** The participants of an approved event and their steps, in simulated time. */
export function participationSteps(
  e: DemoEvent,
  volunteers: DemoVolunteer[],
  cmd: DemoCommands,
  at: (day: number, hour: number, minute?: number) => Date,
  iso: (day: number) => string,
  today: number,
  rng: Random,
): { steps: Step[]; roles: Role[] } {
  if (!['closed', 'active', 'upcoming', 'deletedAfterRequest', 'deleteRequested'].includes(e.kind))
    return { steps: [], roles: [] };
  const wanted =
    e.kind === 'closed' || e.kind === 'active' ? rng.int(8, 14) : e.kind === 'upcoming' ? rng.int(5, 9) : 2;
  const pool = rng.shuffle(volunteers.filter((v) => eligible(v, e)));
  const steps: Step[] = [];
  const roles: Role[] = [];
  const staff = e.owner;
  const c = e.createdDay;
  for (let p = 0; p < wanted && pool.length; p++) {
    let role = roleFor(e, p, rng);
    if (JOINS.includes(role) && e.details.visibility === Visibility.InvitedOnly)
      role = role === 'joinPending' ? 'pendingInvite' : 'attend';
    const v = pool.findIndex((x) => !(role === 'joinPending' && x.pendingJoin));
    if (v < 0) continue;
    const who = pool.splice(v, 1)[0]!;
    if (HOLDS_DATES.includes(role)) who.busy.push([e.startDay, e.endDay]);
    if (role === 'joinPending') who.pendingJoin = true;
    roles.push(role);
    const vid = who.id;
    const keys = { exclusive: [`v:${vid}`], shared: [`e:${e.id}`] };
    const add = (day: number, hour: number, what: string, run: (now: Date) => Promise<void>) =>
      steps.push({ at: at(day, hour, rng.int(0, 59)), what, ...keys, run });
    const invite = () => add(c + 1, 9, 'invite', (now) => cmd.invite(e.id, vid, staff, now));
    const accept = () => add(c + 1, 15, 'volunteer accepts', (now) => cmd.volunteerAccept(e.id, vid, now));
    const staffAccept = () => add(c + 2, 10, 'staff accept', (now) => cmd.staffAccept(e.id, vid, staff, now));
    const join = () => add(c + 1, 20, 'join', (now) => cmd.join(e.id, vid, now));
    const staffDo = (day: number, hour: number, what: string, build: Parameters<DemoCommands['staffAction']>[5]) =>
      add(day, hour, what, (now) => cmd.staffAction(e.id, vid, what, staff, now, build));
    const volunteerDo = (
      day: number,
      hour: number,
      what: string,
      build: Parameters<DemoCommands['volunteerAction']>[4],
    ) => add(day, hour, what, (now) => cmd.volunteerAction(e.id, vid, what, now, build));
    /** Hours on the event's days up to `lastDay` (and today), decided the same evening; ratings come with them. */
    const hours = (lastDay: number, decideAll: boolean) => {
      for (let d = e.startDay; d <= Math.min(lastDay, today); d++) {
        const h = rng.int(3, 7);
        const hoursId = cmd.hoursIdOf(e.id, vid, d);
        const entry = {
          hoursId,
          hours: h,
          casesHandled: rng.int(1, 25),
          checkIn: `${iso(d)}T06:00:00.000Z`,
          checkOut: `${iso(d)}T${String(6 + h + rng.int(0, 1)).padStart(2, '0')}:00:00.000Z`,
          review: rng.pick(['عمل متميز', 'التزام بالوقت', 'تعاون ممتاز مع الفريق', 'يحتاج إلى متابعة', '']),
        };
        const rating = Number(rng.weighted({ 5: 40, 4: 30, 3: 18, 2: 8, 1: 4 })) as 1 | 2 | 3 | 4 | 5;
        staffDo(d, 17, `hours ${d - e.startDay + 1}`, (o) => ({
          type: 'RecordHours',
          entry: { ...entry, rating },
          opportunity: o,
        }));
        const last = d === Math.min(lastDay, today);
        // Only the last day of an event still running can stay undecided: about half of those do.
        const open = last && !decideAll;
        const decision = rng.weighted(
          open ? { approve: 45, reject: 10, pending: 45 } : { approve: 87, reject: 13, pending: 0 },
        );
        if (decision === 'reject') staffDo(d, 20, `reject hours ${d}`, () => ({ type: 'RejectHours', hoursId }));
        else if (decision === 'approve' || decideAll || !last)
          staffDo(d, 20, `approve hours ${d}`, () => ({ type: 'ApproveHours', hoursId }));
      }
    };
    const incident = () => {
      if (!rng.chance(0.3)) return;
      const d = e.startDay;
      volunteerDo(d, 6, 'check in', (o) => ({ type: 'CheckIn', opportunity: o }));
      const submit = rng.chance(0.8);
      volunteerDo(d, 9, 'incident', () => ({
        type: 'RecordIncident',
        mode: submit ? 'submit' : 'draft',
        incident: {
          incidentId: cmd.hoursIdOf(e.id, vid, 1000 + d),
          fullName: `${rng.pick(['مراجع', 'زائر', 'حاج'])} ${rng.int(1, 999)}`,
          genderType: rng.pick([1, 2]),
          age: rng.int(6, 85),
          nationalityId: 44,
          startTime: `${iso(d)}T07:${String(rng.int(10, 40))}:00.000Z`,
          ...(submit
            ? {
                closeTime: `${iso(d)}T08:15:00.000Z`,
                proceduresTaken: rng.pick(['إسعافات أولية', 'قياس الضغط والسكر', 'تحويل إلى المستشفى']),
                complaint: rng.pick(['دوار', 'إجهاد حراري', 'جرح بسيط', 'ضيق تنفس']),
              }
            : {}),
        },
      }));
    };
    switch (role) {
      case 'attend':
      case 'joinAttend':
        if (role === 'attend') {
          invite();
          accept();
        } else join();
        staffAccept();
        incident();
        hours(e.endDay, false);
        break;
      case 'absent':
        invite();
        accept();
        staffAccept();
        staffDo(e.startDay, 18, 'absent', () => ({ type: 'MarkAbsent' }));
        break;
      case 'released':
      case 'requestRelease':
        invite();
        accept();
        staffAccept();
        hours(e.startDay, true);
        if (role === 'released') staffDo(e.startDay + 1, 10, 'release', (o) => ({ type: 'Release', opportunity: o }));
        else volunteerDo(e.startDay + 1, 10, 'ask release', (o) => ({ type: 'RequestRelease', opportunity: o }));
        break;
      case 'declined':
        invite();
        volunteerDo(c + 1, 16, 'decline', (o) => ({ type: 'VolunteerReject', opportunity: o }));
        break;
      case 'cancelled':
        invite();
        accept();
        volunteerDo(c + 2, 8, 'cancel', (o) => ({ type: 'Cancel', opportunity: o }));
        break;
      case 'staffRejected':
        invite();
        accept();
        staffDo(c + 2, 11, 'staff reject', (o) => ({ type: 'StaffReject', opportunity: o }));
        break;
      case 'pendingInvite':
        invite();
        break;
      case 'acceptedPendingStaff':
        invite();
        accept();
        break;
      case 'staffAccepted':
        invite();
        accept();
        staffAccept();
        break;
      case 'joinPending':
        join();
        break;
      case 'joinRejected':
        join();
        staffDo(c + 2, 11, 'staff reject', (o) => ({ type: 'StaffReject', opportunity: o }));
        break;
    }
  }
  return { steps, roles };
}
