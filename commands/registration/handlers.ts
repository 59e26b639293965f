import { type Registration, type RegistrationCommand, registrationDecider } from '../../domain/registration/decide.ts';
import { employeeCheckNeeded, employeeCodeIssue } from '../../domain/registration/employee.ts';
import { registrationStream } from '../../domain/registration/events.ts';
import type { RegistrationForm } from '../../domain/registration/form.ts';
import { normaliseForm, summaryCode, validateRegistration } from '../../domain/registration/rules.ts';
import type { ClientConfig } from '../../domain/shared/clients.ts';
import type { Decider, DomainEvent } from '../../domain/shared/decider.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { Role } from '../../domain/shared/roles.ts';
import { createAccount, releaseUserName, userIdForName } from '../account/handlers.ts';
import type { EventStore, Position } from '../event-store/port.ts';
import { type CommandContext, deterministicEventId, handleCommand, loadFolded } from '../handle.ts';
import { type EmployeeDirectory, EmployeeDirectoryUnavailableError } from './employee-directory.ts';
import { assertAvailable, claim, release, type UniqueKind } from './uniqueness.ts';

export interface SaveResult {
  volunteerId: string;
  status: 1 | 2;
  referenceNumber: string | null;
  position: Position;
}

function uniqueValues(form: RegistrationForm): [UniqueKind, string][] {
  const out: [UniqueKind, string][] = [];
  if (form.user?.email) out.push(['email', form.user.email]);
  if (form.user?.mobile) out.push(['mobile', form.user.mobile]);
  if (form.identity?.idNumber) out.push(['idNumber', form.identity.idNumber]);
  return out;
}

function validateOrThrow(form: RegistrationForm, submit: boolean, client: ClientConfig, now: Date): RegistrationForm {
  const normal = normaliseForm(form, client);
  const issues = validateRegistration(normal, submit ? 'submit' : 'draft', client, now);
  if (issues.length) throw new DomainError(summaryCode(issues), { issues });
  return normal;
}

/**
 * On submit, an employee's code is checked with the client's HR system: the national id on file must be the id
 * number entered. Unreachable HR system: EmployeeDirectoryUnavailable (503), nothing is written.
 */
export async function checkEmployeeCode(
  form: RegistrationForm,
  client: ClientConfig,
  employees: EmployeeDirectory | undefined,
): Promise<void> {
  if (!employeeCheckNeeded(form, client)) return;
  if (!employees) throw new DomainError('EmployeeDirectoryUnavailable');
  let onFile: string | null;
  try {
    onFile = await employees.nationalIdOf(client.code, form.employee!.employeeCode!.trim());
  } catch (e) {
    if (e instanceof EmployeeDirectoryUnavailableError) throw new DomainError('EmployeeDirectoryUnavailable');
    throw e;
  }
  const issue = employeeCodeIssue(onFile, form.identity?.idNumber);
  if (issue) throw new DomainError(issue.code, { issues: [issue] });
}

/**
 * The refusals a registration can get, read without writing: the application's own transition (decided on its
 * stream's fold) and the unique values someone else holds.
 */
async function assertRegistrable(
  store: EventStore,
  client: ClientConfig,
  volunteerId: string,
  form: RegistrationForm,
  submit: boolean,
  values: [UniqueKind, string][],
  ctx: CommandContext,
): Promise<void> {
  const [registration] = await Promise.all([
    loadFolded(
      store,
      registrationStream(volunteerId),
      registrationDecider as Decider<Registration, never, DomainEvent>,
    ),
    assertAvailable(store, values, volunteerId),
  ]);
  // A retry of a command already applied is answered by handleCommand, not refused here.
  if (registration.byCommand.has(ctx.commandId)) return;
  const command: RegistrationCommand = { type: submit ? 'Submit' : 'SaveDraft', volunteerId, form, client };
  registrationDecider.decide(command, registration.state, ctx.now);
}

async function saveForm(
  store: EventStore,
  client: ClientConfig,
  volunteerId: string,
  form: RegistrationForm,
  submit: boolean,
  ctx: CommandContext,
): Promise<SaveResult> {
  const command: RegistrationCommand = { type: submit ? 'Submit' : 'SaveDraft', volunteerId, form, client };
  const r = await handleCommand(store, registrationStream(volunteerId), registrationDecider, command, ctx);
  const e = r.events[0];
  return {
    volunteerId,
    status: submit ? 2 : 1,
    referenceNumber: e?.type === 'RegistrationSubmitted' ? e.data.referenceNumber : null,
    position: r.position,
  };
}

/**
 * A visitor registers: claim the unique values (e-mail, mobile, id number; the user name through its account),
 * create the volunteer's account, then save or submit the application. If a step fails, the values claimed so far
 * are released so the visitor can try again. A retry with the same command id repeats nothing.
 */
