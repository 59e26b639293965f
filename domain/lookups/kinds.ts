/**
 * The kinds of master data (spec document 2, sections 2 and 7). Each kind is one stream, `lookup-<kind>`; a kind
 * with a parent kind requires every item to name an active item of it (a city lies in a region). Adding a kind is one
 * line here. `extra` names the fields a kind has besides its names: the event types' minimum and maximum targets, the
 * regions' colour setting (spec: "region colour setting", ColorName and ColorCode). `group` names the kind of an
 * optional second reference: a city may name its city group (the statistics' city-group breakdown and filter). The
 * spec's "user categories" are `category`.
 */
export const LOOKUP_KINDS = {
  region: { extra: 'colour' },
  groupRegion: {},
  city: { parent: 'region', group: 'cityGroup' },
  cityGroup: {},
  nationality: {},
  country: {},
  profession: {},
  category: {},
  subCategoryLevel1: { parent: 'category' },
  subCategoryLevel2: { parent: 'subCategoryLevel1' },
  experienceLevel: {},
  workField: {},
  workFieldCategoryGroup: {},
  certificateType: {},
  certificateField: {},
  trainingCertificate: {},
  university: {},
  language: {},
  proficiencyLevel: {},
  contactRelation: {},
  bloodGroup: {},
  covidContactStatus: {},
  jobRoleType: {},
  skill: {},
  eventTypeGroup: {},
  eventType: { parent: 'eventTypeGroup', extra: 'targets' },
  team: {},
  department: {},
} as const satisfies Record<string, { parent?: string; group?: string; extra?: LookupExtra }>;

/** The fields a kind may have besides its names. */
export type LookupExtra = 'targets' | 'colour';

export type LookupKind = keyof typeof LOOKUP_KINDS;
export const lookupKinds = Object.keys(LOOKUP_KINDS) as LookupKind[];

export function isLookupKind(s: string): s is LookupKind {
  return Object.hasOwn(LOOKUP_KINDS, s);
}

const kindOf = (kind: LookupKind): { parent?: LookupKind; group?: LookupKind; extra?: LookupExtra } =>
  LOOKUP_KINDS[kind];

export function parentKindOf(kind: LookupKind): LookupKind | null {
  return kindOf(kind).parent ?? null;
}

/** The kind of the optional group an item names (a city's city group), or null. */
export function groupKindOf(kind: LookupKind): LookupKind | null {
  return kindOf(kind).group ?? null;
}

/** The kinds whose items may name an item of this kind as their group. */
export function groupedKindsOf(kind: LookupKind): LookupKind[] {
  return lookupKinds.filter((k) => groupKindOf(k) === kind);
}

export function extraOf(kind: LookupKind): LookupExtra | null {
  return kindOf(kind).extra ?? null;
}

/** The kinds whose items name an item of this kind as their parent. */
export function childKindsOf(kind: LookupKind): LookupKind[] {
  return lookupKinds.filter((k) => parentKindOf(k) === kind);
}

/**
 * Meanings an id used to carry in code, now data on the row: a region left out of registration (was 16), the
 * nationality whose holders carry a national id (was 44; spec: IdType 0).
 */
export const LOOKUP_FLAGS = ['excludedFromRegistration', 'national'] as const;
export type LookupFlag = (typeof LOOKUP_FLAGS)[number];
export type LookupFlags = Partial<Record<LookupFlag, true>>;

/** Only the known flags, only when set: two equal flag sets compare equal as JSON. */
export function normaliseFlags(flags: Partial<Record<string, boolean | undefined>> | undefined): LookupFlags {
  const out: LookupFlags = {};
  for (const f of LOOKUP_FLAGS) if (flags?.[f] === true) out[f] = true;
  return out;
}

export const lookupStream = (kind: LookupKind) => `lookup-${kind}`;
