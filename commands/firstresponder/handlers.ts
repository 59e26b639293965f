import {
  type EmployeeCheck,
  type FirstResponderCommand,
  firstResponderDecider,
} from '../../domain/firstresponder/decide.ts';
import { firstResponderStream } from '../../domain/firstresponder/events.ts';
import { type FirstResponderInput, firstResponderIssues } from '../../domain/firstresponder/rules.ts';
import { registrationDecider } from '../../domain/registration/decide.ts';
import { registrationStream } from '../../domain/registration/events.ts';
import type { ClientConfig } from '../../domain/shared/clients.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import type { EventStore, Position } from '../event-store/port.ts';
import { type CommandContext, handleCommand, loadFolded } from '../handle.ts';
import { type EmployeeDirectory, EmployeeDirectoryUnavailableError } from '../registration/employee-directory.ts';

export interface FirstResponderDeps {
  store: EventStore;
  client: ClientConfig;
  /** The client's HR system (spec: ValidateEmployeeCode), asked for the red-crescent client's employee code. */
  employees: EmployeeDirectory;
}

/**
 * The employee check the decider needs, asked only when the client wants a code and the form is otherwise complete
 * (an incomplete form is refused without asking anyone). The id number compared is the one on the volunteer's
 * registration.
 */
async function employeeCheck(
  deps: FirstResponderDeps,
  volunteerId: string,
  input: FirstResponderInput,
  now: Date,
): Promise<EmployeeCheck> {
  const required = deps.client.firstResponderEmployeeCode;
  const first = firstResponderIssues(input, now, required)[0];
  if (first) throw new DomainError(first.code, { field: first.field });
  if (!required) return { required, nationalIdOnFile: null, idNumber: null };
  let nationalIdOnFile: string | null;
  try {
    nationalIdOnFile = await deps.employees.nationalIdOf(deps.client.code, input.employeeCode!.trim());
  } catch (e) {
    if (e instanceof EmployeeDirectoryUnavailableError) throw new DomainError('EmployeeDirectoryUnavailable');
    throw e;
  }
  const registration = await loadFolded(deps.store, registrationStream(volunteerId), registrationDecider);
  return { required, nationalIdOnFile, idNumber: registration.state.form.identity?.idNumber ?? null };
}

async function run(store: EventStore, volunteerId: string, command: FirstResponderCommand, ctx: CommandContext) {
  return (await handleCommand(store, firstResponderStream(volunteerId), firstResponderDecider, command, ctx)).position;
}

/** The volunteer's request (spec: requestResponder), or its update (updateRequestResponder). */
export async function sendFirstResponderRequest(
  deps: FirstResponderDeps,
  volunteerId: string,
  input: FirstResponderInput,
  mode: 'request' | 'update',
  ctx: CommandContext,
): Promise<Position> {
  const employee = await employeeCheck(deps, volunteerId, input, ctx.now);
  const type = mode === 'request' ? 'RequestFirstResponder' : 'UpdateFirstResponderRequest';
  return run(deps.store, volunteerId, { type, input, employee }, ctx);
}

/** The responder admin's decisions on one volunteer's request. */
export type FirstResponderDecision =
  | { type: 'approve' }
  | { type: 'reject'; reason?: string | null }
  | { type: 'undoRejection' };

export function decideFirstResponder(
  store: EventStore,
  volunteerId: string,
  decision: FirstResponderDecision,
  ctx: CommandContext,
): Promise<Position> {
  const by = ctx.actorId;
  const command: FirstResponderCommand =
    decision.type === 'approve'
      ? { type: 'ApproveFirstResponder', by }
      : decision.type === 'reject'
        ? { type: 'RejectFirstResponder', by, reason: decision.reason ?? null }
        : { type: 'UndoFirstResponderRejection' };
  return run(store, volunteerId, command, ctx);
}
