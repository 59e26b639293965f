import { assignAreas, createAccount, userIdForName } from '../commands/account/handlers.ts';
import type { EventStore } from '../commands/event-store/port.ts';
import { handleCommand } from '../commands/handle.ts';
import { lookupsFromStreams } from '../commands/lookups/seed.ts';
import { claim } from '../commands/registration/uniqueness.ts';
import { type RegistrationCommand, registrationDecider } from '../domain/registration/decide.ts';
import { registrationStream } from '../domain/registration/events.ts';
import { completeForm } from '../domain/registration/fixtures.ts';
import type { ClientCode } from '../domain/shared/clients.ts';
import { CLIENTS } from '../domain/shared/clients.ts';
import { Role, type RoleId } from '../domain/shared/roles.ts';

export interface DemoLogin {
  userName: string;
  password: string;
  roleId: RoleId;
  note: string;
}

interface DemoUser extends DemoLogin {
  userId: string;
  name: { ar: string; en: string };
  email: string;
  mustChangePassword: boolean;
  registrationComplete: boolean;
}

// Fixed ids and command ids: loading the demo data again (or after an interrupted first load) appends nothing new.
const USERS: DemoUser[] = [
  {
    userId: '00000000-0000-4000-8000-000000000001',
    userName: 'admin',
    password: 'Admin@2026!',
    roleId: Role.Admin,
    name: { ar: 'سارة العتيبي', en: 'Sarah Alotaibi' },
    email: 'admin@portal.localhost',
    mustChangePassword: false,
    registrationComplete: true,
    note: 'admin',
  },
  {
    userId: '00000000-0000-4000-8000-000000000002',
    userName: 'staff',
    password: 'Staff@2026!',
    roleId: Role.Staff,
    name: { ar: 'خالد الحربي', en: 'Khalid Alharbi' },
    email: 'staff@portal.localhost',
    mustChangePassword: false,
    registrationComplete: true,
    note: 'staff member',
  },
  {
    userId: '00000000-0000-4000-8000-000000000003',
    userName: 'reviewer',
    password: 'Review@2026!',
    roleId: Role.Reviewer,
    name: { ar: 'نورة القحطاني', en: 'Noura Alqahtani' },
    email: 'reviewer@portal.localhost',
    mustChangePassword: false,
    registrationComplete: true,
    note: 'reviewer',
  },
  {
    userId: '00000000-0000-4000-8000-000000000004',
    userName: 'volunteer1',
    password: 'Volunteer@2026!',
    roleId: Role.Volunteer,
    name: { ar: 'عبدالله الشمري', en: 'Abdullah Alshammari' },
    email: 'volunteer1@portal.localhost',
    mustChangePassword: false,
    registrationComplete: true,
    note: 'volunteer',
  },
  {
    userId: '00000000-0000-4000-8000-000000000005',
    userName: 'volunteer2',
    password: 'Volunteer@2026!',
    roleId: Role.Volunteer,
    name: { ar: 'ريم الدوسري', en: 'Reem Aldosari' },
    email: 'volunteer2@portal.localhost',
    mustChangePassword: false,
    registrationComplete: true,
    note: 'volunteer',
  },
  {
    userId: '00000000-0000-4000-8000-000000000006',
    userName: 'volunteer3',
    password: 'Volunteer@2026!',
    roleId: Role.Volunteer,
    name: { ar: 'فهد الزهراني', en: 'Fahad Alzahrani' },
    email: 'volunteer3@portal.localhost',
    mustChangePassword: true,
    registrationComplete: true,
    note: 'volunteer; must change the password at first login',
  },
  {
    userId: '00000000-0000-4000-8000-000000000007',
    userName: 'responder',
    password: 'Responder@2026!',
    roleId: Role.ResponderAdmin,
    name: { ar: 'ماجد السبيعي', en: 'Majed Alsubaie' },
    email: 'responder@portal.localhost',
    mustChangePassword: false,
    registrationComplete: true,
    note: 'responder admin (first responders)',
  },
];

