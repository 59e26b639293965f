import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { verifyEmail } from '../../commands/account/handlers.ts';
import { type EventStore, formatPosition } from '../../commands/event-store/port.ts';
import { fileIdsIn, ownerKey, type Uploads } from '../../commands/files/ownership.ts';
import { askIdentityService } from '../../commands/identity/ask.ts';
import {
  checkEmployeeCode,
  registerVolunteer,
  reviewRegistration,
  updateRegistration,
} from '../../commands/registration/handlers.ts';
import { courseUrlFor } from '../../domain/practitioner/course.ts';
import { type Registration, type RegistrationCommand, registrationDecider } from '../../domain/registration/decide.ts';
import { type RegistrationEvent, registrationStream } from '../../domain/registration/events.ts';
import { fold } from '../../domain/shared/decider.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { arabicNameOf } from '../../projections/account/queries.ts';
import { practitionersOf, withLicences } from '../../projections/practitioner/queries.ts';
import { registrationGrid } from '../../projections/registration/queries.ts';
import * as C from '../contracts/registration.ts';
import { CSRF_COOKIE, requireUser, requireVolunteer } from '../http/auth.ts';
import { type ApiDeps, commandContext, readAfter } from '../http/deps.ts';
import { recordHistory } from '../http/history.ts';
import { dropPending, pendingOf } from '../http/pending-identity.ts';
import { route } from '../http/route.ts';
import { addressInScope, type Scope, staffScope } from '../http/scope.ts';

async function loadRegistration(
  store: EventStore,
  volunteerId: string,
): Promise<{
  state: Registration;
  events: { e: RegistrationEvent; at: string; actorId: string | null; actorRole: number | null }[];
}> {
  const events: { e: RegistrationEvent; at: string; actorId: string | null; actorRole: number | null }[] = [];
  for await (const s of store.readStream(registrationStream(volunteerId))) {
    events.push({
      e: { type: s.type, data: s.data } as RegistrationEvent,
      at: s.metadata.occurredAt,
      actorId: s.metadata.actorId,
      actorRole: s.metadata.actorRole,
    });
  }
  return {
    state: fold(
      registrationDecider,
      events.map((x) => x.e),
    ),
    events,
  };
}

function inScope(scope: Scope | null, s: Registration): boolean {
  return addressInScope(scope, s.form.address ?? {});
}
/** The application, if the caller may see it: NotFound otherwise (an out-of-scope record is not revealed). */
async function visibleRegistration(deps: ApiDeps, session: { userId: string; roleId: number }, volunteerId: string) {
  const loaded = await loadRegistration(deps.store, volunteerId);
  if (!loaded.state.exists || !inScope(await staffScope(deps, session), loaded.state))
    throw new DomainError('NotFound');
  return loaded;
}

const today = () => new Date().toISOString().slice(0, 10);

/** The licence checks of these volunteers (the practitioners read model), expiry judged today. */
function licencesOf(deps: ApiDeps, volunteerIds: readonly string[]) {
  return practitionersOf(deps.db, volunteerIds, today());
}

async function detailOf(deps: ApiDeps, volunteerId: string, s: Registration) {
  if (!s.exists || s.status === null) throw new DomainError('NotFound');
  const licence = (await licencesOf(deps, [volunteerId])).get(volunteerId) ?? null;
  return {
    practitioner: licence,
    volunteerId,
    status: s.status,
    referenceNumber: s.referenceNumber,
    form: s.form,
    appointment: s.appointment,
    rejectReason: s.rejectReason,
    notes: s.notes,
  };
}

