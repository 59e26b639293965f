import { type AccountCommand, accountDecider } from '../../domain/account/decide.ts';
import { accountStream } from '../../domain/account/events.ts';
import { isPasswordValid, passwordProblems } from '../../domain/account/password.ts';
import type { StaffAreas, StaffProfile } from '../../domain/account/staff.ts';
import { opportunityDecider, opportunityStream } from '../../domain/opportunity/decide.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { credentialVault } from '../account/credentials.ts';
import { releaseUserName, reserveUserName, userIdForName } from '../account/handlers.ts';
import { hashPassword } from '../account/password-hash.ts';
import { type EventStore, formatPosition, type Position, parsePosition } from '../event-store/port.ts';
import { type CommandContext, deterministicEventId, handleCommand, loadFolded } from '../handle.ts';
import { lookupsFromStreams } from '../lookups/seed.ts';
import { assertAvailable, claim, release } from '../registration/uniqueness.ts';
import { lastWrittenPosition, runProcess, type Step, type StepOutput, type Workflow } from '../workflow/process.ts';

/**
 * Administering staff accounts (issue 9). Each command touches several streams — the e-mail's and the user name's
 * uniqueness streams, the account, the events a department change moves — so each is a durable process
 * (commands/workflow/process.ts): refusals are decided before anything is written, a crash resumes or compensates.
 * The department and areas are checked against the lookup streams themselves (folds cached per process), not the
 * read model: these commands also run before any projection exists (the demo data's staff areas).
 */

export interface NewStaffAccount extends StaffProfile, StaffAreas {
  userName: string;
  password: string;
  departmentId: number | null;
}

interface CreateInput extends Omit<NewStaffAccount, 'password'> {
  userId: string;
  /** The password's hash, stored before the start: the process (kept in the log) names only its id. */
  credentialId: string;
}

/** A step's output: the position of what it appended (JSON, as the process records outputs). */
const done = (p: Position): StepOutput => ({ position: formatPosition(p) });
const positionIn = (out: Record<string, StepOutput>, step: string): string => String(out[step]?.position);

/** Runs an account command on the user's stream: the steps' one way to change an account. */
async function onAccount(store: EventStore, userId: string, command: AccountCommand, ctx: CommandContext) {
  return handleCommand(store, accountStream(userId), accountDecider, command, ctx);
}

/** Claims the e-mail for the user (undo: gives it back); nothing when the e-mail is not to change. */
function claimEmail<I extends { userId: string }>(pick: (input: I) => string | null): Step<I, unknown> {
  return {
    name: 'claim-email',
    run: async (store, input, _l, ctx) => {
      const email = pick(input);
      if (email === null) return { did: false };
      await claim(store, 'email', email, input.userId, ctx);
      return { did: true };
    },
    undo: async (store, input, out, ctx) => {
      const email = pick(input);
      if (out.did && email !== null) await release(store, 'email', email, input.userId, ctx);
    },
  };
}

async function createCommand(store: EventStore, input: CreateInput, password?: string): Promise<AccountCommand> {
  return {
    type: 'CreateStaffAccount',
    ...input,
    ...(password ? { password } : {}),
    lookups: await lookupsFromStreams(store),
  };
}

/** Creates a staff account: claim the e-mail, reserve the user name, then the account and its authorised areas. */
export const createStaffProcess: Workflow<CreateInput, unknown, { userId: string; position: string }> = {
  kind: 'users.create-staff',
  load: async () => null,
  check: async (store, input, _l, ctx) => {
    const [owner, account] = await Promise.all([
      userIdForName(store, input.userName),
      loadFolded(store, accountStream(input.userId), accountDecider),
      assertAvailable(store, [['email', input.email]], input.userId),
    ]);
    if (owner !== null && owner !== input.userId) throw new DomainError('UserNameAlreadyExists');
    accountDecider.decide(await createCommand(store, input), account.state, ctx.now);
  },
  steps: [
    claimEmail((i: CreateInput) => i.email),
    {
      name: 'username',
      run: async (store, input, _l, ctx) => {
        await reserveUserName(store, input.userName, input.userId, ctx);
        return { did: true };
      },
      undo: async (store, input, out, ctx) => {
        if (out.did) await releaseUserName(store, input.userName, input.userId, ctx);
      },
    },
    {
      name: 'account',
      run: async (store, input, _l, ctx) =>
        done((await onAccount(store, input.userId, await createCommand(store, input), ctx)).position),
    },
  ],
  result: (input, out) => ({ userId: input.userId, position: positionIn(out, 'account') }),
};

/**
 * An administrator creates a staff account (roles 2–6). The password is checked by the policy and hashed before the
 * process starts; a refused creation leaves no hash behind. A retry with the same command id creates nothing twice.
 */
