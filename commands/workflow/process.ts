import { randomUUID } from 'node:crypto';
import type { ClientCode } from '../../domain/shared/clients.ts';
import { DomainError, type ErrorCode } from '../../domain/shared/errors.ts';
import type { RoleId } from '../../domain/shared/roles.ts';
import { type EventTypes, eventTypes } from '../../domain/shared/upcast.ts';
import { decode, encode } from '../event-store/decode.ts';
import {
  comparePositions,
  type EventStore,
  formatPosition,
  parsePosition,
  WrongExpectedRevisionError,
} from '../event-store/port.ts';
import { type CommandContext, metadataOf } from '../handle.ts';

/**
 * A command across several streams, made durable: its own stream `process-<commandId>` records that it started (kind,
 * input, the caller's context), whether it turned to compensating (which step refused, with what, and what the steps
 * before it had done), and how it ended. Each step is an append to its target stream under the command id
 * `<commandId>:<step>`, so running a step again (a retried request, a resume after a crash) appends nothing twice;
 * a step's success is therefore recorded on its target stream, and the process stream holds only what a re-run could
 * not find again. A process left unfinished (its runner crashed) is resumed by the reactor (workers/process-reactions.ts):
 * forward to completion, or, once it turned to compensating, through the undo of every step done.
 */
export const processStream = (commandId: string) => `process-${commandId}`;

/** What a step hands on (recorded when compensating, so it must be JSON). */
export type StepOutput = Record<string, unknown>;

/**
 * The last position any step of a run wrote (the steps' outputs' `position`): a command's answer names it, so that
 * reading after it sees every event the command appended (an e-mail given back after the account's change too).
 */
export function lastWrittenPosition(out: Record<string, StepOutput>): string {
  const written = Object.values(out)
    .map((o) => o?.position)
    .filter((p): p is string => typeof p === 'string')
    .map(parsePosition);
  if (!written.length) throw new Error('no step wrote a position');
  return formatPosition(written.reduce((a, b) => (comparePositions(a, b) >= 0 ? a : b)));
}

export interface Step<I, L> {
  name: string;
  /** done: the outputs of the steps before it, in this run. */
  run(
    store: EventStore,
    input: I,
    loaded: L,
    ctx: CommandContext,
    done: Record<string, StepOutput>,
  ): Promise<StepOutput>;
  /** Undoes what run did, from what run said it did; idempotent like run (its own command id). */
  undo?(store: EventStore, input: I, output: StepOutput, ctx: CommandContext): Promise<void>;
}

export interface Workflow<I, L, R> {
  kind: string;
  /** Reads what the steps decide from (in parallel, one round trip when the reads coalesce). */
  load(store: EventStore, input: I, ctx: CommandContext): Promise<L>;
  /**
   * The refusals known before anything is written (decide first, then act): run only when the process starts, so a
   * refused command writes nothing. A resume skips it (its earlier run passed it, and its own steps changed the streams).
   */
  check?(store: EventStore, input: I, loaded: L, ctx: CommandContext): void | Promise<void>;
  steps: readonly Step<I, L>[];
  /** The answer (JSON), from the steps' outputs. */
  result(input: I, outputs: Record<string, StepOutput>): R;
}

/** The caller's context, kept with the process so that a resume appends under the same actor, request and clock. */
interface RecordedContext {
  actorId: string | null;
  actorRole: RoleId | null;
  correlationId: string;
  causationId: string | null;
  clientCode: ClientCode;
  now: string;
}

export type ProcessEvent =
  | { type: 'ProcessStarted'; data: { kind: string; input: unknown; context: RecordedContext } }
  | {
      type: 'ProcessCompensating';
      data: { step: string; code: string; details: unknown; outputs: Record<string, StepOutput> };
    }
  | { type: 'ProcessCompleted'; data: { result: unknown } }
  | { type: 'ProcessFailed'; data: { code: string; details: unknown } };

export const processEvents: EventTypes<ProcessEvent> = eventTypes<ProcessEvent>({
  ProcessStarted: true,
  ProcessCompensating: true,
  ProcessCompleted: true,
  ProcessFailed: true,
});
export const PROCESS_EVENT_TYPES = processEvents.types;

export interface ProcessState {
  started: Extract<ProcessEvent, { type: 'ProcessStarted' }>['data'] | null;
  compensating: Extract<ProcessEvent, { type: 'ProcessCompensating' }>['data'] | null;
  completed: { result: unknown } | null;
  failed: { code: string; details: unknown } | null;
  revision: bigint | null;
}

const initial = (): ProcessState => ({
  started: null,
  compensating: null,
  completed: null,
  failed: null,
  revision: null,
});

export function evolveProcess(s: ProcessState, e: ProcessEvent, revision: bigint): ProcessState {
  switch (e.type) {
    case 'ProcessStarted':
      return { ...s, started: e.data, revision };
    case 'ProcessCompensating':
      return { ...s, compensating: e.data, revision };
    case 'ProcessCompleted':
      return { ...s, completed: e.data, revision };
    case 'ProcessFailed':
      return { ...s, failed: e.data, revision };
  }
}

export async function loadProcess(store: EventStore, commandId: string): Promise<ProcessState> {
  let s = initial();
  for await (const stored of store.readStream(processStream(commandId))) {
    const e = decode(processEvents, stored);
    if (e) s = evolveProcess(s, e, stored.revision);
  }
  return s;
}

export const isFinished = (s: ProcessState) => s.completed !== null || s.failed !== null;

