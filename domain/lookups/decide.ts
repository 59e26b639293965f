import { isBlank } from '../shared/blank.ts';
import type { Decider, DomainEvent } from '../shared/decider.ts';
import { DomainError, type ErrorCode, isDomainError } from '../shared/errors.ts';
import { type EventTypes, eventTypes } from '../shared/upcast.ts';
import { extraOf, groupKindOf, type LookupFlags, type LookupKind, normaliseFlags, parentKindOf } from './kinds.ts';
import type { LookupRow } from './snapshot.ts';

/**
 * One kind of master data (stream `lookup-<kind>`): its items with stable ids. Read models and events elsewhere refer
 * to the ids, so an item in use is never deleted, only deactivated (spec: `cannot_delete_message`); one never used may
 * be deleted, and its id is not given again (`lastId`).
 */
export interface LookupItem extends LookupRow {
  /** Cities: the city group they belong to (null: none). */
  groupId: number | null;
  /** Event types: the minimum and maximum targets (null until set). */
  targets: Targets | null;
  /** Regions: the colour setting (null until set). */
  colour: Colour | null;
}
export interface LookupList {
  items: Record<number, LookupItem>;
  /** The highest id ever given in this kind (deleted ones included). */
  lastId: number;
}

export interface Names {
  nameAr: string;
  nameEn: string;
}
/** Event types' targets: whole numbers, 0 or more, min ≤ max. */
export interface Targets {
  min: number;
  max: number;
}
/** A region's colour setting (spec: ColorName, ColorCode); the code is #RRGGBB. */
export interface Colour {
  name: string;
  code: string;
}
type K = { kind: LookupKind; id: number };

export type LookupEvent =
  | DomainEvent<
      'LookupItemAdded',
      K & Names & { parentId: number | null; flags: LookupFlags; targets?: Targets; groupId?: number }
    >
  | DomainEvent<'LookupItemRenamed', K & { from: Names; to: Names }>
  | DomainEvent<'LookupItemMoved', K & { from: number | null; to: number | null }>
  | DomainEvent<'LookupItemRegrouped', K & { from: number | null; to: number | null }>
  | DomainEvent<'LookupItemTargetsChanged', K & { from: Targets | null; to: Targets }>
  | DomainEvent<'LookupItemColourChanged', K & { from: Colour | null; to: Colour | null }>
  | DomainEvent<'LookupItemDeactivated', K>
  | DomainEvent<'LookupItemReactivated', K>
  | DomainEvent<'LookupItemDeleted', K>
  | DomainEvent<'LookupItemFlagsChanged', K & { from: LookupFlags; to: LookupFlags }>;

export const lookupEvents: EventTypes<LookupEvent> = eventTypes<LookupEvent>({
  LookupItemAdded: true,
  LookupItemRenamed: true,
  LookupItemMoved: true,
  LookupItemRegrouped: true,
  LookupItemTargetsChanged: true,
  LookupItemColourChanged: true,
  LookupItemDeactivated: true,
  LookupItemReactivated: true,
  LookupItemDeleted: true,
  LookupItemFlagsChanged: true,
});

/** The parent item as the handler read it from the parent kind's stream: null when there is none. */
export type ParentState = { active: boolean } | null;

export interface NewItem {
  /** A fixed id (seed data); the next free id otherwise. */
  id?: number;
  nameAr: string;
  nameEn: string;
  parentId?: number | null;
  flags?: LookupFlags;
  /** Required for a kind with targets (event types), refused for the others. */
  targets?: Targets;
  parent: ParentState;
  /** A kind with a group (cities): the group item, optional. */
  groupId?: number | null;
  /** The group item as the handler read it (when `groupId` is given). */
  group?: ParentState;
}

/** An item's new names, and (when given) its new parent and targets. */
export interface ItemUpdate extends Names {
  id: number;
  /** Undefined: the parent stays. */
  parentId?: number | null;
  /** The new parent as the handler read it (when `parentId` is given). */
  parent?: ParentState;
  /** Undefined: the targets stay. */
  targets?: Targets;
  /** Undefined: the group stays; null: none. */
  groupId?: number | null;
  /** The new group as the handler read it (when `groupId` is given). */
  group?: ParentState;
}

/**
 * `uses`: how many references to the item the handler found (read models that name it, items of child kinds under
 * it); an item with any is deactivated, not deleted.
 */
export interface ItemRemoval {
  id: number;
  uses: number;
}

/** One grid save: rows added, edited and deleted together, all or none (spec: EventTypes_Create/_Update/_Destroy). */
export interface LookupBatch {
  add: readonly NewItem[];
  update: readonly ItemUpdate[];
  remove: readonly ItemRemoval[];
}

