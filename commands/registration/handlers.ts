import { type AccountCommand, accountDecider } from '../../domain/account/decide.ts';
import { accountStream } from '../../domain/account/events.ts';
import { type AskIdentity, identityOutcome, type UnverifiedReason } from '../../domain/identity/check.ts';
import type { NicRecord } from '../../domain/identity/nic.ts';
import type { LookupSnapshot } from '../../domain/lookups/snapshot.ts';
import { type RegistrationCommand, registrationDecider } from '../../domain/registration/decide.ts';
import { employeeCheckNeeded, employeeCodeIssue } from '../../domain/registration/employee.ts';
import { registrationStream } from '../../domain/registration/events.ts';
import type { RegistrationForm } from '../../domain/registration/form.ts';
import { identityQuestion } from '../../domain/registration/identity-question.ts';
import { normaliseForm, summaryCode, validateRegistration } from '../../domain/registration/rules.ts';
import { type ClientCode, type ClientConfig, clientConfig } from '../../domain/shared/clients.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { Role } from '../../domain/shared/roles.ts';
import { credentialVault } from '../account/credentials.ts';
import { createAccount, releaseUserName, reserveUserName, userIdForName } from '../account/handlers.ts';
import { hashPassword } from '../account/password-hash.ts';
import { type EventStore, formatPosition, type Position, parsePosition } from '../event-store/port.ts';
import { type CommandContext, deterministicEventId, handleCommand, loadFolded } from '../handle.ts';
import { lookupsOf } from '../lookups/source.ts';
import { lastWrittenPosition, runProcess, type Step, type StepOutput, type Workflow } from '../workflow/process.ts';
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

function validateOrThrow(
  form: RegistrationForm,
  submit: boolean,
  client: ClientConfig,
  now: Date,
  lookups: LookupSnapshot,
): RegistrationForm {
  const normal = normaliseForm(form, client, lookups);
  const issues = validateRegistration(normal, submit ? 'submit' : 'draft', client, now, lookups);
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
  eventStore: EventStore,
  input: FormInput,
  values: [UniqueKind, string][],
  ctx: CommandContext,
): Promise<void> {
  const { volunteerId, form, submit } = input;
  const client = clientConfig(input.clientCode);
  const [registration, owner] = await Promise.all([
    loadFolded(eventStore, registrationStream(volunteerId), registrationDecider),
    form.user?.userName ? userIdForName(eventStore, form.user.userName) : null,
    assertAvailable(eventStore, values, volunteerId),
  ]);
  if (owner !== null && owner !== volunteerId)
    throw new DomainError('UserNameAlreadyExists', { field: 'user.userName' });
  const command = saveCommand(volunteerId, form, submit, client, await lookupsOf(eventStore));
  registrationDecider.decide(command, registration.state, ctx.now);
}

function saveCommand(
  volunteerId: string,
  form: RegistrationForm,
  submit: boolean,
  client: ClientConfig,
  lookups: LookupSnapshot,
): RegistrationCommand {
  return { type: submit ? 'Submit' : 'SaveDraft', volunteerId, form, client, lookups };
}