function contextOf(started: ProcessState['started'], commandId: string): CommandContext {
  const c = started!.context;
  return { ...c, now: new Date(c.now), commandId };
}

const stepCtx = (ctx: CommandContext, name: string, undo = false): CommandContext => ({
  ...ctx,
  commandId: `${ctx.commandId}:${name}${undo ? '-undo' : ''}`,
});

/** The recorded outcome of a finished process: its result, or its refusal thrown again. */
function outcome<R>(s: ProcessState): R {
  if (s.failed) throw new DomainError(s.failed.code as ErrorCode, (s.failed.details ?? undefined) as never);
  return s.completed!.result as R;
}

/**
 * Appends one process event at the revision the process is known at. False when someone else (a concurrent run of
 * the same command: a retried request, the reactor) moved the process first: the caller reads it again.
 */
async function record(store: EventStore, ctx: CommandContext, s: ProcessState, e: ProcessEvent): Promise<boolean> {
  const stream = processStream(ctx.commandId);
  // A fresh id, never one derived from the command: the store answers an append of stored ids as a retry that
  // succeeded, which would hide that another run of this command recorded first.
  const event = encode(randomUUID(), e, metadataOf(ctx));
  try {
    const r = await store.append(stream, [event], { expectedRevision: s.revision ?? 'no_stream' });
    Object.assign(s, evolveProcess(s, e, r.nextRevision));
    return true;
  } catch (err) {
    if (err instanceof WrongExpectedRevisionError) return false;
    throw err;
  }
}

/**
 * Runs a command as a process: a finished process with this command id answers its recorded outcome; an unfinished
 * one is resumed; otherwise the refusals known up front are checked (nothing written on a refusal), the start is
 * recorded, and the steps run in order. A step that refuses turns the process to compensating: the steps done are
 * undone in reverse and the refusal is recorded and thrown. Any other error (the database gone) leaves the process
 * unfinished for the reactor to resume.
 */
export async function runProcess<I, L, R>(
  store: EventStore,
  wf: Workflow<I, L, R>,
  input: I,
  ctx: CommandContext,
  /** What the caller has already read for load(), so it is not read twice. */
  preloaded?: L,
): Promise<R> {
  const loaded = preloaded ?? (await wf.load(store, input, ctx));
  try {
    await wf.check?.(store, input, loaded, ctx);
  } catch (e) {
    // A retried request finds the streams changed by its own first run: it answers that run's outcome instead.
    const existing = e instanceof DomainError ? await loadProcess(store, ctx.commandId) : null;
    if (!existing?.started) throw e;
    if (existing.started.kind !== wf.kind) throw new DomainError('IdempotencyKeyReused');
    return resumeWith(store, wf, existing, ctx.commandId);
  }
  const s = initial();
  const started: ProcessEvent = {
    type: 'ProcessStarted',
    data: {
      kind: wf.kind,
      input,
      context: {
        actorId: ctx.actorId,
        actorRole: ctx.actorRole,
        correlationId: ctx.correlationId,
        causationId: ctx.causationId ?? null,
        clientCode: ctx.clientCode,
        now: ctx.now.toISOString(),
      },
    },
  };
  if (!(await record(store, ctx, s, started))) {
    // This command id has a process already (a retried request): its outcome, or the rest of it.
    const existing = await loadProcess(store, ctx.commandId);
    if (existing.started?.kind !== wf.kind) throw new DomainError('IdempotencyKeyReused');
    return resumeWith(store, wf, existing, ctx.commandId);
  }
  return drive(store, wf, s, input, loaded, ctx);
}

/** Resumes a process from its stream (the reactor; a retried request): finished ones just answer their outcome. */
export async function resumeWith<I, L, R>(
  store: EventStore,
  wf: Workflow<I, L, R>,
  s: ProcessState,
  commandId: string,
): Promise<R> {
  if (isFinished(s)) return outcome(s);
  const ctx = contextOf(s.started, commandId);
  const input = s.started!.input as I;
  return drive(store, wf, s, input, await wf.load(store, input, ctx), ctx);
}

async function drive<I, L, R>(
  store: EventStore,
  wf: Workflow<I, L, R>,
  s: ProcessState,
  input: I,
  loaded: L,
  ctx: CommandContext,
): Promise<R> {
  const outputs: Record<string, StepOutput> = {};
  if (!s.compensating) {
    for (const step of wf.steps) {
      try {
        outputs[step.name] = await step.run(store, input, loaded, stepCtx(ctx, step.name), outputs);
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
        const turn: ProcessEvent = {
          type: 'ProcessCompensating',
          data: { step: step.name, code: e.code, details: e.details ?? null, outputs },
        };
        if (!(await record(store, ctx, s, turn)))
          return resumeWith(store, wf, await loadProcess(store, ctx.commandId), ctx.commandId);
        break;
      }
    }
  }
  if (s.compensating) {
    const done = s.compensating.outputs;
    for (const step of [...wf.steps].reverse()) {
      const output = done[step.name];
      if (output && step.undo) await step.undo(store, input, output, stepCtx(ctx, step.name, true));
    }
    const { code, details } = s.compensating;
    if (!(await record(store, ctx, s, { type: 'ProcessFailed', data: { code, details } })))
      return resumeWith(store, wf, await loadProcess(store, ctx.commandId), ctx.commandId);
    return outcome(s);
  }
  const result = wf.result(input, outputs);
  if (!(await record(store, ctx, s, { type: 'ProcessCompleted', data: { result } })))
    return resumeWith(store, wf, await loadProcess(store, ctx.commandId), ctx.commandId);
  return result;
}
