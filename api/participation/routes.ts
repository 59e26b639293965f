import type { FastifyInstance } from 'fastify';
import { formatPosition } from '../../commands/event-store/port.ts';
import {
  inviteVolunteer,
  loadOpportunity,
  participationAction,
  requestJoin,
  staffAccept,
  volunteerAcceptInvitation,
  withEvent,
} from '../../commands/participation/handlers.ts';
import { type OpportunityView, type ParticipationCommand, staffActionsFor } from '../../domain/participation/decide.ts';
import { assertMayJoin, joinTargetOf } from '../../domain/participation/join.ts';
import type { ParticipationStatus } from '../../domain/participation/status.ts';
import type { RegistrationStatus } from '../../domain/registration/status.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { Role, type RoleId } from '../../domain/shared/roles.ts';
import {
  joinerOf,
  participationsOf,
  registrationsOf,
  rosterPage,
} from '../../projections/opportunity/participation-queries.ts';
import * as C from '../contracts/participation.ts';
import { requireUser, requireVolunteer } from '../http/auth.ts';
import { type ApiDeps, commandContext, readAfter } from '../http/deps.ts';
import { recordHistory } from '../http/history.ts';
import { ok, route } from '../http/route.ts';
import { staffOnEvent } from '../opportunity/guards.ts';
import { invitationsStreamRoute } from './stream.ts';

/** Joining, invitations and the answers to them, the roster and staff actions on it, and the volunteer's own list. */
export function participationRoutes(app: FastifyInstance, deps: ApiDeps) {
  const staff = { preHandler: staffOnEvent(deps) };
  const volunteer = { preHandler: requireVolunteer() };

  // A volunteer asks to join: the spec's join rules from the session and the read models, then the schedule.
  route(app, C.joinOpportunity, {}, async (req) => {
    const session = req.session;
    // Who asks (the read models) and the event (from its stream, never behind a command that just changed it),
    // together.
    const [w, o] = await Promise.all([
      session ? joinerOf(deps.db, session.userId, req.params.id) : Promise.resolve(undefined),
      loadOpportunity(deps.store, req.params.id),
    ]);
    assertMayJoin(
      {
        signedIn: !!session,
        roleId: (session?.roleId ?? null) as RoleId | null,
        registrationStatus: (w?.status ?? null) as RegistrationStatus | null,
        nicValid: w?.nic_valid ?? false,
        infoComplete: w?.registration_complete ?? false,
        regionId: w?.region_id ?? null,
        cityId: w?.city_id ?? null,
        gender: (w?.gender ?? null) as 1 | 2 | null,
        invited: w?.invitation === 1,
      },
      joinTargetOf(o),
      deps.client,
      new Date(),
    );
    return ok(await requestJoin(deps.store, req.params.id, session!.userId, commandContext(req, deps), o));
  });

  // Staff invite approved volunteers; restricted events refuse volunteers outside their regions or cities.
  route(app, C.inviteVolunteers, staff, async (req) => {
    // The event from its stream, not the read model: a command just before may not be projected yet.
    const d = (await loadOpportunity(deps.store, req.params.id)).details!;
    const volunteers = await registrationsOf(deps.db, req.body.volunteerIds);
    const byId = new Map(volunteers.map((v) => [v.volunteer_id, v]));
    const results: { volunteerId: string; result: string }[] = [];
    let position: string | null = null;
    for (const volunteerId of req.body.volunteerIds) {
      const v = byId.get(volunteerId);
      const restricted =
        v?.status !== 5 ||
        (d.visibility === 1 && !d.regionIds.includes(v.region_id ?? -1)) ||
        (d.visibility === 2 && !d.cityIds.includes(v.city_id ?? -1));
      if (restricted) {
        results.push({ volunteerId, result: 'RestrictedInvitation' });
        continue;
      }
      try {
        const p = await inviteVolunteer(deps.store, req.params.id, volunteerId, req.body.confirmRaise, {
          ...commandContext(req, deps),
          commandId: `${req.id}:${volunteerId}`,
        });
        position = formatPosition(p);
        results.push({ volunteerId, result: 'invited' });
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
        // A full event (invitations stopped, for one) refuses everyone alike: say so once, for the whole request.
        // Nothing has been written then: the first invitation already met it.
        if (e.code === 'ExceededApprovalLimit' && position === null) throw e;
        results.push({ volunteerId, result: e.code });
      }
    }
    return { results, position };
  });

  // The roster (spec page sizes), by status, with the staff actions each row allows the caller.
  route(app, C.listParticipants, staff, async (req) => {
    await readAfter(req, deps, ['participations', 'users']);
    const byAdmin = req.session!.roleId === Role.Admin;
    const page = await rosterPage(deps.db, req.params.id, req.query);
    return {
      total: page.total,
      rows: page.rows.map((r) => ({ ...r, actions: staffActionsFor(r.status as ParticipationStatus, byAdmin) })),
    };
  });

  route(app, C.acceptParticipant, staff, async (req) =>
    ok(
      await staffAccept(
        deps.store,
        req.params.id,
        req.params.volunteerId,
        { byAdmin: req.session!.roleId === Role.Admin, confirmRaise: req.body.confirmRaise },
        commandContext(req, deps),
      ),
    ),
  );

  // Staff actions on a participant (spec section 4 transitions; the domain refuses the rest).
  const staffActions: [
    typeof C.rejectParticipant | typeof C.markParticipantAbsent | typeof C.releaseParticipant,
    (o: OpportunityView) => ParticipationCommand,
  ][] = [
    [C.rejectParticipant, withEvent('StaffReject')],
    [C.markParticipantAbsent, () => ({ type: 'MarkAbsent' })],
    [C.releaseParticipant, withEvent('Release')],
  ];
  for (const [contract, build] of staffActions)
    route(app, contract, staff, async (req) =>
      ok(
        await participationAction(deps.store, req.params.id, req.params.volunteerId, build, commandContext(req, deps)),
      ),
    );

  // The history tab of an invitation: its events, so never stale.
  route(app, C.participationHistory, staff, async (req) => {
    // The generic history reads the stream participationStream names: participation-<event>_<volunteer>.
    return recordHistory(deps, 'participation', `${req.params.id}_${req.params.volunteerId}`);
  });

  // The volunteer's own events with their hours (current, invitations and past events read from the same rows).
  route(app, C.myParticipations, { preHandler: requireUser() }, async (req) => {
    await readAfter(req, deps, ['participations', 'opportunities']);
    return participationsOf(deps.db, req.session!.userId);
  });
  invitationsStreamRoute(app, deps);

  // The volunteer's answers to an invitation.
  route(app, C.acceptInvitation, volunteer, async (req) =>
    ok(await volunteerAcceptInvitation(deps.store, req.params.id, req.session!.userId, commandContext(req, deps))),
  );
  for (const [contract, type] of [
    [C.rejectInvitation, 'VolunteerReject'],
    [C.cancelParticipation, 'Cancel'],
    [C.requestRelease, 'RequestRelease'],
  ] as const)
    route(app, contract, volunteer, async (req) =>
      ok(
        await participationAction(
          deps.store,
          req.params.id,
          req.session!.userId,
          withEvent(type),
          commandContext(req, deps),
        ),
      ),
    );
}
