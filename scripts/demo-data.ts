import sharp from 'sharp';
import { z } from 'zod';
import { assignAreas, createAccount, userIdForName } from '../commands/account/handlers.ts';
import { createContent, publishContent } from '../commands/content/handlers.ts';
import { processContentImage } from '../commands/content/images.ts';
import type { EventStore } from '../commands/event-store/port.ts';
import type { FileStorage } from '../commands/files/storage.ts';
import { type CommandContext, handleCommand } from '../commands/handle.ts';
import { lookupsFromStreams } from '../commands/lookups/seed.ts';
import { claim } from '../commands/registration/uniqueness.ts';
import { contentStream } from '../domain/content/events.ts';
import { emptyFields } from '../domain/content/rules.ts';
import { type RegistrationCommand, registrationDecider } from '../domain/registration/decide.ts';
import { registrationStream } from '../domain/registration/events.ts';
import { completeForm } from '../domain/registration/fixtures.ts';
import type { ClientCode } from '../domain/shared/clients.ts';
import { CLIENTS } from '../domain/shared/clients.ts';
import { Role, type RoleId } from '../domain/shared/roles.ts';
import demoUsers from './demo-users.json' with { type: 'json' };

export interface DemoLogin {
  userName: string;
  password: string;
  roleId: RoleId;
  note: string;
}

const RoleName = z.enum(Object.keys(Role) as [keyof typeof Role, ...(keyof typeof Role)[]]);

/** A demo user (demo-users.json): its account, and for a volunteer whose registration the demo approves, the rest. */
const DemoUser = z
  .object({
    userId: z.uuid(),
    userName: z.string().min(1),
    password: z.string().min(1),
    role: RoleName,
    name: z.object({ ar: z.string().min(1), en: z.string().min(1) }).strict(),
    email: z.email(),
    mustChangePassword: z.boolean(),
    registrationComplete: z.boolean(),
    note: z.string(),
    /** So that they can join events; the form's names are split from `name`. */
    approved: z
      .object({ mobile: z.string(), idNumber: z.string(), gender: z.literal([1, 2]) })
      .strict()
      .optional(),
  })
  .strict()
  .transform(({ role, ...u }) => ({ ...u, roleId: Role[role] }));
type DemoUser = z.output<typeof DemoUser>;

// Fixed ids and command ids: loading the demo data again (or after an interrupted first load) appends nothing new.
const USERS: DemoUser[] = z.array(DemoUser).parse(demoUsers);

/** A demo command's context: by `actor` (none: the system), its command id fixed so that a second load adds nothing. */
const demoContext = (clientCode: ClientCode, commandId: string, actor?: DemoUser): CommandContext => ({
  actorId: actor?.userId ?? null,
  actorRole: actor?.roleId ?? null,
  correlationId: 'demo-data',
  causationId: null,
  clientCode,
  commandId,
  now: new Date(),
});

export const DEMO_LOGINS: readonly DemoLogin[] = USERS.map(({ userName, password, roleId, note }) => ({
  userName,
  password,
  roleId,
  note,
}));

/**
 * Loads the demo users once, and with a file storage the client's demo site content (its home slides); returns how
 * many users it created.
 */
export async function loadDemoData(store: EventStore, clientCode: ClientCode, files?: FileStorage): Promise<number> {
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
      demoContext(clientCode, `demo-seed-${u.userName}`),
    );
    created++;
  }
  // The demo staff member works in the Riyadh region (spec: region and city permissions restrict staff).
  await assignAreas(
    store,
    '00000000-0000-4000-8000-000000000002',
    { regionIds: [1], cityIds: [] },
    demoContext(clientCode, 'demo-seed-staff-areas'),
  );
  // The demo volunteers with approved registrations, so that they can join events.
  for (const u of USERS) {
    const a = u.approved;
    if (!a) continue;
    const ctx = (step: string) => demoContext(clientCode, `demo-seed-reg-${u.userName}-${step}`, u);
    const form = completeForm({ userName: u.userName, email: u.email, mobile: a.mobile, idNumber: a.idNumber });
    const [firstNameAr, lastNameAr] = u.name.ar.split(' ') as [string, string];
    const [firstNameEn, lastNameEn] = u.name.en.split(' ') as [string, string];
    form.personal = {
      ...form.personal,
      firstNameAr,
      lastNameAr,
      firstNameEn,
      lastNameEn,
      gender: a.gender,
      title: a.gender === 1 ? 1 : 2,
    };
    for (const [kind, value] of [
      ['email', u.email],
      ['mobile', a.mobile],
      ['idNumber', a.idNumber],
    ] as const)
      await claim(store, kind, value, u.userId, ctx(`claim-${kind}`));
    const lookups = await lookupsFromStreams(store);
    const steps: [string, RegistrationCommand][] = [
      ['submit', { type: 'Submit', volunteerId: u.userId, form, client: CLIENTS[clientCode], lookups }],
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
      await handleCommand(store, registrationStream(u.userId), registrationDecider, command, ctx(step)).catch(
        (e: { code?: string }) => {
          if (e.code !== 'InvalidRegistrationTransition' && e.code !== 'RegistrationNotEditable') throw e; // loaded before
        },
      );
    }
  }
  if (files) await loadDemoContent(store, clientCode, files);
  return created;
}