export function registrationRoutes(app: FastifyInstance, deps: ApiDeps, opts: { rateLimit: number; uploads: Uploads }) {
  const { uploads } = opts;
  const okPosition = (p: { commit: bigint; prepare: bigint }) => ({ position: formatPosition(p) });
  const limited = { config: { rateLimit: { max: opts.rateLimit, timeWindow: '1 minute' } } };

  // A visitor registers (anonymous; CSRF by the double-submit cookie).
  route(app, C.register, limited, async (req, reply) => {
    await deps.captcha.verify(req.body.captcha);
    const files = fileIdsIn(req.body);
    await uploads.assertAttachable(files, ownerKey(null, req.cookies[CSRF_COOKIE]), null);
    // After the user-verification page (SSO register path): the verified record, and the sign-on account to link.
    const pending = await pendingOf(deps, req);
    const identity =
      pending?.record && pending.userId === null
        ? {
            record: pending.record,
            link: pending.sso ? { issuer: pending.sso.issuer, subject: pending.sso.subject } : null,
          }
        : undefined;
    const res = await registerVolunteer(
      deps.store,
      deps.client,
      { form: req.body.form, submit: req.body.submit },
      commandContext(req, deps),
      deps.employees,
      identity,
      askIdentityService(deps.identity),
    );
    if (identity) await dropPending(deps, req, reply);
    await uploads.attach(files, res.volunteerId);
    const courseUrl = courseUrlFor(req.body.form, req.body.submit, deps.courseUrl);
    return { ...res, position: formatPosition(res.position), hasEmailVerification: true, courseUrl };
  });

  // The form checks an employee number as soon as it is entered (spec: ValidateEmployeeCode); submit checks again.
  route(app, C.checkEmployeeCode, limited, async (req) => {
    const { employeeCode, idNumber } = req.body;
    await checkEmployeeCode(
      { employee: { isEmployee: true, employeeCode }, identity: { idNumber } },
      deps.client,
      deps.employees,
    );
    return { valid: true as const };
  });

  // The link mailed at registration: "100" confirmed, "400" expired (a new link is mailed), "200" already verified.
  route(app, C.verifyEmail, limited, async (req) => {
    const r = await verifyEmail(deps.store, req.body.token, commandContext(req, deps));
    return { result: r.result, position: formatPosition(r.position) };
  });

  route(app, C.myRegistration, { preHandler: requireUser() }, async (req) => {
    const { state } = await loadRegistration(deps.store, req.session!.userId);
    return detailOf(deps, req.session!.userId, state);
  });

  // Only a volunteer has a registration to edit (decided before the form is validated).
  route(app, C.updateMyRegistration, { preHandler: requireVolunteer() }, async (req) => {
    const id = req.session!.userId;
    const files = fileIdsIn(req.body);
    await uploads.assertAttachable(files, ownerKey(id, undefined), id);
    const { state } = await loadRegistration(deps.store, id);
    const res = await updateRegistration(
      deps.store,
      deps.client,
      id,
      state.form,
      req.body,
      commandContext(req, deps),
      deps.employees,
      askIdentityService(deps.identity),
    );
    await uploads.attach(files, id);
    const courseUrl = courseUrlFor(req.body.form, req.body.submit, deps.courseUrl);
    return { ...res, position: formatPosition(res.position), hasEmailVerification: false, courseUrl };
  });

  route(app, C.listRegistrations, {}, async (req) => {
    await readAfter(req, deps, ['registrations', 'users']); // the scope comes from rm.users
    await readAfter(req, deps, ['practitioners']);
    const page = await registrationGrid(deps.db, req.query, await staffScope(deps, req.session!));
    return withLicences(deps.db, page, today());
  });

  const visible = async (req: { session: { userId: string; roleId: number } | null; params: unknown }) => {
    await visibleRegistration(deps, req.session!, (req.params as { id: string }).id);
  };
  route(app, C.getRegistration, {}, async (req) => {
    const { state } = await visibleRegistration(deps, req.session!, req.params.id);
    return detailOf(deps, req.params.id, state);
  });

  // The history tab reads the events themselves, so it is never stale.
  route(app, C.registrationHistory, {}, async (req) => {
    await visibleRegistration(deps, req.session!, req.params.id);
    return recordHistory(deps, 'registration', req.params.id);
  });

  // Review actions: the role must hold Approve on the screen (else "not authorized to accept" for the accepting
  // ones), the application must be in the caller's scope; each answers the position of its event.
  type Req = FastifyRequest<{ Params: { id: string } }>;
  const guarded = { preHandler: visible };
  const run = async (req: Req, command: RegistrationCommand) =>
    okPosition((await reviewRegistration(deps.store, req.params.id, command, commandContext(req, deps))).position);

  route(app, C.initialAccept, guarded, async (req) => {
    const reviewerName = await arabicNameOf(deps.db, req.body.reviewerId);
    if (reviewerName === null) throw new DomainError('InitialAcceptIncomplete', { field: 'reviewerId' });
    return run(req, { type: 'InitiallyAccept', ...req.body, reviewerName });
  });
  route(app, C.approve, guarded, (req) => run(req, { type: 'Approve' }));
  route(app, C.reject, guarded, (req) => run(req, { type: 'Reject', reason: req.body.reason }));
  route(app, C.returnToSubmitted, guarded, (req) => run(req, { type: 'ReturnToSubmitted' }));
  route(app, C.addNote, guarded, (req) => run(req, { type: 'AddNote', noteId: randomUUID(), note: req.body.note }));
  route(app, C.removeNote, guarded, (req) => run(req, { type: 'RemoveNote', noteId: req.params.noteId }));
}
