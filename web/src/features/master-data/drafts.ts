import type { ErrorCode } from '../../../../domain/shared/errors.ts';
import type { LookupAdminRow, LookupBatch, LookupItemInput } from './api.ts';
import type { KindShape } from './kinds.ts';

/** A row's inputs as typed (strings), until saved. */
export interface Draft {
  nameAr: string;
  nameEn: string;
  parentId: string;
  groupId: string;
  minTarget: string;
  maxTarget: string;
  colourName: string;
  colourCode: string;
}

export const emptyDraft: Draft = {
  nameAr: '',
  nameEn: '',
  parentId: '',
  groupId: '',
  minTarget: '',
  maxTarget: '',
  colourName: '',
  colourCode: '',
};

const text = (n: number | null) => (n === null ? '' : String(n));

export function draftOf(r: LookupAdminRow): Draft {
  return {
    nameAr: r.nameAr,
    nameEn: r.nameEn,
    parentId: text(r.parentId),
    groupId: text(r.groupId),
    minTarget: text(r.minTarget),
    maxTarget: text(r.maxTarget),
    colourName: r.colourName ?? '',
    colourCode: r.colourCode ?? '',
  };
}

/** A typed number, or undefined when empty (the server answers a missing required value with its code). */
const numberOf = (s: string) => (s.trim() === '' ? undefined : Number(s));

/** The body the API takes for a row: the kind's parent, group and targets only when the kind has them. */
export function inputOf(d: Draft, shape: KindShape): LookupItemInput {
  const out: LookupItemInput = { nameAr: d.nameAr, nameEn: d.nameEn };
  if (shape.parent) out.parentId = d.parentId === '' ? null : Number(d.parentId);
  // A city's group is optional: none chosen takes it off.
  if (shape.group) out.groupId = d.groupId === '' ? null : Number(d.groupId);
  if (shape.extra === 'targets') {
    const min = numberOf(d.minTarget);
    const max = numberOf(d.maxTarget);
    if (min !== undefined) out.minTarget = min;
    if (max !== undefined) out.maxTarget = max;
  }
  return out;
}

/** A region's colour to send: when both parts are typed and differ from the saved ones. */
export function colourChange(d: Draft, saved: LookupAdminRow | null): { name: string; code: string } | null {
  if (d.colourName.trim() === '' && d.colourCode.trim() === '') return null;
  if (saved && d.colourName === (saved.colourName ?? '') && d.colourCode === (saved.colourCode ?? '')) return null;
  return { name: d.colourName, code: d.colourCode };
}

/** The unsaved state of a grid: rows being edited, new rows (in order), rows marked for deletion (batch grids). */
export interface GridDrafts {
  drafts: Record<string, Draft>;
  newKeys: string[];
  removed: number[];
}
export const noDrafts: GridDrafts = { drafts: {}, newKeys: [], removed: [] };

/** The batch a grid's save sends, and which row each of its entries came from (to place the server's row errors). */
export function batchOf(
  g: GridDrafts,
  shape: KindShape,
): { body: LookupBatch; keys: Record<'add' | 'update' | 'remove', string[]> } {
  const updateKeys = Object.keys(g.drafts).filter((k) => !g.newKeys.includes(k) && !g.removed.includes(Number(k)));
  return {
    body: {
      add: g.newKeys.map((k) => inputOf(g.drafts[k] ?? emptyDraft, shape)),
      update: updateKeys.map((k) => ({ id: Number(k), ...inputOf(g.drafts[k] ?? emptyDraft, shape) })),
      remove: g.removed,
    },
    keys: { add: g.newKeys, update: updateKeys, remove: g.removed.map(String) },
  };
}

/** The server's per-row refusals of a batch (details.rows), by the grid's row keys. */
export function rowErrorsOf(
  details: Record<string, unknown> | undefined,
  keys: Record<'add' | 'update' | 'remove', string[]>,
): Record<string, ErrorCode> {
  const out: Record<string, ErrorCode> = {};
  const rows = Array.isArray(details?.rows) ? (details.rows as { op: string; index: number; code: ErrorCode }[]) : [];
  for (const r of rows) {
    const key = (keys as Record<string, string[] | undefined>)[r.op]?.[r.index];
    if (key !== undefined) out[key] = r.code;
  }
  return out;
}
