import { activeChildrenOf, type LookupCommand, lookupDecider, type ParentState } from '../../domain/lookups/decide.ts';
import {
  childKindsOf,
  type LookupFlags,
  type LookupKind,
  lookupStream,
  parentKindOf,
} from '../../domain/lookups/kinds.ts';
import type { EventStore, Position } from '../event-store/port.ts';
import { type CommandContext, handleCommand, loadFolded } from '../handle.ts';

/**
 * Master-data commands. A rule across kinds (a city's region must be active; a region with active cities stays) reads
 * the other kind's stream here and hands the decider what it found.
 */
async function parentState(
  store: EventStore,
  kind: LookupKind,
  parentId: number | null | undefined,
): Promise<ParentState> {
  const parentKind = parentKindOf(kind);
  if (!parentKind || parentId == null) return null;
  const parent = (await loadFolded(store, lookupStream(parentKind), lookupDecider)).state.items[parentId];
  return parent ? { active: parent.active } : null;
}

async function run(store: EventStore, command: LookupCommand, ctx: CommandContext) {
  const r = await handleCommand(store, lookupStream(command.kind), lookupDecider, command, ctx);
  return { position: r.position, events: r.events };
}

export interface NewLookupItem {
  id?: number;
  nameAr: string;
  nameEn: string;
  parentId?: number | null;
  flags?: LookupFlags;
}

export async function addLookupItem(
  store: EventStore,
  kind: LookupKind,
  item: NewLookupItem,
  ctx: CommandContext,
): Promise<{ id: number; position: Position }> {
  const parent = await parentState(store, kind, item.parentId);
  const r = await run(store, { type: 'AddLookupItem', kind, ...item, parent }, ctx);
  // One LookupItemAdded, or (a retried command) the one it appended before.
  return { id: r.events[0]!.data.id, position: r.position };
}

export async function renameLookupItem(
  store: EventStore,
  kind: LookupKind,
  id: number,
  names: { nameAr: string; nameEn: string },
  ctx: CommandContext,
): Promise<{ position: Position }> {
  return run(store, { type: 'RenameLookupItem', kind, id, ...names }, ctx);
}

export async function deactivateLookupItem(
  store: EventStore,
  kind: LookupKind,
  id: number,
  ctx: CommandContext,
): Promise<{ position: Position }> {
  let activeChildren = 0;
  for (const child of childKindsOf(kind))
    activeChildren += activeChildrenOf((await loadFolded(store, lookupStream(child), lookupDecider)).state, id);
  return run(store, { type: 'DeactivateLookupItem', kind, id, activeChildren }, ctx);
}

export async function reactivateLookupItem(
  store: EventStore,
  kind: LookupKind,
  id: number,
  ctx: CommandContext,
): Promise<{ position: Position }> {
  const item = (await loadFolded(store, lookupStream(kind), lookupDecider)).state.items[id];
  const parent = await parentState(store, kind, item?.parentId);
  return run(store, { type: 'ReactivateLookupItem', kind, id, parent }, ctx);
}

export async function changeLookupItemFlags(
  store: EventStore,
  kind: LookupKind,
  id: number,
  flags: LookupFlags,
  ctx: CommandContext,
): Promise<{ position: Position }> {
  return run(store, { type: 'ChangeLookupItemFlags', kind, id, flags }, ctx);
}
