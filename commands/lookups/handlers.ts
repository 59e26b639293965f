import {
  activeChildrenOf,
  type Colour,
  childrenOf,
  groupedUnder,
  type LookupCommand,
  type LookupList,
  lookupDecider,
  type NewItem,
  type ParentState,
  type Targets,
} from '../../domain/lookups/decide.ts';
import {
  childKindsOf,
  groupedKindsOf,
  groupKindOf,
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
async function itemsOf(store: EventStore, kind: LookupKind | null | undefined): Promise<LookupList['items']> {
  return kind ? (await loadFolded(store, lookupStream(kind), lookupDecider)).state.items : {};
}

/** The group kind's items (empty for a kind without one). */
const groupsOf = (store: EventStore, kind: LookupKind) => itemsOf(store, groupKindOf(kind));

/** The parent kind's items (empty for a kind without one), to answer `stateOf` for several rows at once. */
const parentsOf = (store: EventStore, kind: LookupKind) => itemsOf(store, parentKindOf(kind));

const stateOf = (items: LookupList['items'], parentId: number | null | undefined): ParentState => {
  const p = parentId == null ? undefined : items[parentId];
  return p ? { active: p.active } : null;
};

/** The item `id` of `kind` (a row's parent or group kind): whether it is active (null: none, or no such item). */
async function stateIn(
  store: EventStore,
  kind: LookupKind | null,
  id: number | null | undefined,
): Promise<ParentState> {
  return kind && id != null ? stateOf(await itemsOf(store, kind), id) : null;
}

/** The child kinds' lists, for the counts of children under an item. */
async function childLists(store: EventStore, kind: LookupKind): Promise<LookupList[]> {
  const out: LookupList[] = [];
  for (const child of childKindsOf(kind)) out.push((await loadFolded(store, lookupStream(child), lookupDecider)).state);
  return out;
}

async function run(store: EventStore, command: LookupCommand, ctx: CommandContext) {
  const r = await handleCommand(store, lookupStream(command.kind), lookupDecider, command, ctx);
  return { position: r.position, events: r.events };
}

/** A new item as an admin (or the seed) gives it: the decider's, less the parent's and group's state the handler reads. */
export type NewLookupItem = Omit<NewItem, 'parent' | 'group'>;

/** An item's new names; its new parent and targets when given. */
export interface LookupItemChange {
  id: number;
  nameAr: string;
  nameEn: string;
  parentId?: number | null;
  targets?: Targets;
  groupId?: number | null;
}

export async function addLookupItem(
  store: EventStore,
  kind: LookupKind,
  item: NewLookupItem,
  ctx: CommandContext,
): Promise<{ id: number; position: Position }> {
  const parent = await stateIn(store, parentKindOf(kind), item.parentId);
  const group = await stateIn(store, groupKindOf(kind), item.groupId);
  const r = await run(store, { type: 'AddLookupItem', kind, ...item, parent, group }, ctx);
  // One LookupItemAdded, or (a retried command) the one it appended before.
  return { id: r.events[0]!.data.id, position: r.position };
}

/** A command on the item `id` of a kind, given what it changes; answers its append's position. */
type ItemCommand<Change> = (
  store: EventStore,
  kind: LookupKind,
  id: number,
  change: Change,
  ctx: CommandContext,
) => Promise<{ position: Position }>;

export const renameLookupItem: ItemCommand<{ nameAr: string; nameEn: string }> = (store, kind, id, names, ctx) =>
  run(store, { type: 'RenameLookupItem', kind, id, ...names }, ctx);

export async function deactivateLookupItem(
  store: EventStore,
  kind: LookupKind,
  id: number,
  ctx: CommandContext,
): Promise<{ position: Position }> {
  let activeChildren = 0;
  for (const list of await childLists(store, kind)) activeChildren += activeChildrenOf(list, id);
  return run(store, { type: 'DeactivateLookupItem', kind, id, activeChildren }, ctx);
}

export async function reactivateLookupItem(
  store: EventStore,
  kind: LookupKind,
  id: number,
  ctx: CommandContext,
): Promise<{ position: Position }> {
  const item = (await loadFolded(store, lookupStream(kind), lookupDecider)).state.items[id];
  const parent = await stateIn(store, parentKindOf(kind), item?.parentId);
  return run(store, { type: 'ReactivateLookupItem', kind, id, parent }, ctx);
}

export const changeLookupItemFlags: ItemCommand<LookupFlags> = (store, kind, id, flags, ctx) =>
  run(store, { type: 'ChangeLookupItemFlags', kind, id, flags }, ctx);

export async function updateLookupItem(
  store: EventStore,
  kind: LookupKind,
  change: LookupItemChange,
  ctx: CommandContext,
): Promise<{ position: Position }> {
  const parent = change.parentId === undefined ? undefined : await stateIn(store, parentKindOf(kind), change.parentId);
  const group = await stateIn(store, groupKindOf(kind), change.groupId);
  return run(store, { type: 'UpdateLookupItem', kind, ...change, parent, group }, ctx);
}

/** Spec: region colour setting (ColorName, ColorCode); null takes it off. */
export const setLookupItemColour: ItemCommand<Colour | null> = (store, kind, id, colour, ctx) =>
  run(store, { type: 'SetLookupItemColour', kind, id, colour }, ctx);

/**
 * Deletes an item never used. `readModelUses`: the references the read models hold (projections/lookups/queries.ts
 * `lookupUses`, asked by the route); the items of child kinds under it, active or not, are counted here.
 */
export const deleteLookupItem: ItemCommand<number> = async (store, kind, id, readModelUses, ctx) =>
  run(store, { type: 'DeleteLookupItem', kind, id, uses: await usesOf(store, kind, id, readModelUses) }, ctx);

async function usesOf(store: EventStore, kind: LookupKind, id: number, readModelUses: number): Promise<number> {
  let uses = readModelUses;
  for (const list of await childLists(store, kind)) uses += childrenOf(list, id);
  // A city group is used by the cities that name it.
  for (const grouped of groupedKindsOf(kind))
    uses += groupedUnder((await loadFolded(store, lookupStream(grouped), lookupDecider)).state, id);
  return uses;
}

export interface LookupBatchInput {
  add: readonly NewLookupItem[];
  update: readonly LookupItemChange[];
  /** Each deleted id with the references the read models hold to it (see deleteLookupItem). */
  remove: readonly { id: number; readModelUses: number }[];
}

/** A grid's save (spec: EventTypes_Create/_Update/_Destroy): every row or none, one append. */
export async function changeLookupItems(
  store: EventStore,
  kind: LookupKind,
  batch: LookupBatchInput,
  ctx: CommandContext,
): Promise<{ position: Position; added: number[] }> {
  const parents = await parentsOf(store, kind);
  const groups = await groupsOf(store, kind);
  const remove = [];
  for (const r of batch.remove) remove.push({ id: r.id, uses: await usesOf(store, kind, r.id, r.readModelUses) });
  const r = await run(
    store,
    {
      type: 'ChangeLookupItems',
      kind,
      add: batch.add.map((a) => ({ ...a, parent: stateOf(parents, a.parentId), group: stateOf(groups, a.groupId) })),
      update: batch.update.map((u) => ({
        ...u,
        parent: stateOf(parents, u.parentId),
        group: stateOf(groups, u.groupId),
      })),
      remove,
    },
    ctx,
  );
  return {
    position: r.position,
    added: r.events.flatMap((e) => (e.type === 'LookupItemAdded' ? [e.data.id] : [])),
  };
}