interface DemoSlide {
  title: [ar: string, en: string];
  summary: [ar: string, en: string];
  /** The slide picture's two colours (a gradient), drawn with the client's emblem. */
  colours: [string, string];
}

/**
 * Each client's demo home slides, published by the demo admin through the content commands. The red-crescent home
 * has its slides 1 to 7 (spec: "red-crescent home slides 1 to 7"); the other clients' admins publish their own.
 */
const DEMO_SLIDES: Partial<Record<ClientCode, readonly DemoSlide[]>> = {
  SRCA: [
    {
      title: ['تطوّع مع الهلال الأحمر', 'Volunteer with the Red Crescent'],
      summary: ['كن جزءًا من فرق الإسعاف والإغاثة في منطقتك.', 'Join the ambulance and relief teams in your region.'],
      colours: ['#8e0000', '#d32f2f'],
    },
    {
      title: ['المستجيب الأول', 'First responders'],
      summary: ['تدرّب على الإسعافات الأولية وكن أول من يصل.', 'Train in first aid and be the first to arrive.'],
      colours: ['#b71c1c', '#e57373'],
    },
    {
      title: ['دورات الإسعافات الأولية', 'First-aid courses'],
      summary: ['دورات معتمدة للمتطوعين في جميع المناطق.', 'Accredited courses for volunteers in every region.'],
      colours: ['#7f0000', '#c62828'],
    },
    {
      title: ['حملات التبرع بالدم', 'Blood donation drives'],
      summary: ['ساعد في تنظيم حملات التبرع بالدم.', 'Help run the blood donation drives.'],
      colours: ['#a31515', '#ef5350'],
    },
    {
      title: ['الإغاثة في الكوارث', 'Disaster relief'],
      summary: ['فرق جاهزة للاستجابة في أوقات الأزمات.', 'Teams ready to respond when disaster strikes.'],
      colours: ['#5d0000', '#b71c1c'],
    },
    {
      title: ['خدمة ضيوف الرحمن', 'Serving the pilgrims'],
      summary: ['فرق تطوعية في موسم الحج والعمرة.', 'Volunteer teams in the Hajj and Umrah seasons.'],
      colours: ['#880e0e', '#e53935'],
    },
    {
      title: ['ساعاتك التطوعية تُحتسب', 'Your volunteering hours count'],
      summary: ['سجّل ساعاتك واحصل على شهادتك.', 'Record your hours and receive your certificate.'],
      colours: ['#6d0a0a', '#d84343'],
    },
  ],
};

/** A slide picture: the two colours' gradient and a crescent, as a JPEG (the admin's upload). */
function slidePicture([from, to]: [string, string], n: number): Promise<Buffer> {
  const x = 1150 - (n % 3) * 120;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="600">
    <defs><linearGradient id="g" x1="0" x2="1" y1="0" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <mask id="m"><rect width="1600" height="600" fill="#fff"/><circle cx="${x + 65}" cy="240" r="150" fill="#000"/></mask>
    <rect width="1600" height="600" fill="url(#g)"/>
    <circle cx="${x}" cy="260" r="170" fill="#ffffff" mask="url(#m)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** Fixed ids: loading the demo content again writes nothing (and stores no picture) for a slide already there. */
const demoSlideId = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;

async function loadDemoContent(store: EventStore, clientCode: ClientCode, files: FileStorage): Promise<void> {
  const ctx = (commandId: string) => demoContext(clientCode, commandId, USERS[0]);
  for (const [i, slide] of (DEMO_SLIDES[clientCode] ?? []).entries()) {
    const n = i + 1;
    const contentId = demoSlideId(n);
    let exists = false;
    for await (const _ of store.readStream(contentStream(contentId))) {
      exists = true;
      break;
    }
    if (!exists) {
      // As the admin's upload: processed (bounded, with a thumbnail), stored as content images.
      const { image, thumb } = await processContentImage(await slidePicture(slide.colours, n));
      const stored = await files.put(image.bytes, `slide-${n}.jpg`, image.mimeType, 'contentImage');
      const small = await files.put(thumb.bytes, `thumb-slide-${n}.jpg`, thumb.mimeType, 'contentImage');
      const fields = {
        ...emptyFields(),
        titleAr: slide.title[0],
        titleEn: slide.title[1],
        summaryAr: slide.summary[0],
        summaryEn: slide.summary[1],
        image: { fileId: stored.fileId, thumbId: small.fileId },
      };
      await createContent(
        store,
        { kind: 'slide', key: null, order: i, fields, contentId },
        ctx(`demo-seed-slide-${clientCode}-${n}`),
      );
    }
    await publishContent(store, contentId, true, ctx(`demo-seed-slide-${clientCode}-${n}-publish`));
  }
}
