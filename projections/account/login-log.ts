import { decode } from '../../commands/event-store/decode.ts';
import { accountEvents, unknownLoginEvents } from '../../domain/account/events.ts';
import { eitherOf } from '../../domain/shared/upcast.ts';
import { readModelTables } from '../runner/define.ts';
import type { Projection } from '../runner/projection.ts';

const loginEvents = eitherOf(accountEvents, unknownLoginEvents);

const STATUS_BY_REASON = { WrongInfo: 3, DeactivatedUser: 4, Locked: 5, InvalidNIC: 6, EmailVerification: 7 } as const;

/** rm.login_log: every login attempt with its LoginStatus (the users log report: GetUsersLogReportData). */
export const loginLogProjection: Projection = {
  name: 'login-log',
  version: 1,
  types: ['LoginSucceeded', 'LoginFailed', 'UnknownUserLoginFailed'],
  ...readModelTables(
    {
      login_log: `
        event_id uuid primary key,
        at timestamptz not null,
        user_id uuid,
        user_name text,
        login_status int not null,
        ip text,
        user_agent text`,
    },
    (table) => `
      create index on ${table('login_log')} (at);
      create index on ${table('login_log')} (user_id, at)`,
  ),
  async apply({ tx, table }, events) {
    const rows = events.map((stored) => {
      const e = decode(loginEvents, stored);
      const userId = stored.streamId.startsWith('user-') ? stored.streamId.slice('user-'.length) : null;
      switch (e?.type) {
        case 'LoginSucceeded':
          return {
            event_id: stored.id,
            at: e.data.at,
            user_id: userId,
            user_name: null,
            login_status: 1,
            ip: e.data.ip,
            user_agent: e.data.userAgent,
          };
        case 'LoginFailed':
          return {
            event_id: stored.id,
            at: e.data.at,
            user_id: userId,
            user_name: null,
            login_status: STATUS_BY_REASON[e.data.reason],
            ip: e.data.ip,
            user_agent: e.data.userAgent,
          };
        case 'UnknownUserLoginFailed':
          return {
            event_id: stored.id,
            at: e.data.at,
            user_id: null,
            user_name: e.data.userName,
            login_status: 3,
            ip: e.data.ip,
            user_agent: e.data.userAgent,
          };
        default:
          throw new Error(`login-log does not handle ${stored.type}`);
      }
    });
    if (rows.length) await tx.insertInto(table('login_log')).values(rows).execute();
  },
};