export type LookupCommand =
  | ({ type: 'AddLookupItem'; kind: LookupKind } & NewItem)
  /** Several at once, each under the same rules as one (the seed: one append per kind). */
  | { type: 'AddLookupItems'; kind: LookupKind; items: readonly NewItem[] }
  | ({ type: 'RenameLookupItem' } & K & Names)
  | ({ type: 'UpdateLookupItem'; kind: LookupKind } & ItemUpdate)
  | ({ type: 'ChangeLookupItems'; kind: LookupKind } & LookupBatch)
  | ({ type: 'SetLookupItemColour'; colour: Colour | null } & K)
  /** `activeChildren`: items of the child kinds still active under this one (spec: deactivate child areas first). */
  | ({ type: 'DeactivateLookupItem'; activeChildren: number } & K)
  | ({ type: 'ReactivateLookupItem'; parent: ParentState } & K)
  | ({ type: 'DeleteLookupItem'; kind: LookupKind } & ItemRemoval)
  | ({ type: 'ChangeLookupItemFlags'; flags: LookupFlags } & K);

export const initialLookupList = (): LookupList => ({ items: {}, lastId: 0 });

export function evolve(s: LookupList, e: LookupEvent): LookupList {
  const d = e.data;
  const item = s.items[d.id];
  const put = (x: LookupItem): LookupList => ({ ...s, items: { ...s.items, [x.id]: x } });
  const change = (patch: Partial<LookupItem>): LookupList => (item ? put({ ...item, ...patch }) : s);
  switch (e.type) {
    case 'LookupItemAdded':
      return {
        lastId: Math.max(s.lastId, e.data.id),
        items: {
          ...s.items,
          [e.data.id]: {
            id: e.data.id,
            nameAr: e.data.nameAr,
            nameEn: e.data.nameEn,
            parentId: e.data.parentId,
            groupId: e.data.groupId ?? null,
            flags: e.data.flags,
            active: true,
            targets: e.data.targets ?? null,
            colour: null,
          },
        },
      };
    case 'LookupItemRenamed':
      return change(e.data.to);
    case 'LookupItemMoved':
      return change({ parentId: e.data.to });
    case 'LookupItemRegrouped':
      return change({ groupId: e.data.to });
    case 'LookupItemTargetsChanged':
      return change({ targets: e.data.to });
    case 'LookupItemColourChanged':
      return change({ colour: e.data.to });
    case 'LookupItemDeactivated':
      return change({ active: false });
    case 'LookupItemReactivated':
      return change({ active: true });
    case 'LookupItemFlagsChanged':
      return change({ flags: e.data.to });
    case 'LookupItemDeleted': {
      const { [d.id]: _gone, ...items } = s.items;
      return { ...s, items };
    }
  }
}

/** Names compare without case and with runs of spaces as one: "Al  Kharj " is "al kharj". */
export const sameName = (a: string, b: string) => normaliseName(a) === normaliseName(b);
const normaliseName = (s: string) => s.trim().replace(/\s+/gu, ' ').toLocaleLowerCase();

/**
 * Spec: master data needs its name, in Arabic and English, not blank; an item of the same kind with the same Arabic or
 * the same English name already exists.
 */
function checkNames(s: LookupList, n: Names, exceptId: number | null): Names {
  if (isBlank(n.nameAr) || isBlank(n.nameEn))
    throw new DomainError('AllFieldsRequired', { fields: ['nameAr', 'nameEn'] });
  const clash = Object.values(s.items).find(
    (x) => x.id !== exceptId && (sameName(x.nameAr, n.nameAr) || sameName(x.nameEn, n.nameEn)),
  );
  if (clash) throw new DomainError('LookupAlreadyExists', { id: clash.id });
  return { nameAr: n.nameAr.trim().replace(/\s+/gu, ' '), nameEn: n.nameEn.trim().replace(/\s+/gu, ' ') };
}

function checkParent(kind: LookupKind, parentId: number | null | undefined, parent: ParentState): number | null {
  const parentKind = parentKindOf(kind);
  if (!parentKind) {
    if (parentId != null) throw new DomainError('LookupParentInvalid', { kind, parentId });
    return null;
  }
  if (parentId == null) throw new DomainError('AllFieldsRequired', { fields: ['parentId'] });
  if (!parent?.active) throw new DomainError('LookupParentInvalid', { parentKind, parentId });
  return parentId;
}

