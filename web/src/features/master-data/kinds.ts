import {
  extraOf,
  groupKindOf,
  type LookupExtra,
  type LookupKind,
  parentKindOf,
} from '../../../../domain/lookups/kinds.ts';

/**
 * The master-data screens, in the spec's order (spec: "Master data" screens; the list). The kinds that only
 * feed the registration form's fixed choices (blood groups, COVID contact statuses, job role types) have none.
 */
export const MASTER_DATA_KINDS = [
  'workField',
  'eventType',
  'eventTypeGroup',
  'workFieldCategoryGroup',
  'skill',
  'certificateType',
  'certificateField',
  'trainingCertificate',
  'university',
  'region',
  'city',
  'groupRegion',
  'cityGroup',
  'category',
  'subCategoryLevel1',
  'subCategoryLevel2',
  'experienceLevel',
  'team',
  'department',
  'nationality',
  'country',
  'language',
  'proficiencyLevel',
  'profession',
  'contactRelation',
] as const satisfies readonly LookupKind[];
export type MasterDataKind = (typeof MASTER_DATA_KINDS)[number];

export function isMasterDataKind(s: string): s is MasterDataKind {
  return (MASTER_DATA_KINDS as readonly string[]).includes(s);
}

/** How a kind's grid behaves: its parent select, its extra fields, and whether it saves row by row or as one batch. */
export interface KindShape {
  kind: MasterDataKind;
  parent: LookupKind | null;
  /** The kind of the optional group an item names (a city's city group). */
  group: LookupKind | null;
  extra: LookupExtra | null;
  /** Spec: the event types' grid edits several rows, then saves them at once (EventTypes_Create/_Update/_Destroy). */
  batch: boolean;
  /** Spec: 20 rows a page for the event types, 10 otherwise. */
  pageSize: number;
}

export function shapeOf(kind: MasterDataKind): KindShape {
  const batch = kind === 'eventType';
  return {
    kind,
    parent: parentKindOf(kind),
    group: groupKindOf(kind),
    extra: extraOf(kind),
    batch,
    pageSize: batch ? 20 : 10,
  };
}
