import { lookupDecider } from '../../domain/lookups/decide.ts';
import { groupKindOf, type LookupKind, lookupKinds, lookupStream, parentKindOf } from '../../domain/lookups/kinds.ts';
import { LOOKUP_SEED, type SeedItem } from '../../domain/lookups/seed.ts';
import { LookupSnapshot } from '../../domain/lookups/snapshot.ts';
import type { ClientCode } from '../../domain/shared/clients.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { comparePositions, type EventStore, type Position, START } from '../event-store/port.ts';
import { type CommandContext, handleCommand, loadFolded } from '../handle.ts';

/**
 * The seed master data, appended through the lookup commands on start: the seed items a kind's stream lacks (all of
 * them on a fresh portal), one append per kind. Returns how many items it added. Parent kinds come first in
 * LOOKUP_SEED, so a child finds its parent. Also returns the position of the last lookup event of the seeded kinds,
 * which a process's lookup cache waits for before its first answer.
 */
export async function seedLookups(
  store: EventStore,
  clientCode: ClientCode,
): Promise<{ added: number; position: Position }> {
  let added = 0;
  let position = START;
  const seen = (p: Position) => {
    if (comparePositions(p, position) > 0) position = p;
  };
  for (const [kind, seed] of Object.entries(LOOKUP_SEED) as [LookupKind, readonly SeedItem[]][]) {
    for (let attempt = 1; ; attempt++) {
      try {
        const r = await seedKind(store, clientCode, kind, seed);
        added += r.added;
        seen(r.position);
        break;
      } catch (e) {
        // Another process seeding a partly seeded kind at the same time added some first: look again.
        if (!(e instanceof DomainError && e.code === 'LookupAlreadyExists') || attempt >= 3) throw e;
      }
    }
  }
  return { added, position };
}

async function seedKind(
  store: EventStore,
  clientCode: ClientCode,
  kind: LookupKind,
  seed: readonly SeedItem[],
): Promise<{ added: number; position: Position }> {
  const folded = await loadFolded(store, lookupStream(kind), lookupDecider);
  const missing = seed.filter((i) => !folded.state.items[i.id]);
  if (missing.length === 0) return { added: 0, position: folded.lastPosition };
  const parentKind = parentKindOf(kind);
  const parents = parentKind ? (await loadFolded(store, lookupStream(parentKind), lookupDecider)).state.items : {};
  const groupKind = groupKindOf(kind);
  const groups = groupKind ? (await loadFolded(store, lookupStream(groupKind), lookupDecider)).state.items : {};
  const items = missing.map((i) => {
    const parent = i.parentId === undefined ? undefined : parents[i.parentId];
    const group = i.groupId === undefined ? undefined : groups[i.groupId];
    return { ...i, parent: parent ? { active: parent.active } : null, group: group ? { active: group.active } : null };
  });
  const ctx: CommandContext = {
    actorId: null,
    actorRole: null,
    correlationId: 'lookup-seed',
    causationId: null,
    clientCode,
    // Fixed by what is added: two processes seeding the same items at once append them once.
    commandId: `lookup-seed-${kind}-${missing.map((i) => i.id).join('.')}`,
    now: new Date(),
  };
  const r = await handleCommand(store, lookupStream(kind), lookupDecider, { type: 'AddLookupItems', kind, items }, ctx);
  return { added: r.duplicate ? 0 : r.events.length, position: r.position };
}

/** The master data as the streams hold it now (no projection lag): for start-up steps that run before the workers. */
export async function lookupsFromStreams(store: EventStore): Promise<LookupSnapshot> {
  const rows: ConstructorParameters<typeof LookupSnapshot>[0] = {};
  for (const kind of lookupKinds) {
    const items = Object.values((await loadFolded(store, lookupStream(kind), lookupDecider)).state.items);
    if (items.length) rows[kind] = items;
  }
  return new LookupSnapshot(rows);
}