/** A city's city group: optional; when named, an active item of the group kind. Refused for kinds without one. */
function checkGroup(
  kind: LookupKind,
  groupId: number | null | undefined,
  group: ParentState | undefined,
): number | null {
  const groupKind = groupKindOf(kind);
  if (groupId == null) return null;
  if (!groupKind) throw new DomainError('LookupParentInvalid', { kind, groupId });
  if (!group?.active) throw new DomainError('LookupParentInvalid', { groupKind, groupId });
  return groupId;
}

const isCount = (n: number) => Number.isInteger(n) && n >= 0;

/** Spec: an event type has its minimum and maximum targets, whole numbers, 0 or more, the minimum not above the maximum. */
function checkTargets(kind: LookupKind, targets: Targets | undefined, required: boolean): Targets | undefined {
  if (extraOf(kind) !== 'targets') {
    if (targets) throw new DomainError('ValidationFailed', { kind, field: 'targets' });
    return undefined;
  }
  if (!targets) {
    if (required) throw new DomainError('AllFieldsRequired', { fields: ['minTarget', 'maxTarget'] });
    return undefined;
  }
  if (!isCount(targets.min) || !isCount(targets.max)) throw new DomainError('InvalidNumber', { field: 'targets' });
  if (targets.min > targets.max) throw new DomainError('InvalidTargetRange', { min: targets.min, max: targets.max });
  return { min: targets.min, max: targets.max };
}

const COLOUR_CODE = /^#[0-9A-Fa-f]{6}$/;

/** Spec: a colour setting has its name and its code (#RRGGBB); only regions have one. */
function checkColour(kind: LookupKind, colour: Colour | null): Colour | null {
  if (extraOf(kind) !== 'colour') throw new DomainError('ValidationFailed', { kind, field: 'colour' });
  if (colour === null) return null;
  if (isBlank(colour.name) || isBlank(colour.code))
    throw new DomainError('AllFieldsRequired', { fields: ['colourName', 'colourCode'] });
  if (!COLOUR_CODE.test(colour.code.trim())) throw new DomainError('InvalidColourCode', { code: colour.code });
  return { name: colour.name.trim(), code: colour.code.trim().toUpperCase() };
}

function existing(s: LookupList, id: number): LookupItem {
  const item = s.items[id];
  if (!item) throw new DomainError('NotFound', { id });
  return item;
}

function added(s: LookupList, kind: LookupKind, item: NewItem): LookupEvent {
  const id = item.id ?? s.lastId + 1;
  if (!Number.isInteger(id) || id < 0) throw new DomainError('ValidationFailed', { id });
  if (s.items[id] || (item.id === undefined && id <= s.lastId)) throw new DomainError('LookupAlreadyExists', { id });
  const parentId = checkParent(kind, item.parentId, item.parent);
  const names = checkNames(s, item, null);
  const targets = checkTargets(kind, item.targets, true);
  const groupId = checkGroup(kind, item.groupId, item.group);
  return {
    type: 'LookupItemAdded',
    data: {
      kind,
      id,
      ...names,
      parentId,
      flags: normaliseFlags(item.flags),
      ...(targets ? { targets } : {}),
      ...(groupId !== null ? { groupId } : {}),
    },
  };
}

function renamed(s: LookupList, kind: LookupKind, item: LookupItem, names: Names): LookupEvent[] {
  const to = checkNames(s, names, item.id);
  if (to.nameAr === item.nameAr && to.nameEn === item.nameEn) return [];
  return [
    { type: 'LookupItemRenamed', data: { kind, id: item.id, from: { nameAr: item.nameAr, nameEn: item.nameEn }, to } },
  ];
}

function updated(s: LookupList, kind: LookupKind, u: ItemUpdate): LookupEvent[] {
  const item = existing(s, u.id);
  const out = renamed(s, kind, item, u);
  if (u.parentId !== undefined && u.parentId !== item.parentId) {
    const to = checkParent(kind, u.parentId, u.parent ?? null);
    out.push({ type: 'LookupItemMoved', data: { kind, id: item.id, from: item.parentId, to } });
  }
  if (u.groupId !== undefined && u.groupId !== item.groupId) {
    const to = checkGroup(kind, u.groupId, u.group);
    out.push({ type: 'LookupItemRegrouped', data: { kind, id: item.id, from: item.groupId, to } });
  }
  const targets = checkTargets(kind, u.targets, false);
  if (targets && (targets.min !== item.targets?.min || targets.max !== item.targets?.max))
    out.push({ type: 'LookupItemTargetsChanged', data: { kind, id: item.id, from: item.targets, to: targets } });
  return out;
}

/** Spec: an item in use answers `cannot_delete_message` (deactivate it instead). */
function deleted(s: LookupList, kind: LookupKind, r: ItemRemoval): LookupEvent[] {
  const item = existing(s, r.id);
  if (r.uses > 0) throw new DomainError('cannot_delete_message', { id: item.id, uses: r.uses });
  return [{ type: 'LookupItemDeleted', data: { kind, id: item.id } }];
}

