import { accountEvents, unknownLoginEvents, userNameEvents } from './account/events.ts';
import { certificateEvents } from './certificate/decide.ts';
import { contentEvents } from './content/events.ts';
import { firstResponderEvents } from './firstresponder/events.ts';
import { initiativeEvents } from './initiative/events.ts';
import { lookupEvents } from './lookups/decide.ts';
import { opportunityEvents } from './opportunity/decide.ts';
import { participationEvents } from './participation/decide.ts';
import { notificationsEvents } from './participation/notifications.ts';
import { scheduleEvents } from './participation/schedule.ts';
import { permissionEvents } from './permissions/events.ts';
import type { Screen } from './permissions/screens.ts';
import { practitionerEvents } from './practitioner/events.ts';
import { preferencesEvents } from './preferences/decide.ts';
import { registrationEvents } from './registration/events.ts';
import { uniqueValueEvents } from './registration/unique.ts';
import { reportEvents } from './reports/decide.ts';
import type { DomainEvent } from './shared/decider.ts';
import { type EventTypes, eitherOf } from './shared/upcast.ts';
import { mailingEvents, subscriptionEvents } from './subscription/events.ts';
import { publishLockEvents, surveyAnswerEvents, surveyEvents } from './survey/decide.ts';
import { ticketEvents } from './ticket/events.ts';

/**
 * Every kind of record the portal keeps: one per stream category (the text of a stream's name before its first
 * `-`), with the events its streams hold and the screen whose View shows its history (besides `auditlog`). The audit
 * log and the history tab take their record types, actions and fields from here; `domain/record-kinds.test.ts` fails
 * on a stream category built anywhere in the code that is not listed, and on an action or field without its Arabic
 * and English names.
 */
export const RECORD_KINDS = {
  registration: { events: registrationEvents, screen: 'registrationadmin' },
  email: { events: uniqueValueEvents, screen: 'registrationadmin' },
  mobile: { events: uniqueValueEvents, screen: 'registrationadmin' },
  idnumber: { events: uniqueValueEvents, screen: 'registrationadmin' },
  opportunity: { events: opportunityEvents, screen: 'eventsadmin' },
  participation: { events: participationEvents, screen: 'eventsadmin' },
  schedule: { events: scheduleEvents, screen: 'eventsadmin' },
  user: { events: accountEvents, screen: 'users' },
  username: { events: userNameEvents, screen: 'users' },
  loginlog: { events: unknownLoginEvents, screen: 'users' },
  permissions: { events: permissionEvents, screen: 'permissions' },
  lookup: { events: lookupEvents, screen: 'masterdata' },
  tickets: { events: ticketEvents, screen: 'ticketsadmin' },
  survey: { events: eitherOf(eitherOf(surveyEvents, publishLockEvents), surveyAnswerEvents), screen: 'surveys' },
  certificates: { events: certificateEvents, screen: 'certificateshours' },
  notifications: { events: notificationsEvents, screen: 'auditlog' },
  preferences: { events: preferencesEvents, screen: 'auditlog' },
  reports: { events: reportEvents, screen: 'users' },
  initiative: { events: initiativeEvents, screen: 'initiatives' },
  subscription: { events: subscriptionEvents, screen: 'masterdata' },
  mailing: { events: mailingEvents, screen: 'masterdata' },
  firstresponder: { events: firstResponderEvents, screen: 'firstresponder' },
  practitioner: { events: practitionerEvents, screen: 'registrationadmin' },
  content: { events: contentEvents, screen: 'content' },
} as const satisfies Record<string, { events: EventTypes<DomainEvent>; screen: Screen }>;

export type RecordKind = keyof typeof RECORD_KINDS;
export const RecordKindList = Object.keys(RECORD_KINDS) as RecordKind[];

/** Stream categories that are bookkeeping, not records: a durable process's own steps (its work is audited). */
export const NOT_RECORDS = ['process'] as const;

export function isRecordKind(s: string): s is RecordKind {
  return Object.hasOwn(RECORD_KINDS, s);
}

/** Sign-in attempts are a record type of their own in the audit log (the users log), whatever stream holds them. */
export const SIGN_IN_EVENTS: ReadonlySet<string> = new Set(['LoginSucceeded', 'LoginFailed', 'UnknownUserLoginFailed']);

/** The record types the audit log files rows under and filters by: the kinds, and sign-ins. */
export const RECORD_TYPES = [...RecordKindList, 'signin'] as const;
export type RecordType = RecordKind | 'signin';

export function recordTypeOf(category: string, eventType: string): string {
  return SIGN_IN_EVENTS.has(eventType) ? 'signin' : category;
}

/** Every event of every record kind (its type and data): what the history and the audit translate. */
type EventOf<T> = T extends EventTypes<infer E> ? E : never;
export type RecordEvent = EventOf<(typeof RECORD_KINDS)[RecordKind]['events']>;
export type RecordAction = RecordEvent['type'];

type DataOf<E> = E extends DomainEvent<string, infer D> ? D : never;
type KeysOf<D> = D extends readonly unknown[]
  ? never
  : D extends object
    ? string extends keyof D
      ? never // a map keyed by ids (answers by question): its keys are data, not fields
      : keyof D & string
    : never;
type NestedKeysOf<D> = D extends object ? { [K in keyof D]-?: KeysOf<NonNullable<D[K]>> }[keyof D] : never;
/**
 * Every field name the history can show: each event's data keys and the keys of an object one level down (as
 * `changesOf` lists them, by their last name). A new event's field without a translation fails to compile.
 */
export type RecordField = KeysOf<DataOf<RecordEvent>> | NestedKeysOf<DataOf<RecordEvent>>;

/** The field an event's own `{ from, to }` pair of values is about (a pair of objects names its fields itself). */
export const PAIR_FIELDS = {
  OpportunityStatusChanged: 'eventStatus',
  MaxInvitationsRaised: 'maxInvitations',
  MaxContributionsChanged: 'maxContributions',
} as const satisfies Partial<Record<RecordAction, string>>;

/** Every field name the history can show: the events' data fields and the fields their pairs are about. */
export type HistoryField = RecordField | (typeof PAIR_FIELDS)[keyof typeof PAIR_FIELDS];

/** Every action of every kind, once. */
export function recordActions(): string[] {
  return [...new Set(RecordKindList.flatMap((k) => RECORD_KINDS[k].events.types as readonly string[]))];
}

/** Where a row of the audit log opens its record: the record's own screen where it has one, else its history. */
export type RecordLink =
  | { screen: 'registration'; id: string }
  | { screen: 'event'; id: string }
  | { screen: 'history'; kind: string; id: string }
  | { screen: 'usersLog' };

/** `type`: a record type of the audit log (a kind, or signin). */
export function recordLink(type: string, recordId: string): RecordLink {
  if (type === 'signin') return { screen: 'usersLog' };
  const kind = type;
  if (kind === 'registration') return { screen: 'registration', id: recordId };
  if (kind === 'opportunity') return { screen: 'event', id: recordId };
  return { screen: 'history', kind, id: recordId };
}
