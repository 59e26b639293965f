import { z } from 'zod';
import { lookupKinds } from '../../domain/lookups/kinds.ts';
import type { Action } from '../../domain/permissions/screens.ts';
import { AfterQuery, CommandAccepted, Names, named, PositionText, strictBody } from './common.ts';
import { endpoints, staff } from './endpoint.ts';
import * as P from './primitives.ts';

/** One item of a reference list as the forms know it; `flags` only when it has any (the national nationality). */
export const LookupItem = z.object({
  id: z.number().int(),
  ...Names,
  flags: z.record(z.string(), z.boolean()).optional(),
});
export type LookupItem = z.infer<typeof LookupItem>;

/** GET /api/lookups: the active items of each kind; the regions leave out those excluded from registration. */
export const Lookups = named('Lookups', {
  regions: z.array(LookupItem),
  cities: z.array(LookupItem.extend({ regionId: z.number().int().nullable() })),
  nationalities: z.array(LookupItem),
  countries: z.array(LookupItem),
  professions: z.array(LookupItem),
  categories: z.array(LookupItem),
  subCategoriesLevel1: z.array(LookupItem.extend({ categoryId: z.number().int().nullable() })),
  subCategoriesLevel2: z.array(LookupItem.extend({ level1Id: z.number().int().nullable() })),
  experienceLevels: z.array(LookupItem),
  workFields: z.array(LookupItem),
  /** The event types (master data) the event form and the events filters offer. */
  eventTypes: z.array(LookupItem).optional(),
  /** The work field groups (master data `workFieldCategoryGroup`) the events filters offer. */
  workFieldGroups: z.array(LookupItem).optional(),
  certificateFields: z.array(LookupItem),
  languages: z.array(LookupItem),
  proficiencyLevels: z.array(LookupItem),
  contactRelations: z.array(LookupItem),
  bloodGroups: z.array(LookupItem),
  covidContactStatuses: z.array(LookupItem),
  /** Not sent yet (no skills master data): the form's skills section shows only when it is. */
  skills: z.array(LookupItem).optional(),
});
export type Lookups = z.infer<typeof Lookups>;

const lookups = endpoints('lookups');

/** The forms' reference lists (public, cached five minutes); `?after=` waits for a lookup change. */
export const getLookups = lookups.get('/api/lookups', {
  query: AfterQuery,
  response: Lookups,
});

// ——— Master-data administration (screen `masterdata`) ———

/** The longest name a master-data item may have. */
export const LOOKUP_NAME_MAX = 200;
/** Spec: grid page sizes; event types' grid shows 20 rows by default. */
const LookupPageSize = P.queryOneOf([10, 20, 30, 50, 75, 100, 500, 1000]).optional();

const KindParams = z.object({ kind: z.enum(lookupKinds) });
const ItemParams = KindParams.extend({ id: P.queryInt() });
/** An item's command refused when the item is not there or still in use. */
const GONE = [401, 403, 404, 409] as const;

export const LookupAdminQuery = z.object({
  page: P.page,
  pageSize: LookupPageSize,
  search: P.text(LOOKUP_NAME_MAX).optional(),
});

/** One item as the screens show it: inactive ones too; the event types' targets and the regions' colour setting. */
export const LookupAdminRow = named('LookupAdminRow', {
  id: z.number().int(),
  ...Names,
  parentId: z.number().int().nullable(),
  /** Cities: their city group (null: none; always null for other kinds). */
  groupId: z.number().int().nullable(),
  active: z.boolean(),
  minTarget: z.number().int().nullable(),
  maxTarget: z.number().int().nullable(),
  colourName: z.string().nullable(),
  colourCode: z.string().nullable(),
});
export type LookupAdminRow = z.infer<typeof LookupAdminRow>;

export const LookupAdminPage = named('LookupAdminPage', {
  rows: z.array(LookupAdminRow),
  total: z.number().int(),
  pageSize: z.number().int(),
});

/**
 * An item's fields as a grid row sends them. Names may be blank (the domain answers AllFieldsRequired); `parentId`
 * for a kind with a parent (a city's region, an event type's group); the targets for event types.
 */
export const LookupItemInput = strictBody('LookupItemInput', {
  ...P.arEn('name', P.text(LOOKUP_NAME_MAX)),
  parentId: P.id.nullable().optional(),
  /** Cities: their city group; null takes it off, absent leaves it. */
  groupId: P.id.nullable().optional(),
  minTarget: P.int().optional(),
  maxTarget: P.int().optional(),
});
export type LookupItemInput = z.input<typeof LookupItemInput>;

export const LookupBatch = strictBody('LookupBatch', {
  add: z.array(LookupItemInput).max(100).default([]),
  update: z
    .array(LookupItemInput.extend({ id: P.id }))
    .max(100)
    .default([]),
  remove: z.array(P.id).max(100).default([]),
});
export type LookupBatch = z.input<typeof LookupBatch>;

export const LookupColour = strictBody('LookupColour', { colourName: P.text(LOOKUP_NAME_MAX), colourCode: P.text(7) });
export type LookupColour = z.input<typeof LookupColour>;

export const LookupAdded = named('LookupAdded', { position: PositionText, id: z.number().int() });
export const LookupBatchSaved = named('LookupBatchSaved', { position: PositionText, added: z.array(z.number().int()) });

/** A read or command on one kind's list, guarded by `action` on the master data screen. */
const onKind = <const A extends Action>(action: A) => ({ permission: staff('masterdata', action), params: KindParams });
/** A command on one item: the guard's action and the error statuses it documents. */
const onItem = <const A extends Action, const E extends readonly number[]>(action: A, errors: E) => ({
  permission: staff('masterdata', action),
  params: ItemParams,
  response: CommandAccepted,
  errors,
});
export const listLookupItems = lookups.get('/api/admin/lookups/:kind', {
  ...onKind('View'),
  query: LookupAdminQuery.extend(AfterQuery.shape),
  response: LookupAdminPage,
  errors: [401, 403, 422],
});
export const addLookupItem = lookups.post('/api/admin/lookups/:kind', {
  ...onKind('Add'),
  body: LookupItemInput,
  response: LookupAdded,
  status: 201,
  errors: [401, 403, 409, 422],
});
export const updateLookupItem = lookups.put('/api/admin/lookups/:kind/:id', {
  ...onItem('Edit', [401, 403, 404, 409, 422]),
  body: LookupItemInput,
});
/** Spec: EventTypes_Create, _Update and _Destroy as one save of the grid; every row or none. */
export const saveLookupBatch = lookups.post('/api/admin/lookups/:kind/batch', {
  ...onKind('Edit'),
  body: LookupBatch,
  response: LookupBatchSaved,
  errors: [401, 403, 422],
});
/** Takes an item out of the lists, or back in: a POST on the item with nothing in the body. */
export const deactivateLookupItem = lookups.post('/api/admin/lookups/:kind/:id/deactivate', onItem('Edit', GONE));
export const reactivateLookupItem = lookups.post('/api/admin/lookups/:kind/:id/reactivate', onItem('Edit', GONE));
export const deleteLookupItem = lookups.delete('/api/admin/lookups/:kind/:id', onItem('Delete', GONE));
/** Spec: region colour setting (ColorName, ColorCode #RRGGBB). */
export const setLookupColour = lookups.put('/api/admin/lookups/:kind/:id/colour', {
  ...onItem('Edit', [401, 403, 404, 422]),
  body: LookupColour,
});