/** One refused row of a batch: which list, its index there, and the code it would have had alone. */
export interface BatchRowError {
  op: 'add' | 'update' | 'remove';
  index: number;
  code: ErrorCode;
  details?: Record<string, unknown>;
}

/**
 * The batch's rows in order (deletions, then edits, then additions, so a name freed by a deleted or renamed row can be
 * taken), each against the state the rows before it left. Any refused row refuses the whole batch, with one error
 * per refused row (`BatchRejected`, details.rows).
 */
function batch(s: LookupList, kind: LookupKind, b: LookupBatch): LookupEvent[] {
  const out: LookupEvent[] = [];
  const errors: BatchRowError[] = [];
  let state = s;
  const step = (op: BatchRowError['op'], index: number, decideRow: () => LookupEvent[]) => {
    try {
      const events = decideRow();
      for (const e of events) state = evolve(state, e);
      out.push(...events);
    } catch (e) {
      if (!isDomainError(e)) throw e;
      errors.push({ op, index, code: e.code, ...(e.details ? { details: e.details } : {}) });
    }
  };
  for (const [i, r] of b.remove.entries()) step('remove', i, () => deleted(state, kind, r));
  for (const [i, u] of b.update.entries()) step('update', i, () => updated(state, kind, u));
  for (const [i, a] of b.add.entries()) step('add', i, () => [added(state, kind, a)]);
  if (errors.length) throw new DomainError('BatchRejected', { rows: errors });
  return out;
}

export function decide(cmd: LookupCommand, s: LookupList): LookupEvent[] {
  const { kind } = cmd;
  switch (cmd.type) {
    case 'AddLookupItem':
      return [added(s, kind, cmd)];
    case 'AddLookupItems': {
      const out: LookupEvent[] = [];
      let state = s;
      for (const item of cmd.items) {
        const e = added(state, kind, item);
        out.push(e);
        state = evolve(state, e);
      }
      return out;
    }
    case 'RenameLookupItem':
      return renamed(s, kind, existing(s, cmd.id), cmd);
    case 'UpdateLookupItem':
      return updated(s, kind, cmd);
    case 'ChangeLookupItems':
      return batch(s, kind, cmd);
    case 'SetLookupItemColour': {
      const item = existing(s, cmd.id);
      const to = checkColour(kind, cmd.colour);
      if (JSON.stringify(to) === JSON.stringify(item.colour)) return [];
      return [{ type: 'LookupItemColourChanged', data: { kind, id: item.id, from: item.colour, to } }];
    }
    case 'DeactivateLookupItem': {
      const item = existing(s, cmd.id);
      if (!item.active) return [];
      if (cmd.activeChildren > 0) throw new DomainError('ChildAreasActive', { activeChildren: cmd.activeChildren });
      return [{ type: 'LookupItemDeactivated', data: { kind, id: item.id } }];
    }
    case 'ReactivateLookupItem': {
      const item = existing(s, cmd.id);
      if (item.active) return [];
      checkParent(kind, item.parentId, cmd.parent);
      return [{ type: 'LookupItemReactivated', data: { kind, id: item.id } }];
    }
    case 'DeleteLookupItem':
      return deleted(s, kind, cmd);
    case 'ChangeLookupItemFlags': {
      const item = existing(s, cmd.id);
      const to = normaliseFlags(cmd.flags);
      if (JSON.stringify(to) === JSON.stringify(item.flags)) return [];
      return [{ type: 'LookupItemFlagsChanged', data: { kind, id: item.id, from: item.flags, to } }];
    }
  }
}

export const lookupDecider: Decider<LookupList, LookupCommand, LookupEvent> = {
  events: lookupEvents,
  initialState: initialLookupList,
  evolve,
  decide: (c, s) => decide(c, s),
};

/** Active items of the list whose parent is the given id (for the "deactivate child areas first" rule). */
export function activeChildrenOf(children: LookupList, parentId: number): number {
  return Object.values(children.items).filter((x) => x.active && x.parentId === parentId).length;
}

/** Items of the list, active or not, that name the given id as their group: each is a use of the group. */
export function groupedUnder(grouped: LookupList, groupId: number): number {
  return Object.values(grouped.items).filter((x) => x.groupId === groupId).length;
}

/** Items of the list, active or not, whose parent is the given id: each is a use of the parent. */
export function childrenOf(children: LookupList, parentId: number): number {
  return Object.values(children.items).filter((x) => x.parentId === parentId).length;
}