export async function createStaffAccount(
  store: EventStore,
  input: NewStaffAccount,
  ctx: CommandContext,
): Promise<{ userId: string; position: Position }> {
  if (!isPasswordValid(input.password))
    throw new DomainError('WeakPassword', { problems: passwordProblems(input.password) });
  const { password, ...rest } = input;
  const userId = deterministicEventId(ctx.commandId, 'staff-account', 0);
  const vault = credentialVault(store);
  const credentialId = await vault.put(userId, await hashPassword(password));
  try {
    const r = await runProcess(
      store,
      createStaffProcess,
      { ...rest, userName: rest.userName.trim(), userId, credentialId },
      ctx,
    );
    // A retried request stored a spare credential: keep the one the account's log names.
    const account = await loadFolded(store, accountStream(userId), accountDecider);
    if (account.state.credentialId) await vault.keepOnly(userId, account.state.credentialId);
    return { userId: r.userId, position: parsePosition(r.position) };
  } catch (e) {
    if (e instanceof DomainError && e.code !== 'ConcurrencyConflict') await vault.drop(credentialId);
    throw e;
  }
}

interface EditInput extends StaffProfile {
  userId: string;
  /** The e-mail the account had, when the edit changes it (given back after the edit); null otherwise. */
  previousEmail: string | null;
}

const editCommand = (input: EditInput): AccountCommand => ({
  type: 'EditUser',
  name: input.name,
  email: input.email,
  mobile: input.mobile,
  roleId: input.roleId,
});

/** Edits a staff account: claim a changed e-mail, edit the account, give the old e-mail back. */
export const editUserProcess: Workflow<EditInput, unknown, { position: string }> = {
  kind: 'users.edit',
  load: async () => null,
  check: async (store, input, _l, ctx) => {
    const [account] = await Promise.all([
      loadFolded(store, accountStream(input.userId), accountDecider),
      input.previousEmail === null ? null : assertAvailable(store, [['email', input.email]], input.userId),
    ]);
    accountDecider.decide(editCommand(input), account.state, ctx.now);
  },
  steps: [
    claimEmail((i: EditInput) => (i.previousEmail === null ? null : i.email)),
    {
      name: 'account',
      run: async (store, input, _l, ctx) =>
        done((await onAccount(store, input.userId, editCommand(input), ctx)).position),
    },
    {
      name: 'release-email',
      run: async (store, input, _l, ctx) => {
        if (input.previousEmail === null) return { did: false };
        const p = await release(store, 'email', input.previousEmail, input.userId, ctx);
        return p ? { did: true, ...done(p) } : { did: true };
      },
    },
  ],
  result: (_input, out) => ({ position: lastWrittenPosition(out) }),
};

export async function editUser(
  store: EventStore,
  userId: string,
  profile: StaffProfile,
  ctx: CommandContext,
): Promise<Position> {
  const account = await loadFolded(store, accountStream(userId), accountDecider);
  const email = profile.email.trim().toLowerCase();
  const previousEmail = account.state.exists && account.state.email !== email ? account.state.email : null;
  const r = await runProcess(store, editUserProcess, { ...profile, email, userId, previousEmail }, ctx);
  return parsePosition(r.position);
}

interface DepartmentInput {
  userId: string;
  departmentId: number;
  /** The events the user owns (created), read when the administrator confirmed: each moves with her. */
  opportunityIds: string[];
}

const departmentCommand = async (store: EventStore, input: DepartmentInput): Promise<AccountCommand> => ({
  type: 'ChangeDepartment',
  departmentId: input.departmentId,
  opportunityIds: input.opportunityIds,
  lookups: await lookupsFromStreams(store),
});

/**
 * A department change: the account records it with the events that move, then each event records its move on its own
 * stream. A step, not a reaction, moves them: the request answers once every event is in its new department (the
 * grid the administrator returns to shows it), and a crash between two events resumes from the process stream.
 */
export const changeDepartmentProcess: Workflow<DepartmentInput, unknown, { position: string }> = {
  kind: 'users.change-department',
  load: async () => null,
  check: async (store, input, _l, ctx) => {
    const account = await loadFolded(store, accountStream(input.userId), accountDecider);
    accountDecider.decide(await departmentCommand(store, input), account.state, ctx.now);
  },
  steps: [
    {
      name: 'account',
      run: async (store, input, _l, ctx) =>
        done((await onAccount(store, input.userId, await departmentCommand(store, input), ctx)).position),
    },
    {
      name: 'events',
      run: async (store, input, _l, ctx, out) => {
        let position = parsePosition(positionIn(out, 'account'));
        for (const id of input.opportunityIds) {
          const command = {
            type: 'MoveToDepartment' as const,
            ownerId: input.userId,
            departmentId: input.departmentId,
          };
          const r = await handleCommand(store, opportunityStream(id), opportunityDecider, command, {
            ...ctx,
            commandId: `${ctx.commandId}:${id}`,
          });
          if (r.events.length) position = r.position;
        }
        return done(position);
      },
    },
  ],
  result: (_input, out) => ({ position: positionIn(out, 'events') }),
};

/**
 * Changes a user's department and moves the events she owns with her. `confirmedEvents` is the number the
 * administrator confirmed (the impact read): when it no longer matches, nothing is written (DepartmentImpactChanged).
 */
export async function changeDepartment(
  store: EventStore,
  input: DepartmentInput & { confirmedEvents: number },
  ctx: CommandContext,
): Promise<Position> {
  const { confirmedEvents, ...rest } = input;
  if (rest.opportunityIds.length !== confirmedEvents)
    throw new DomainError('DepartmentImpactChanged', { events: rest.opportunityIds.length });
  return parsePosition((await runProcess(store, changeDepartmentProcess, rest, ctx)).position);
}
