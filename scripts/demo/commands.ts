import type { EventStore } from '../../commands/event-store/port.ts';
import { type CommandContext, deterministicEventId, handleCommand } from '../../commands/handle.ts';
import { askIdentityService } from '../../commands/identity/ask.ts';
import type { IdentityService } from '../../commands/identity/nic-service.ts';
import { addLookupItem, type NewLookupItem } from '../../commands/lookups/handlers.ts';
import { lookupsOf } from '../../commands/lookups/source.ts';
import {
  inviteVolunteer,
  participationAction,
  requestJoin,
  staffAccept,
  volunteerAcceptInvitation,
} from '../../commands/participation/handlers.ts';
import { changePreferences } from '../../commands/preferences/handlers.ts';
import { registerVolunteer, reviewRegistration } from '../../commands/registration/handlers.ts';
import type { LookupKind } from '../../domain/lookups/kinds.ts';
import { type OpportunityCommand, opportunityDecider, opportunityStream } from '../../domain/opportunity/decide.ts';
import type { OpportunityDetails } from '../../domain/opportunity/rules.ts';
import type { Incident, OpportunityView, ParticipationCommand } from '../../domain/participation/decide.ts';
import type { RegistrationCommand } from '../../domain/registration/decide.ts';
import type { RegistrationForm } from '../../domain/registration/form.ts';
import type { ClientConfig } from '../../domain/shared/clients.ts';
import { Role, type RoleId } from '../../domain/shared/roles.ts';

/** The demo logins that act as staff in the demo year (scripts/demo-data.ts). */
export const ADMIN = { id: '00000000-0000-4000-8000-000000000001', role: Role.Admin } as const;
export const STAFF = { id: '00000000-0000-4000-8000-000000000002', role: Role.Staff } as const;
export const REVIEWER = {
  id: '00000000-0000-4000-8000-000000000003',
  role: Role.Reviewer,
  nameAr: 'نورة القحطاني',
} as const;

export interface Actor {
  id: string;
  role: RoleId;
}

/** The volunteer id a registration command gets (commands/registration/handlers.ts derives it from the command id). */
export const volunteerIdOf = (commandId: string) => deterministicEventId(commandId, 'volunteer', 0);

/**
 * The commands the demo year issues: the same handlers the API routes call, with a context whose `now` is the
 * simulated time (stored as each event's occurredAt) and whose command id is fixed, so a resumed load repeats nothing.
 */
export function demoCommands(store: EventStore, client: ClientConfig, seed: number, nic: IdentityService) {
  const askIdentity = askIdentityService(nic);
  const prefix = `demo-year:${seed}`;
  const ctx = (commandId: string, actor: Actor | null, now: Date): CommandContext => ({
    actorId: actor?.id ?? null,
    actorRole: actor?.role ?? null,
    correlationId: 'demo-year',
    causationId: null,
    clientCode: client.code,
    commandId: `${prefix}:${commandId}`,
    now,
  });
  const onEvent = (id: string, command: OpportunityCommand, key: string, actor: Actor, now: Date) =>
    handleCommand(store, opportunityStream(id), opportunityDecider, command, ctx(key, actor, now), {
      maxAttempts: 50,
    });
  const action = (
    eventId: string,
    volunteerId: string,
    key: string,
    actor: Actor,
    now: Date,
    build: (o: OpportunityView) => ParticipationCommand,
  ) => participationAction(store, eventId, volunteerId, build, ctx(key, actor, now));

  return {
    /** An item of the master data as an admin adds it (a fixed command id: a second run adds nothing). */
    async addLookup(kind: LookupKind, item: NewLookupItem, key: string, now: Date) {
      return (await addLookupItem(store, kind, item, ctx(`lookup:${kind}:${key}`, ADMIN, now))).id;
    },
    registerCommandId: (i: number) => `${prefix}:register:${i}`,
    async register(i: number, form: RegistrationForm, submit: boolean, now: Date) {
      await registerVolunteer(
        store,
        client,
        { form, submit },
        ctx(`register:${i}`, null, now),
        undefined,
        undefined,
        askIdentity,
      );
    },
    async review(volunteerId: string, command: RegistrationCommand, key: string, now: Date) {
      await reviewRegistration(store, volunteerId, command, ctx(key, REVIEWER, now));
    },
    async createEvent(id: string, details: OpportunityDetails, actor: Actor, now: Date) {
      const lookups = await lookupsOf(store);
      await onEvent(id, { type: 'Create', details, client, lookups }, `event:${id}:create`, actor, now);
    },
    async onEvent(id: string, command: OpportunityCommand, key: string, now: Date) {
      await onEvent(id, command, `event:${id}:${key}`, ADMIN, now);
    },
    async invite(eventId: string, volunteerId: string, actor: Actor, now: Date) {
      await inviteVolunteer(store, eventId, volunteerId, false, ctx(`p:${eventId}:${volunteerId}:invite`, actor, now));
    },
    async join(eventId: string, volunteerId: string, now: Date) {
      const me = { id: volunteerId, role: Role.Volunteer };
      await requestJoin(store, eventId, volunteerId, ctx(`p:${eventId}:${volunteerId}:join`, me, now));
    },
    async volunteerAccept(eventId: string, volunteerId: string, now: Date) {
      const me = { id: volunteerId, role: Role.Volunteer };
      await volunteerAcceptInvitation(store, eventId, volunteerId, ctx(`p:${eventId}:${volunteerId}:yes`, me, now));
    },
    async staffAccept(eventId: string, volunteerId: string, actor: Actor, now: Date) {
      await staffAccept(
        store,
        eventId,
        volunteerId,
        { byAdmin: false, confirmRaise: false },
        ctx(`p:${eventId}:${volunteerId}:accept`, actor, now),
      );
    },
    /** A volunteer's own action on her participation (reject, cancel, ask for release, check in, incident). */
    async volunteerAction(
      eventId: string,
      volunteerId: string,
      step: string,
      now: Date,
      build: (o: OpportunityView) => ParticipationCommand,
    ) {
      const me = { id: volunteerId, role: Role.Volunteer };
      await action(eventId, volunteerId, `p:${eventId}:${volunteerId}:${step}`, me, now, build);
    },
    /** A staff action on a participant (reject, absent, release, hours). */
    async staffAction(
      eventId: string,
      volunteerId: string,
      step: string,
      actor: Actor,
      now: Date,
      build: (o: OpportunityView) => ParticipationCommand,
    ) {
      await action(eventId, volunteerId, `p:${eventId}:${volunteerId}:${step}`, actor, now, build);
    },
    hoursIdOf: (eventId: string, volunteerId: string, day: number) =>
      deterministicEventId(`${prefix}:hours`, `${eventId}_${volunteerId}`, day),
    /** The load's last command: the marker that the demo year is complete (see loadDemoYear). */
    async finish(volunteerId: string, now: Date) {
      await changePreferences(
        store,
        volunteerId,
        { receiveEmail: true, receiveSms: false, preferredLanguage: 'en' },
        ctx('done', { id: volunteerId, role: Role.Volunteer }, now),
      );
    },
  };
}
export type DemoCommands = ReturnType<typeof demoCommands>;

export type { Incident };
