import { isBlank } from '../shared/blank.ts';
import type { Decider, DomainEvent } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import { type EventTypes, eventTypes } from '../shared/upcast.ts';
import { type LookupFlags, type LookupKind, normaliseFlags, parentKindOf } from './kinds.ts';

/**
 * One kind of master data (stream `lookup-<kind>`): its items with stable ids. Read models and events elsewhere refer
 * to the ids, so an item is never deleted; one no longer offered is deactivated (spec: in use → deactivate).
 */
export interface LookupItem {
  id: number;
  nameAr: string;
  nameEn: string;
  parentId: number | null;
  flags: LookupFlags;
  active: boolean;
}
export interface LookupList {
  items: Record<number, LookupItem>;
}

export interface Names {
  nameAr: string;
  nameEn: string;
}
type K = { kind: LookupKind; id: number };

export type LookupEvent =
  | DomainEvent<'LookupItemAdded', K & Names & { parentId: number | null; flags: LookupFlags }>
  | DomainEvent<'LookupItemRenamed', K & { from: Names; to: Names }>
  | DomainEvent<'LookupItemDeactivated', K>
  | DomainEvent<'LookupItemReactivated', K>
  | DomainEvent<'LookupItemFlagsChanged', K & { from: LookupFlags; to: LookupFlags }>;

export const lookupEvents: EventTypes<LookupEvent> = eventTypes<LookupEvent>({
  LookupItemAdded: true,
  LookupItemRenamed: true,
  LookupItemDeactivated: true,
  LookupItemReactivated: true,
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
  parent: ParentState;
}

export type LookupCommand =
  | ({ type: 'AddLookupItem'; kind: LookupKind } & NewItem)
  /** Several at once, each under the same rules as one (the seed: one append per kind). */
  | { type: 'AddLookupItems'; kind: LookupKind; items: readonly NewItem[] }
  | ({ type: 'RenameLookupItem' } & K & Names)
  /** `activeChildren`: items of the child kinds still active under this one (spec: deactivate child areas first). */
  | ({ type: 'DeactivateLookupItem'; activeChildren: number } & K)
  | ({ type: 'ReactivateLookupItem'; parent: ParentState } & K)
  | ({ type: 'ChangeLookupItemFlags'; flags: LookupFlags } & K);

export const initialLookupList = (): LookupList => ({ items: {} });

export function evolve(s: LookupList, e: LookupEvent): LookupList {
  const d = e.data;
  const item = s.items[d.id];
  const put = (x: LookupItem): LookupList => ({ items: { ...s.items, [x.id]: x } });
  switch (e.type) {
    case 'LookupItemAdded':
      return put({
        id: e.data.id,
        nameAr: e.data.nameAr,
        nameEn: e.data.nameEn,
        parentId: e.data.parentId,
        flags: e.data.flags,
        active: true,
      });
    case 'LookupItemRenamed':
      return item ? put({ ...item, ...e.data.to }) : s;
    case 'LookupItemDeactivated':
      return item ? put({ ...item, active: false }) : s;
    case 'LookupItemReactivated':
      return item ? put({ ...item, active: true }) : s;
    case 'LookupItemFlagsChanged':
      return item ? put({ ...item, flags: e.data.to }) : s;
  }
}

const same = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** Spec: master data needs its name, in Arabic and English, not blank; a name used by another item already exists. */
function checkNames(s: LookupList, n: Names, parentId: number | null, exceptId: number | null): Names {
  if (isBlank(n.nameAr) || isBlank(n.nameEn))
    throw new DomainError('AllFieldsRequired', { fields: ['nameAr', 'nameEn'] });
  const clash = Object.values(s.items).find(
    (x) => x.id !== exceptId && x.parentId === parentId && (same(x.nameAr, n.nameAr) || same(x.nameEn, n.nameEn)),
  );
  if (clash) throw new DomainError('LookupAlreadyExists', { id: clash.id });
  return { nameAr: n.nameAr.trim(), nameEn: n.nameEn.trim() };
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

function existing(s: LookupList, id: number): LookupItem {
  const item = s.items[id];
  if (!item) throw new DomainError('NotFound', { id });
  return item;
}

function added(s: LookupList, kind: LookupKind, item: NewItem): LookupEvent {
  const ids = Object.keys(s.items).map(Number);
  const id = item.id ?? (ids.length ? Math.max(...ids) + 1 : 1);
  if (!Number.isInteger(id) || id < 0) throw new DomainError('ValidationFailed', { id });
  if (s.items[id]) throw new DomainError('LookupAlreadyExists', { id });
  const parentId = checkParent(kind, item.parentId, item.parent);
  const names = checkNames(s, item, parentId, null);
  return { type: 'LookupItemAdded', data: { kind, id, ...names, parentId, flags: normaliseFlags(item.flags) } };
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
    case 'RenameLookupItem': {
      const item = existing(s, cmd.id);
      const to = checkNames(s, cmd, item.parentId, item.id);
      if (to.nameAr === item.nameAr && to.nameEn === item.nameEn) return [];
      return [
        {
          type: 'LookupItemRenamed',
          data: { kind, id: item.id, from: { nameAr: item.nameAr, nameEn: item.nameEn }, to },
        },
      ];
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
