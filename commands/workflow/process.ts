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
import { type CommandContext, metadataOf, type Outbox } from '../handle.ts';

/**
 * A command across several streams, made durable: its own stream `process-<commandId>` records that it started (kind,
 * input, the caller's context), whether it turned to compensating (which step refused, with what, and what the steps
 * before it had done), and how it ended. Each step is an append to its target stream under the command id
 * `<commandId>:<step>`, so running a step again (a retried request, a resume after a crash) appends nothing twice;
 * a step's success is therefore recorded on its target stream, and the process stream holds only what a re-run could
 * not find again. A process left unfinished (its runner crashed) is resumed by the reactor (workers/process-reactions.ts):
 * forward to completion, or, once it turned to compensating, through the undo of every step done.
 *
 * An inline workflow (`inline`) writes no stream of its own unless it compensates: its `ProcessStarted` goes out with
 * the first step's append that writes anything, its `ProcessCompleted` with the last step's append (an outbox, see
 * CommandContext.outbox), so a process that completes costs no append besides its steps'. The start is still durable
 * before any step's effect (it is in the same append as the first effect), and the end is durable exactly when the
 * last step is.
 */
export const processStream = (commandId: string) => `process-${commandId}`;

/** The process a step's command id belongs to (`<commandId>:<step>`, see stepCtx). */
export const processIdOfStep = (stepCommandId: string) => stepCommandId.slice(0, stepCommandId.lastIndexOf(':'));

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
  /**
   * The start and the end travel in the steps' own appends (see above). Only for a workflow whose answer is the
   * position its last step wrote (formatPosition: the end is recorded by where it is, not by what it says), and whose
   * steps make one append each with the context they are given. A resend is answered from the record: refused by
   * `check`, or its first writing step finding the start appended by an earlier run. `streams`: every stream its
   * steps append to, where loadProcessOf looks for the start and the end.
   */
  inline?: { streams(input: I): readonly string[] };
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

/**
 * The process as its stream records it; with `inline`, the streams of its steps too (an inline process's start and
 * end are there, appended by its steps under `<commandId>:<step>`; its end's answer is the position it was written at).
 */
export async function loadProcess(
  store: EventStore,
  commandId: string,
  inline: readonly string[] = [],
): Promise<ProcessState> {
  let s = initial();
  for (const stream of inline)
    for await (const stored of store.readStream(stream)) {
      const step = stored.metadata.commandId;
      if (!step || processIdOfStep(step) !== commandId) continue;
      const e = decode(processEvents, stored);
      if (e?.type === 'ProcessStarted') s = { ...s, started: e.data };
      else if (e?.type === 'ProcessCompleted') s = { ...s, completed: { result: formatPosition(stored.position) } };
    }
  for await (const stored of store.readStream(processStream(commandId))) {
    const e = decode(processEvents, stored);
    if (e) s = evolveProcess(s, e, stored.revision);
  }
  return s;
}

/** The process of this workflow and command, wherever it is recorded (its stream, its steps' streams when inline). */
export const loadProcessOf = <I, L, R>(store: EventStore, wf: Workflow<I, L, R>, input: I, commandId: string) =>
  loadProcess(store, commandId, wf.inline?.streams(input) ?? []);

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
    const existing = e instanceof DomainError ? await loadProcessOf(store, wf, input, ctx.commandId) : null;
    if (!existing || (!existing.started && !isFinished(existing))) throw e;
    if (existing.started && existing.started.kind !== wf.kind) throw new DomainError('IdempotencyKeyReused');
    return resumeWith(store, wf, existing, ctx.commandId);
  }
  const s = initial();
  const started: Extract<ProcessEvent, { type: 'ProcessStarted' }> = {
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
  // Inline: the start goes out with the first step that writes (drive).
  if (wf.inline) return drive(store, wf, s, input, loaded, ctx, started);
  if (!(await record(store, ctx, s, started))) {
    // This command id has a process already (a retried request): its outcome, or the rest of it.
    const existing = await loadProcessOf(store, wf, input, ctx.commandId);
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
  /** Inline, not yet written: it goes out with the first step's append that writes anything. */
  start?: ProcessEvent,
): Promise<R> {
  const outputs: Record<string, StepOutput> = {};
  // A process whose start is in its own stream (begun before its workflow became inline) ends there too.
  const inline = !!wf.inline && s.revision === null;
  let ended = false;
  if (!s.compensating) {
    for (const [i, step] of wf.steps.entries()) {
      const last = i === wf.steps.length - 1;
      const out: ProcessEvent[] = [
        ...(start ? [start] : []),
        ...(inline && last ? [{ type: 'ProcessCompleted' as const, data: { result: null } }] : []),
      ];
      const outbox: Outbox | undefined = out.length ? { events: out, written: false } : undefined;
      try {
        outputs[step.name] = await step.run(store, input, loaded, { ...stepCtx(ctx, step.name), outbox }, outputs);
        // A resend (or a concurrent run) of an inline process: the run that started it recorded what came next.
        if (start && outbox?.earlier) {
          const earlier = await loadProcessOf(store, wf, input, ctx.commandId);
          if (earlier.started || isFinished(earlier)) return resumeWith(store, wf, earlier, ctx.commandId);
        }
        if (outbox?.written) {
          start = undefined;
          ended = last && inline;
        }
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
        // Inline and nothing written yet (its start never went out): nothing to undo, nothing to record.
        if (start) throw e;
        const turn: ProcessEvent = {
          type: 'ProcessCompensating',
          data: { step: step.name, code: e.code, details: e.details ?? null, outputs },
        };
        if (!(await record(store, ctx, s, turn)))
          return resumeWith(store, wf, await loadProcessOf(store, wf, input, ctx.commandId), ctx.commandId);
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
      return resumeWith(store, wf, await loadProcessOf(store, wf, input, ctx.commandId), ctx.commandId);
    return outcome(s);
  }
  const result = wf.result(input, outputs);
  // Inline: its end went out with the last step's append (else, that step writing nothing, it is recorded here).
  if (ended) return result;
  if (!(await record(store, ctx, s, { type: 'ProcessCompleted', data: { result } })))
    return resumeWith(store, wf, await loadProcessOf(store, wf, input, ctx.commandId), ctx.commandId);
  return result;
}