async function saveForm(
  store: EventStore,
  client: ClientConfig,
  volunteerId: string,
  form: RegistrationForm,
  submit: boolean,
  ctx: CommandContext,
): Promise<SaveResult> {
  const command = saveCommand(volunteerId, form, submit, client, await lookupsOf(store));
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
 * The process input keeps no password: the form carries this placeholder (it passes the rules, which the real one
 * passed before the process started; the stored form drops it) and the account gets the real one's hash.
 */
const PASSWORD_PLACEHOLDER = 'Unchanged@0';
const withPlaceholder = (form: RegistrationForm): RegistrationForm => ({
  ...form,
  user: { ...form.user, password: PASSWORD_PLACEHOLDER, confirmPassword: PASSWORD_PLACEHOLDER },
});

/** One step per unique kind: claims the value (undo: gives it back); a kind without a value to claim does nothing. */
function claimStep<I extends { volunteerId: string }>(
  kind: UniqueKind,
  pick: (input: I) => string | undefined,
): Step<I, unknown> {
  return {
    name: `claim-${kind}`,
    run: async (store, input, _l, ctx) => {
      const value = pick(input);
      if (value === undefined) return { did: false };
      await claim(store, kind, value, input.volunteerId, ctx);
      return { did: true };
    },
    undo: async (store, input, out, ctx) => {
      const value = pick(input);
      if (out.did && value !== undefined) await release(store, kind, value, input.volunteerId, ctx);
    },
  };
}
const valueIn = (values: [UniqueKind, string][], kind: UniqueKind) => values.find(([k]) => k === kind)?.[1];

interface SaveOutput extends Record<string, unknown> {
  volunteerId: string;
  status: 1 | 2;
  referenceNumber: string | null;
  position: string;
}
interface FormInput {
  volunteerId: string;
  form: RegistrationForm;
  submit: boolean;
  /** The client the form was checked for (a resume after a restart decides under its configuration too). */
  clientCode: ClientCode;
}
const formStep = <I extends FormInput>(): Step<I, unknown> => ({
  name: 'form',
  run: async (store, input, _l, ctx) => {
    const r = await saveForm(store, clientConfig(input.clientCode), input.volunteerId, input.form, input.submit, ctx);
    return { ...r, position: formatPosition(r.position) } satisfies SaveOutput;
  },
});
const saved = (out: Record<string, StepOutput>): SaveOutput => out.form as SaveOutput;

interface RegisterInput extends FormInput {
  /** The password's hash, stored in the vault before the process starts: the log keeps only its id. */
  credentialId: string;
  /**
   * The identity service's record: after the user-verification page (with the sign-on account to link), or from the
   * check this registration asked for.
   */
  identity?: VerifiedIdentity;
  /** The check found no record for the id and birth date, or could not ask: the account is not NIC-valid. */
  unverified?: { nationalId: string; birthDate: string; reason: UnverifiedReason };
}

/** A registration's verified identity: its record's national id must be the form's id number. */
export interface VerifiedIdentity {
  record: NicRecord;
  link: { issuer: string; subject: string } | null;
}

/**
 * A visitor registers: claim the unique values (e-mail, mobile, id number), reserve the user name, create the
 * volunteer's account, then save or submit the application. A step that refuses (someone claimed a value meanwhile)
 * gives back what the steps before it took, the user name included, so the visitor can try again.
 */
export const registerProcess: Workflow<RegisterInput, unknown, SaveOutput> = {
  kind: 'registration.register',
  load: async () => null,
  check: (store, input, _l, ctx) => assertRegistrable(store, input, uniqueValues(input.form), ctx),
  steps: [
    claimStep('email', (i: RegisterInput) => valueIn(uniqueValues(i.form), 'email')),
    claimStep('mobile', (i: RegisterInput) => valueIn(uniqueValues(i.form), 'mobile')),
    claimStep('idNumber', (i: RegisterInput) => valueIn(uniqueValues(i.form), 'idNumber')),
    {
      name: 'username',
      run: async (st, input, _l, ctx) => {
        try {
          await reserveUserName(st, input.form.user!.userName!, input.volunteerId, ctx);
        } catch (e) {
          if (e instanceof DomainError && e.code === 'UserNameAlreadyExists')
            throw new DomainError('UserNameAlreadyExists', { field: 'user.userName' });
          throw e;
        }
        return { did: true };
      },
      undo: async (st, input, out, ctx) => {
        if (out.did) await releaseUserName(st, input.form.user!.userName!, input.volunteerId, ctx);
      },
    },
    {
      name: 'account',
      run: async (st, { volunteerId, form, credentialId, identity, unverified }, _l, ctx) => {
        const p = form.personal ?? {};
        const fullName = (parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');
        await createAccount(
          st,
          {
            userId: volunteerId,
            userName: form.user!.userName!,
            name: {
              ar: fullName([p.firstNameAr, p.secondNameAr, p.thirdNameAr, p.lastNameAr]),
              en: fullName([p.firstNameEn, p.lastNameEn]) || fullName([p.firstNameAr, p.lastNameAr]),
            },
            email: form.user!.email!,
            roleId: Role.Volunteer,
            password: { credentialId },
            mustChangePassword: false,
            // A verification link is mailed; until it is followed, sign-in answers EmailVerification (7).
            emailVerified: false,
            // Verified (IdentityVerified with the record) when the identity service confirmed the holder (here or on
            // the user-verification page); not NIC-valid (IdentityNotVerified) when it did not or could not be asked;
            // valid as before where no check applies (a client without verification, a resident's id).
            nicValid: !unverified,
            registrationComplete: false,
            ...(identity ? { identity } : {}),
            ...(unverified ? { unverified } : {}),
          },
          ctx,
        );
        return { did: true };
      },
    },
    formStep<RegisterInput>(),
  ],
  result: (_input, out) => saved(out),
};

const parsed = (r: SaveOutput): SaveResult => ({ ...r, position: parsePosition(r.position) });

/**
 * A visitor registers (see registerProcess). A retry with the same command id repeats nothing. Where the client
 * verifies identities and the id is a national one, the identity service (`askIdentity`, commands/identity/ask.ts;
 * absent: it cannot be asked) is asked
 * before anything is written: a record for the id and birth date makes the account NIC-valid; any other answer still
 * accepts the registration, not NIC-valid (sign-in answers InvalidNIC and leads to the user-verification page).
 */
export async function registerVolunteer(
  eventStore: EventStore,
  client: ClientConfig,
  input: { form: RegistrationForm; submit: boolean },
  ctx: CommandContext,
  employees?: EmployeeDirectory,
  identity?: VerifiedIdentity,
  askIdentity?: AskIdentity,
): Promise<SaveResult> {
  const form = validateOrThrow(input.form, input.submit, client, ctx.now, await lookupsOf(eventStore));
  if (identity && identity.record.nationalId !== form.identity?.idNumber?.trim())
    throw new DomainError('InvalidIdNo', { field: 'identity.idNumber' });
  if (input.submit) await checkEmployeeCode(form, client, employees);
  // After the user-verification page the record is known; otherwise this registration asks.
  const question = identity ? null : identityQuestion(form, client);
  const checked = question && identityOutcome(question, askIdentity ? await askIdentity(question) : 'Unavailable');
  const verified: VerifiedIdentity | undefined =
    identity ?? (checked?.kind === 'verified' ? { record: checked.record, link: null } : undefined);
  const unverified = checked?.kind === 'unverified' ? { ...checked.question, reason: checked.reason } : undefined;
  const volunteerId = deterministicEventId(ctx.commandId, 'volunteer', 0);
  const ownCtx = { ...ctx, actorId: ctx.actorId ?? volunteerId, actorRole: ctx.actorRole ?? Role.Volunteer };
  // A retry of the command stores a spare credential; the account keeps the one its log names (createAccount).
  const credentialId = await credentialVault(eventStore).put(volunteerId, await hashPassword(form.user!.password!));
  try {
    return parsed(
      await runProcess(
        eventStore,
        registerProcess,
        {
          volunteerId,
          form: withPlaceholder(form),
          submit: input.submit,
          clientCode: client.code,
          credentialId,
          ...(verified ? { identity: verified } : {}),
          ...(unverified ? { unverified } : {}),
        },
        ownCtx,
      ),
    );
  } catch (e) {
    // A refused registration leaves no hash behind; anything else may still be resumed, with this credential.
    if (e instanceof DomainError && e.code !== 'ConcurrencyConflict')
      await credentialVault(eventStore).drop(credentialId);
    throw e;
  }
}

interface UpdateInput extends FormInput {
  /** Values new to this volunteer (claimed first) and the ones they replace (given back after the save). */
  claims: [UniqueKind, string][];
  releases: [UniqueKind, string][];
  /** A changed national id or birth date: the identity service's answer for the new ones (asked before the process). */
  revisedIdentity?: Extract<AccountCommand, { type: 'ReviseIdentity' }>['outcome'];
}

/** The signed-in volunteer edits (draft or edit state): claims changed unique values, saves, releases the old ones. */
export const updateProcess: Workflow<UpdateInput, unknown, SaveOutput> = {
  kind: 'registration.update',
  load: async () => null,
  // Decide first, then act: a refused update (its status does not allow it, a value taken) writes nothing.
  check: (store, input, _l, ctx) => assertRegistrable(store, input, input.claims, ctx),
  steps: [
    claimStep('email', (i: UpdateInput) => valueIn(i.claims, 'email')),
    claimStep('mobile', (i: UpdateInput) => valueIn(i.claims, 'mobile')),
    claimStep('idNumber', (i: UpdateInput) => valueIn(i.claims, 'idNumber')),
    formStep<UpdateInput>(),
    {
      name: 'identity',
      run: async (st, input, _l, ctx) => {
        if (!input.revisedIdentity) return { did: false };
        await handleCommand(
          st,
          accountStream(input.volunteerId),
          accountDecider,
          { type: 'ReviseIdentity', outcome: input.revisedIdentity },
          ctx,
        );
        return { did: true };
      },
    },
    {
      name: 'release',
      run: async (st, input, _l, ctx) => {
        let last: Position | null = null;
        for (const [kind, value] of input.releases)
          last = (await release(st, kind, value, input.volunteerId, ctx)) ?? last;
        return last ? { did: true, position: formatPosition(last) } : { did: input.releases.length > 0 };
      },
    },
  ],
  // The answer names the last write, the values given back after the form included.
  result: (_input, out) => ({ ...saved(out), position: lastWrittenPosition(out) }),
};

/**
 * The identity outcome of an edit that changes the national id or the birth date (where a check applies), or
 * undefined when the edit changes neither (the account keeps its verification).
 */
async function reviseIdentity(
  previous: RegistrationForm,
  form: RegistrationForm,
  client: ClientConfig,
  askIdentity: AskIdentity | undefined,
): Promise<UpdateInput['revisedIdentity']> {
  const question = identityQuestion(form, client);
  const before = identityQuestion(previous, client);
  if (!question || (before?.nationalId === question.nationalId && before.birthDate === question.birthDate))
    return undefined;
  const o = identityOutcome(question, askIdentity ? await askIdentity(question) : 'Unavailable');
  if (o.kind === 'verified') return { kind: 'verified', record: o.record };
  if (o.kind === 'unverified') return { kind: 'unverified', ...o.question, reason: o.reason };
  return undefined;
}

export async function updateRegistration(
  eventStore: EventStore,
  client: ClientConfig,
  volunteerId: string,
  previous: RegistrationForm,
  input: { form: RegistrationForm; submit: boolean },
  ctx: CommandContext,
  employees?: EmployeeDirectory,
  askIdentity?: AskIdentity,
): Promise<SaveResult> {
  const incoming = { ...input.form }; // only its user section is replaced below
  // Editing never touches the account's password (that is POST /api/session/change-password) nor its user name:
  // the rules still run over the rest of the user section.
  incoming.user = {
    ...incoming.user,
    userName: previous.user?.userName ?? incoming.user?.userName,
    password: PASSWORD_PLACEHOLDER,
    confirmPassword: PASSWORD_PLACEHOLDER,
  };
  const form = validateOrThrow(incoming, input.submit, client, ctx.now, await lookupsOf(eventStore));
  if (input.submit) await checkEmployeeCode(form, client, employees);
  const before = new Map(uniqueValues(previous));
  const claims = uniqueValues(form).filter(([kind, value]) => before.get(kind) !== value);
  const releases = claims.flatMap(([kind]): [UniqueKind, string][] =>
    before.has(kind) ? [[kind, before.get(kind)!]] : [],
  );
  // A changed national id or birth date is asked about like a registration's, before anything is written.
  const revisedIdentity = await reviseIdentity(previous, form, client, askIdentity);
  return parsed(
    await runProcess(
      eventStore,
      updateProcess,
      {
        volunteerId,
        form,
        submit: input.submit,
        clientCode: client.code,
        claims,
        releases,
        ...(revisedIdentity ? { revisedIdentity } : {}),
      },
      ctx,
    ),
  );
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