export async function registerVolunteer(
  store: EventStore,
  client: ClientConfig,
  input: { form: RegistrationForm; submit: boolean },
  ctx: CommandContext,
  employees?: EmployeeDirectory,
): Promise<SaveResult> {
  const form = validateOrThrow(input.form, input.submit, client, ctx.now);
  if (input.submit) await checkEmployeeCode(form, client, employees);
  const volunteerId = deterministicEventId(ctx.commandId, 'volunteer', 0);
  const ownCtx = { ...ctx, actorId: ctx.actorId ?? volunteerId, actorRole: ctx.actorRole ?? Role.Volunteer };
  // Decide first, then act: every refusal the streams can answer now is answered before anything is written.
  await assertRegistrable(store, client, volunteerId, form, input.submit, uniqueValues(form), ownCtx);
  const userName = form.user!.userName!;
  if (![null, volunteerId].includes(await userIdForName(store, userName)))
    throw new DomainError('UserNameAlreadyExists', { field: 'user.userName' });
  const claimed: [UniqueKind, string][] = [];
  let accountCreated = false;
  try {
    for (const [kind, value] of uniqueValues(form)) {
      await claim(store, kind, value, volunteerId, ownCtx);
      claimed.push([kind, value]);
    }
    const p = form.personal ?? {};
    const fullName = (parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');
    try {
      await createAccount(
        store,
        {
          userId: volunteerId,
          userName: form.user!.userName!,
          name: {
            ar: fullName([p.firstNameAr, p.secondNameAr, p.thirdNameAr, p.lastNameAr]),
            en: fullName([p.firstNameEn, p.lastNameEn]) || fullName([p.firstNameAr, p.lastNameAr]),
          },
          email: form.user!.email!,
          roleId: Role.Volunteer,
          password: form.user!.password!,
          mustChangePassword: false,
          // A verification link is mailed; until it is followed, sign-in answers EmailVerification (7).
          emailVerified: false,
          // No national identity provider is reachable here; the id number has passed the client's pattern.
          nicValid: true,
          registrationComplete: false,
        },
        { ...ownCtx, commandId: `${ctx.commandId}:account` },
      );
    } catch (e) {
      if (e instanceof DomainError && e.code === 'UserNameAlreadyExists')
        throw new DomainError('UserNameAlreadyExists', { field: 'user.userName' });
      throw e;
    }
    accountCreated = true;
    return await saveForm(store, client, volunteerId, form, input.submit, ownCtx);
  } catch (e) {
    if (!accountCreated) {
      for (const [kind, value] of claimed) await release(store, kind, value, volunteerId, ownCtx);
      // The name goes back too, so the visitor can register with it again.
      await releaseUserName(store, userName, volunteerId, { ...ownCtx, commandId: `${ctx.commandId}:account` });
    }
    throw e;
  }
}

/** The signed-in volunteer edits (draft or edit state): claims changed unique values, releases the old ones after. */
export async function updateRegistration(
  store: EventStore,
  client: ClientConfig,
  volunteerId: string,
  previous: RegistrationForm,
  input: { form: RegistrationForm; submit: boolean },
  ctx: CommandContext,
  employees?: EmployeeDirectory,
): Promise<SaveResult> {
  const incoming = { ...input.form }; // only its user section is replaced below
  // Editing never touches the account's password (that is POST /api/session/change-password) nor its user name:
  // the rules still run over the rest of the user section.
  incoming.user = {
    ...incoming.user,
    userName: previous.user?.userName ?? incoming.user?.userName,
    password: 'Unchanged@0',
    confirmPassword: 'Unchanged@0',
  };
  const form = validateOrThrow(incoming, input.submit, client, ctx.now);
  if (input.submit) await checkEmployeeCode(form, client, employees);
  const before = new Map(uniqueValues(previous));
  const after = uniqueValues(form);
  // Decide first, then act: a refused update (its status does not allow it, a value taken) writes nothing.
  await assertRegistrable(
    store,
    client,
    volunteerId,
    form,
    input.submit,
    after.filter(([kind, value]) => before.get(kind) !== value),
    ctx,
  );
  const newlyClaimed: [UniqueKind, string][] = [];
  try {
    for (const [kind, value] of after) {
      if (before.get(kind) === value) continue;
      await claim(store, kind, value, volunteerId, ctx);
      newlyClaimed.push([kind, value]);
    }
    const result = await saveForm(store, client, volunteerId, form, input.submit, ctx);
    for (const [kind] of newlyClaimed) {
      const old = before.get(kind);
      if (old) await release(store, kind, old, volunteerId, ctx);
    }
    return result;
  } catch (e) {
    for (const [kind, value] of newlyClaimed) await release(store, kind, value, volunteerId, ctx);
    throw e;
  }
}

/** Staff and admin actions on an application. */
export function reviewRegistration(
  store: EventStore,
  volunteerId: string,
  command: RegistrationCommand,
  ctx: CommandContext,
) {
  return handleCommand(store, registrationStream(volunteerId), registrationDecider, command, ctx);
}
