import { upcastStored } from '../../commands/event-store/decode.ts';
import type { StoredEvent } from '../../commands/event-store/port.ts';
import { namesOf } from '../../projections/account/queries.ts';
import { changesOf } from '../../projections/audit/audit-log.ts';
import type { HistoryEntry } from '../contracts/registration.ts';
import type { ApiDeps } from './deps.ts';

/** The events of a stream as a history tab shows them: when, who (name and role), what action, which fields changed. */
export async function historyOf(
  deps: ApiDeps,
  events: readonly Pick<StoredEvent, 'type' | 'data' | 'metadata'>[],
): Promise<HistoryEntry[]> {
  const names = await namesOf(
    deps.db,
    events.map((e) => e.metadata.actorId).filter((x): x is string => !!x),
  );
  return events.map((e) => {
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
    };
  });
}

export async function readStreamEvents(deps: ApiDeps, stream: string): Promise<StoredEvent[]> {
  const out: StoredEvent[] = [];
  // In the current shape: a history tab shows what the upcasters make of an old event, like every other reader.
  for await (const e of deps.store.readStream(stream)) out.push(upcastStored(e));
  return out;
}