export const DEMO_LOGINS: readonly DemoLogin[] = USERS.map(({ userName, password, roleId, note }) => ({
  userName,
  password,
  roleId,
  note,
}));

/** Loads the demo users once; returns how many it created. */
export async function loadDemoData(store: EventStore, clientCode: ClientCode): Promise<number> {
  let created = 0;
  for (const u of USERS) {
    if ((await userIdForName(store, u.userName)) === u.userId) {
      // Reserved already; createAccount below is still idempotent, but skip the hashing cost.
      let exists = false;
      for await (const _ of store.readStream(`user-${u.userId}`)) {
        exists = true;
        break;
      }
      if (exists) continue;
    }
    await createAccount(
      store,
      { ...u, emailVerified: true, nicValid: true },
      {
        actorId: null,
        actorRole: null,
        correlationId: 'demo-data',
        causationId: null,
        clientCode,
        commandId: `demo-seed-${u.userName}`,
        now: new Date(),
      },
    );
    created++;
  }
  // The demo staff member works in the Riyadh region (spec: region and city permissions restrict staff).
  await assignAreas(
    store,
    '00000000-0000-4000-8000-000000000002',
    { regionIds: [1], cityIds: [] },
    {
      actorId: null,
      actorRole: null,
      correlationId: 'demo-data',
      causationId: null,
      clientCode,
      commandId: 'demo-seed-staff-areas',
      now: new Date(),
    },
  );
  // Two demo volunteers with approved registrations, so that they can join events.
  const approved = [
    {
      u: USERS[3]!,
      mobile: '0550000001',
      idNumber: '1000000001',
      first: ['عبدالله', 'Abdullah'],
      last: ['الشمري', 'Alshammari'],
      gender: 1 as const,
    },
    {
      u: USERS[4]!,
      mobile: '0550000002',
      idNumber: '1000000002',
      first: ['ريم', 'Reem'],
      last: ['الدوسري', 'Aldosari'],
      gender: 2 as const,
    },
  ];
  for (const a of approved) {
    const ctx = (step: string) => ({
      actorId: a.u.userId,
      actorRole: a.u.roleId,
      correlationId: 'demo-data',
      causationId: null,
      clientCode,
      commandId: `demo-seed-reg-${a.u.userName}-${step}`,
      now: new Date(),
    });
    const form = completeForm({ userName: a.u.userName, email: a.u.email, mobile: a.mobile, idNumber: a.idNumber });
    form.personal = {
      ...form.personal,
      firstNameAr: a.first[0],
      lastNameAr: a.last[0],
      firstNameEn: a.first[1],
      lastNameEn: a.last[1],
      gender: a.gender,
      title: a.gender === 1 ? 1 : 2,
    };
    for (const [kind, value] of [
      ['email', a.u.email],
      ['mobile', a.mobile],
      ['idNumber', a.idNumber],
    ] as const)
      await claim(store, kind, value, a.u.userId, ctx(`claim-${kind}`));
    const lookups = await lookupsFromStreams(store);
    const steps: [string, RegistrationCommand][] = [
      ['submit', { type: 'Submit', volunteerId: a.u.userId, form, client: CLIENTS[clientCode], lookups }],
      [
        'initial',
        {
          type: 'InitiallyAccept',
          appointmentAt: new Date(Date.now() + 86_400_000).toISOString(),
          location: 'المقر الرئيسي',
          reviewerId: USERS[2]!.userId,
          reviewerName: USERS[2]!.name.ar,
        },
      ],
      ['approve', { type: 'Approve' }],
    ];
    for (const [step, command] of steps) {
      await handleCommand(store, registrationStream(a.u.userId), registrationDecider, command, ctx(step)).catch(
        (e: { code?: string }) => {
          if (e.code !== 'InvalidRegistrationTransition' && e.code !== 'RegistrationNotEditable') throw e; // loaded before
        },
      );
    }
  }
  return created;
}
