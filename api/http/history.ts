import { upcastStored } from '../../commands/event-store/decode.ts';
import type { StoredEvent } from '../../commands/event-store/port.ts';
import { processEvents } from '../../commands/workflow/process.ts';
import { type RecordKind, SIGN_IN_EVENTS } from '../../domain/record-kinds.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { namesOf } from '../../projections/account/queries.ts';
import { changesOf, withPrevious } from '../../projections/audit/changes.ts';
import type { HistoryEntry } from '../contracts/registration.ts';
import type { ApiDeps } from './deps.ts';

/**
 * The events of a stream as a history tab shows them, oldest first: when, who (name and role), through which request,
 * what action, and each field from → to (before values from the record's earlier events where the event has none).
 */
export async function historyOf(
  deps: ApiDeps,
  events: readonly Pick<StoredEvent, 'type' | 'data' | 'metadata'>[],
): Promise<HistoryEntry[]> {
  const names = await namesOf(
    deps.db,
    events.map((e) => e.metadata.actorId).filter((x): x is string => !!x),
  );
  return withPrevious(
    events.map((e) => {
      const who = names.get(e.metadata.actorId ?? '');
      return {
        at: e.metadata.occurredAt,
        actor: {
          id: e.metadata.actorId,
          nameAr: who?.nameAr ?? null,
          nameEn: who?.nameEn ?? null,
          roleId: e.metadata.actorRole,
        },
        action: e.type,
        changes: changesOf(e),
        correlationId: e.metadata.correlationId ?? null,
      };
    }),
  );
}

async function readStreamEvents(deps: ApiDeps, stream: string): Promise<StoredEvent[]> {
  const out: StoredEvent[] = [];
  // In the current shape: a history tab shows what the upcasters make of an old event, like every other reader.
  for await (const e of deps.store.readStream(stream)) out.push(upcastStored(e));
  return out;
}

/**
 * The history of one record of any kind: its stream's events, so it is never stale. Sign-ins are left to the users
 * log (they would bury an account's changes), a durable process's start and end in its steps' streams to nobody
 * (bookkeeping: the steps' own events tell what happened); a record with no events is NotFound.
 */
export async function recordHistory(deps: ApiDeps, kind: RecordKind, id: string): Promise<HistoryEntry[]> {
  const events = await readStreamEvents(deps, `${kind}-${id}`);
  if (events.length === 0) throw new DomainError('NotFound');
  return historyOf(
    deps,
    events.filter((e) => !SIGN_IN_EVENTS.has(e.type) && !processEvents.has(e.type)),
  );
}
