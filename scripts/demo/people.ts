import type { LookupSnapshot } from '../../domain/lookups/snapshot.ts';
import { completeForm } from '../../domain/registration/fixtures.ts';
import type { RegistrationForm } from '../../domain/registration/form.ts';
import { type DemoCommands, REVIEWER, volunteerIdOf } from './commands.ts';
import { FAMILY_NAMES, FIRST_NAMES } from './names.ts';
import type { Random } from './random.ts';
import type { Step } from './timeline.ts';

/** Where a registration ends up by the end of the demo year. */
export type Fate = 'draft' | 'submitted' | 'initiallyAccepted' | 'approved' | 'rejected';

export interface DemoVolunteer {
  index: number;
  id: string;
  gender: 1 | 2;
  regionId: number;
  cityId: number;
  fate: Fate;
  /** Day of the year (0 … 364) the application was sent. */
  registeredDay: number;
  /** Day the staff approved it (approved volunteers only). */
  approvedDay: number | null;
  /** Day ranges of events this volunteer is (or will be) accepted in: no two may overlap (the schedule's rule). */
  busy: [number, number][];
  /** A join request left pending (spec: at most two at once; the demo leaves at most one). */
  pendingJoin: boolean;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const FIXED_FATES: Fate[] = ['draft', 'submitted', 'initiallyAccepted', 'rejected'];

/** The places volunteers may register in: every city of every region open to registration. */
export function registrationPlaces(lookups: LookupSnapshot): { regionId: number; cityId: number }[] {
  const regions = new Set(
    lookups
      .list('region')
      .filter((r) => !r.flags.excludedFromRegistration)
      .map((r) => r.id),
  );
  return lookups
    .list('city')
    .filter((c) => c.parentId !== null && regions.has(c.parentId))
    .map((c) => ({ regionId: c.parentId!, cityId: c.id }));
}

export function planVolunteers(count: number, rng: Random, lookups: LookupSnapshot, today: number) {
  const places = registrationPlaces(lookups);
  const volunteers: DemoVolunteer[] = [];
  for (let i = 0; i < count; i++) {
    // Every city gets volunteers (in turn), then the fates: one of each first, then most approved.
    const place = places[i % places.length]!;
    const fate: Fate =
      FIXED_FATES[i] ??
      rng.weighted({ approved: 74, rejected: 7, initiallyAccepted: 6, submitted: 8, draft: 5 } as const);
    // Approved volunteers came over the year (more in its first months); the open applications are recent.
    const registeredDay =
      fate === 'approved' || fate === 'rejected'
        ? Math.min(today - 20, Math.floor((today - 20) * rng.next() ** 1.4))
        : today - rng.int(2, 30);
    const approvedDay = fate === 'approved' ? registeredDay + rng.int(5, 12) : null;
    volunteers.push({
      index: i,
      id: '', // set by the caller from the command id
      gender: rng.chance(0.55) ? 1 : 2,
      regionId: place.regionId,
      cityId: place.cityId,
      fate,
      registeredDay,
      approvedDay,
      busy: [],
      pendingJoin: false,
    });
  }
  return volunteers;
}

/** A complete application for volunteer i (a national, valid for the client's rules). */
export function formOf(v: DemoVolunteer, rng: Random, lookups: LookupSnapshot): RegistrationForm {
  const i = v.index;
  const form = completeForm({
    userName: `demo_v${pad(i + 1, 3)}`,
    email: `volunteer${pad(i + 1, 3)}@volunteers.portal.localhost`,
    mobile: `057${pad(i + 1, 7)}`,
    idNumber: `10${pad(20_000_000 + i, 8)}`,
  });
  const [firstAr, firstEn] = rng.pick(FIRST_NAMES[v.gender]);
  const [secondAr, secondEn] = rng.pick(FIRST_NAMES[1]);
  const [familyAr, familyEn] = rng.pick(FAMILY_NAMES);
  form.personal = {
    ...form.personal,
    title: v.gender === 1 ? 1 : 2,
    gender: v.gender,
    firstNameAr: firstAr,
    secondNameAr: secondAr,
    lastNameAr: familyAr,
    firstNameEn: firstEn,
    secondNameEn: secondEn,
    lastNameEn: familyEn,
    maritalStatus: rng.pick([1, 2]),
    birthDate: {
      calendar: 'gregorian',
      value: `${rng.int(1972, 2002)}-${pad(rng.int(1, 12), 2)}-${pad(rng.int(1, 28), 2)}`,
    },
    preferredTime: rng.pick([1, 2, 3]),
  };
  form.address = { ...form.address, regionId: v.regionId, cityId: v.cityId };
  const category = rng.pick(lookups.list('category'));
  const subs = lookups.list('subCategoryLevel1').filter((s) => s.parentId === category.id);
  const professions = lookups.list('profession');
  form.specialities = {
    ...form.specialities,
    ...(subs.length ? { categoryId: category.id, subCategoryLevel1Id: rng.pick(subs).id } : {}),
    ...(professions.length ? { professionId: rng.pick(professions).id } : {}),
    preferredWorkCities: [v.cityId],
  };
  form.emergencyContacts = [{ relationId: 1, name: `${secondAr} ${familyAr}`, mobile: `058${pad(i + 1, 7)}` }];
  // Some are health practitioners: their CFHS number is checked with the licensing register (a reactor).
  if (rng.chance(0.12))
    form.practitioner = {
      cfhsNumber: `${pad(5_000_000 + i, 8)}`,
      cfhsIssueDate: '2020-01-01',
      cfhsExpiryDate: '2028-01-01',
    };
  return form;
}

/** The registration steps of one volunteer: apply, then (by fate) the review up to approval or rejection. */
export function registrationSteps(
  v: DemoVolunteer,
  form: RegistrationForm,
  cmd: DemoCommands,
  at: (day: number, hour: number, minute?: number) => Date,
  rng: Random,
): Step[] {
  const key = [`v:${v.id}`];
  const steps: Step[] = [
    {
      at: at(v.registeredDay, rng.int(8, 22), rng.int(0, 59)),
      what: 'register',
      exclusive: key,
      run: (now) => cmd.register(v.index, form, v.fate !== 'draft', now),
    },
  ];
  const review = (day: number, what: string, command: Parameters<DemoCommands['review']>[1]) =>
    steps.push({
      at: at(day, rng.int(9, 15), rng.int(0, 59)),
      what,
      exclusive: key,
      run: (now) => cmd.review(v.id, command, `reg:${v.index}:${what}`, now),
    });
  const appointment = (day: number) => at(day + 3, 10).toISOString();
  if (v.fate === 'rejected')
    review(v.registeredDay + rng.int(2, 8), 'reject', { type: 'Reject', reason: 'البيانات المرفقة غير مكتملة' });
  if (v.fate === 'initiallyAccepted' || v.fate === 'approved') {
    const day = v.fate === 'approved' ? v.approvedDay! - 3 : v.registeredDay + 1;
    review(day, 'initial', {
      type: 'InitiallyAccept',
      appointmentAt: appointment(day),
      location: 'المقر الرئيسي',
      reviewerId: REVIEWER.id,
      reviewerName: REVIEWER.nameAr,
    });
  }
  if (v.fate === 'approved') review(v.approvedDay!, 'approve', { type: 'Approve' });
  return steps;
}

export { volunteerIdOf };
