import { type RawBuilder, sql } from 'kysely';
import { decode } from '../../commands/event-store/decode.ts';
import { accountEvents } from '../../domain/account/events.ts';
import { readModelTables } from '../runner/define.ts';
import type { Projection } from '../runner/projection.ts';
import { int4, int4Array } from '../runner/values.ts';

/** rm.users: one row per account, for the users grid, the dashboard greeting and the session's profile. */
export const usersProjection: Projection = {
  name: 'users',
  // 2: registration_complete follows RegistrationSubmitted; 3: authorised regions and cities. Each version rebuilds
  // into a new generation at the next start and swaps the view. 4: staff accounts' mobile and department, edits.
  version: 4,
  types: [
    'AccountCreated',
    'LoginSucceeded',
    'LoginFailed',
    'AccountLocked',
    'PasswordChanged',
    'PasswordReset',
    'AccountDeactivated',
    'AccountReactivated',
    'EmailVerified',
    'UserAreasAssigned',
    'UserEdited',
    'UserDepartmentChanged',
    'IdentityVerified',
    'IdentityNotVerified',
    'RegistrationSubmitted',
  ],
  ...readModelTables(
    {
      users: `
        user_id uuid primary key,
        user_name text not null,
        user_name_lower text not null unique,
        name_ar text not null,
        name_en text not null,
        email text not null,
        mobile text,
        department_id int,
        role_id int not null,
        active boolean not null,
        must_change_password boolean not null,
        email_verified boolean not null,
        nic_valid boolean not null,
        registration_complete boolean not null,
        failed_attempts int not null default 0,
        locked_until timestamptz,
        last_login_at timestamptz,
        password_changed_at timestamptz,
        region_ids int[] not null default '{}',
        city_ids int[] not null default '{}',
        created_at timestamptz not null,
        updated_at timestamptz not null`,
    },
    (table) => `
      create index on ${table('users')} (role_id, lower(name_ar));
      create index on ${table('users')} (department_id)`,
  ),
  async apply({ tx, table }, events) {
    const t = sql.raw(table('users'));
    // Submitted registrations in a row become one statement (the latest time per user wins, as one by one).
    let completed = new Map<string, string>();
    const flushCompleted = async () => {
      if (completed.size === 0) return;
      const ids = [...completed.keys()];
      const ats = [...completed.values()];
      completed = new Map();
      await sql`update ${t} u set registration_complete = true, updated_at = c.at
                  from unnest(${ids}::uuid[], ${ats}::timestamptz[]) as c(id, at) where u.user_id = c.id`.execute(tx);
    };
    for (const stored of events) {
      if (stored.type === 'RegistrationSubmitted') {
        completed.set(stored.streamId.slice('registration-'.length), stored.metadata.occurredAt);
        continue;
      }
      await flushCompleted();
      const e = decode(accountEvents, stored);
      if (!e) continue;
      const id = stored.streamId.slice('user-'.length);
      const at = stored.metadata.occurredAt;
      /** Sets the account's columns the event changes, and when it changed. */
      const update = (set: RawBuilder<unknown>) =>
        sql`update ${t} set ${set}, updated_at = ${at} where user_id = ${id}`.execute(tx);
      switch (e.type) {
        case 'AccountCreated': {
          const d = e.data;
          await sql`insert into ${t} (user_id, user_name, user_name_lower, name_ar, name_en, email, mobile, department_id,
              role_id, active, must_change_password, email_verified, nic_valid, registration_complete, created_at, updated_at)
            values (${d.userId}, ${d.userName}, ${d.userName.toLowerCase()}, ${d.name.ar}, ${d.name.en}, ${d.email},
              ${d.mobile ?? null}, ${int4(d.departmentId)}, ${d.roleId}, true, ${d.mustChangePassword}, ${d.emailVerified},
              ${d.nicValid}, ${d.registrationComplete}, ${at}, ${at})`.execute(tx);
          break;
        }
        case 'LoginSucceeded':
          await update(sql`failed_attempts = 0, locked_until = null, last_login_at = ${e.data.at}`);
          break;
        case 'LoginFailed':
          await update(sql`failed_attempts = ${e.data.failedAttempts}`);
          break;
        case 'AccountLocked':
          await update(sql`locked_until = ${e.data.until}, failed_attempts = ${e.data.failedAttempts}`);
          break;
        case 'PasswordChanged':
          await update(sql`must_change_password = false, password_changed_at = ${e.data.at}`);
          break;
        case 'PasswordReset':
          // The reset ends the locks and forces a change at the next login (domain/account/decide.ts).
          await update(sql`must_change_password = true, failed_attempts = 0, locked_until = null,
                      password_changed_at = ${e.data.at}`);
          break;
        case 'UserAreasAssigned':
          await update(
            sql`region_ids = ${int4Array(e.data.regionIds)}::int[], city_ids = ${int4Array(e.data.cityIds)}::int[]`,
          );
          break;
        case 'UserEdited': {
          const d = e.data;
          await update(sql`name_ar = ${d.name.ar}, name_en = ${d.name.en}, email = ${d.email}, mobile = ${d.mobile},
                    role_id = coalesce(${int4(d.roleId)}, role_id)`);
          break;
        }
        case 'UserDepartmentChanged':
          await update(sql`department_id = ${int4(e.data.departmentId)}`);
          break;
        case 'IdentityVerified':
        case 'IdentityNotVerified':
          // The join rule "NIC valid" and the InvalidNIC sign-in read this flag: whether the identity service confirmed
          // the holder of the registration's id and birth date (not confirmed also when it could not be asked).
          await update(sql`nic_valid = ${e.type === 'IdentityVerified'}`);
          break;
        case 'EmailVerified':
          await update(sql`email_verified = true`);
          break;
        case 'AccountDeactivated':
          await update(sql`active = false`);
          break;
        case 'AccountReactivated':
          await update(sql`active = true, failed_attempts = 0, locked_until = null`);
          break;
      }
    }
    await flushCompleted();
  },
};
