import { sql } from 'kysely';
import { decode } from '../../commands/event-store/decode.ts';
import { registrationEvents } from '../../domain/registration/events.ts';
import type { RegistrationForm } from '../../domain/registration/form.ts';
import { gregorianOf } from '../../domain/registration/rules.ts';
import { readModelTables } from '../runner/define.ts';
import type { Projection } from '../runner/projection.ts';
import { date, int4, timestamp } from '../runner/values.ts';
import { REGISTRATION_STATUS_TYPES } from '../shared/registration-types.ts';

type Personal = NonNullable<RegistrationForm['personal']>;
const join = (xs: (string | undefined)[]) => xs.filter(Boolean).join(' ');
/** The grid's full names from the form's parts. */
const namesOf = (p: Personal) => ({
  name_ar: join([p.firstNameAr, p.secondNameAr, p.thirdNameAr, p.lastNameAr]),
  name_en: join([p.firstNameEn, p.secondNameEn, p.thirdNameEn, p.lastNameEn]),
});

/** rm.registrations (grids by status, detail) and rm.registration_notes. */
export const registrationsProjection: Projection = {
  name: 'registrations',
  // 2: sort indexes that match the grid's ORDER BY both ways; per-status counts; no copy of the whole form (the
  // detail view folds the stream itself).
  version: 2,
  types: [
    ...REGISTRATION_STATUS_TYPES,
    'RegistrationCorrectedFromIdentity',
    'ApplicationNoteAdded',
    'ApplicationNoteRemoved',
  ],
  ...readModelTables(
    {
      registrations: `
        volunteer_id uuid primary key,
        reference_number text,
        status int not null,
        name_ar text not null default '',
        name_en text not null default '',
        id_number text,
        mobile text,
        email text,
        user_name text,
        region_id int,
        city_id int,
        gender int,
        nationality_id int,
        birth_date date,
        appointment_at timestamptz,
        appointment_location text,
        reviewer_id text,
        reviewer_name text,
        reject_reason text,
        created_at timestamptz not null,
        submitted_at timestamptz,
        updated_at timestamptz not null`,
      registration_notes: `
        note_id text primary key,
        volunteer_id uuid not null,
        note text not null,
        author_id text,
        at timestamptz not null`,
      // Applications per status, so an unfiltered grid does not count its rows on every page.
      registration_counts: `status int primary key, n int not null`,
    },
    (table) => {
      const r = table('registrations');
      return `
      -- One index per sort column, in the grid's exact order (desc nulls last, id desc) so both directions scan it.
      create index on ${r} (status, submitted_at desc nulls last, volunteer_id desc);
      create index on ${r} (status, updated_at desc nulls last, volunteer_id desc);
      create index on ${r} (status, lower(name_ar) desc nulls last, volunteer_id desc);
      create index on ${r} (status, lower(name_en) desc nulls last, volunteer_id desc);
      create index on ${r} (status, reference_number desc nulls last, volunteer_id desc);
      -- Name prefix filters (like 'x%').
      create index on ${r} (status, lower(name_ar) text_pattern_ops);
      create index on ${r} (status, lower(name_en) text_pattern_ops);
      create index on ${r} (id_number);
      create index on ${r} (mobile);
      create index on ${r} (status, region_id, city_id);
      
      create index on ${table('registration_notes')} (volunteer_id, at)`;
    },
  ),
  async apply({ tx, table }, events) {
    const r = sql.raw(table('registrations'));
    const counts = sql.raw(table('registration_counts'));
    // A batch writes its saved forms as one multi-row upsert per run of saves, and the per-status counts once at the
    // end: a few statements a batch instead of three an event.
    const delta = new Map<number, number>();
    const move = (from: number | null, to: number) => {
      if (from === to) return;
      if (from !== null) delta.set(from, (delta.get(from) ?? 0) - 1);
      delta.set(to, (delta.get(to) ?? 0) + 1);
    };
    let saves = new Map<string, SavedRow>();
    const flushSaves = async () => {
      if (saves.size === 0) return;
      const rows = [...saves.values()];
      saves = new Map();
      await sql`insert into ${r} (volunteer_id, reference_number, status, name_ar, name_en, id_number, mobile, email, user_name,
            region_id, city_id, gender, nationality_id, birth_date, created_at, submitted_at, updated_at)
          values ${sql.join(
            rows.map(
              (
                w,
              ) => sql`(${w.id}, ${w.reference_number}, ${w.status}, ${w.name_ar}, ${w.name_en}, ${w.id_number}, ${w.mobile},
                ${w.email}, ${w.user_name}, ${w.region_id}, ${w.city_id}, ${w.gender}, ${w.nationality_id}, ${w.birth_date},
                ${w.at}, ${w.submitted_at}, ${w.at})`,
            ),
          )}
          on conflict (volunteer_id) do update set
            reference_number = coalesce(excluded.reference_number, ${r}.reference_number), status = excluded.status,
            name_ar = excluded.name_ar, name_en = excluded.name_en, id_number = excluded.id_number, mobile = excluded.mobile,
            email = excluded.email, user_name = excluded.user_name, region_id = excluded.region_id, city_id = excluded.city_id,
            gender = excluded.gender, nationality_id = excluded.nationality_id, birth_date = excluded.birth_date,
            submitted_at = coalesce(excluded.submitted_at, ${r}.submitted_at), updated_at = excluded.updated_at`.execute(
        tx,
      );
    };
    for (const stored of events) {
      const e = decode(registrationEvents, stored);
      if (!e) continue;
      const id = stored.streamId.slice('registration-'.length);
      const at = stored.metadata.occurredAt;
      // Any other statement sees the saves before it, in log order.
      if (e.type !== 'RegistrationDraftSaved' && e.type !== 'RegistrationSubmitted') await flushSaves();
      switch (e.type) {
        case 'RegistrationDraftSaved':
        case 'RegistrationSubmitted': {
          const f: RegistrationForm = e.data.form;
          const p = f.personal ?? {};
          const submitted = e.type === 'RegistrationSubmitted';
          move(e.data.previousStatus, submitted ? 2 : 1);
          // One row per volunteer a statement: a second save of the same application waits for the next one.
          if (saves.has(id)) await flushSaves();
          saves.set(id, {
            id,
            status: submitted ? 2 : 1,
            reference_number: submitted ? e.data.referenceNumber : null,
            ...namesOf(p),
            id_number: f.identity?.idNumber ?? null,
            mobile: f.user?.mobile ?? null,
            email: f.user?.email ?? null,
            user_name: f.user?.userName ?? null,
            // Typed columns take only what they hold: values older versions let through are stored empty.
            region_id: int4(f.address?.regionId),
            city_id: int4(f.address?.cityId),
            gender: int4(p.gender),
            nationality_id: int4(f.identity?.nationalityId),
            birth_date: date(gregorianOf(p.birthDate)),
            at,
            submitted_at: submitted ? at : null,
          });
          break;
        }
        case 'RegistrationInitiallyAccepted':
          move(e.data.previousStatus, 3);
          await sql`update ${r} set status = 3, appointment_at = ${timestamp(e.data.appointmentAt)}, appointment_location = ${e.data.location},
                      reviewer_id = ${e.data.reviewerId}, reviewer_name = ${e.data.reviewerName}, updated_at = ${at}
                    where volunteer_id = ${id}`.execute(tx);
          break;
        case 'RegistrationApproved':
          move(e.data.previousStatus, 5);
          await sql`update ${r} set status = 5, updated_at = ${at} where volunteer_id = ${id}`.execute(tx);
          break;
        case 'RegistrationRejected':
          move(e.data.previousStatus, 6);
          await sql`update ${r} set status = 6, reject_reason = ${e.data.reason}, updated_at = ${at} where volunteer_id = ${id}`.execute(
            tx,
          );
          break;
        case 'RegistrationReturnedToSubmitted':
          move(e.data.previousStatus, 2);
          await sql`update ${r} set status = 2, reject_reason = null, updated_at = ${at} where volunteer_id = ${id}`.execute(
            tx,
          );
          break;
        case 'RegistrationCorrectedFromIdentity': {
          const p = e.data.form.personal ?? {};
          const { name_ar, name_en } = namesOf(p);
          await sql`update ${r} set name_ar = ${name_ar}, name_en = ${name_en}, birth_date = ${date(gregorianOf(p.birthDate))}, updated_at = ${at}
                    where volunteer_id = ${id}`.execute(tx);
          break;
        }
        case 'ApplicationNoteAdded':
          await sql`insert into ${sql.raw(table('registration_notes'))} (note_id, volunteer_id, note, author_id, at)
                    values (${e.data.noteId}, ${id}, ${e.data.note}, ${stored.metadata.actorId}, ${e.data.at})`.execute(
            tx,
          );
          break;
        case 'ApplicationNoteRemoved':
          await sql`delete from ${sql.raw(table('registration_notes'))} where note_id = ${e.data.noteId}`.execute(tx);
          break;
      }
    }
    await flushSaves();
    const changed = [...delta].filter(([, n]) => n !== 0);
    if (changed.length > 0) {
      await sql`insert into ${counts} as c (status, n)
                select * from unnest(${changed.map(([st]) => st)}::int[], ${changed.map(([, n]) => n)}::int[])
                on conflict (status) do update set n = c.n + excluded.n`.execute(tx);
    }
  },
};

interface SavedRow {
  id: string;
  status: 1 | 2;
  reference_number: string | null;
  name_ar: string;
  name_en: string;
  id_number: string | null;
  mobile: string | null;
  email: string | null;
  user_name: string | null;
  region_id: number | null;
  city_id: number | null;
  gender: number | null;
  nationality_id: number | null;
  birth_date: string | null;
  at: string;
  submitted_at: string | null;
}
