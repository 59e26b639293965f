import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/testing.ts';
import { groupedUnder, type LookupCommand, type LookupEvent, lookupDecider } from './decide.ts';
import {
  childKindsOf,
  groupedKindsOf,
  groupKindOf,
  isLookupKind,
  lookupKinds,
  normaliseFlags,
  parentKindOf,
} from './kinds.ts';

const given = specFor(lookupDecider, () => new Date('2026-11-24T08:00:00.000Z'));
const riyadh: LookupEvent = {
  type: 'LookupItemAdded',
  data: { kind: 'region', id: 1, nameAr: 'الرياض', nameEn: 'Riyadh', parentId: null, flags: {} },
};
const jeddah: LookupEvent = {
  type: 'LookupItemAdded',
  data: { kind: 'city', id: 5, nameAr: 'جدة', nameEn: 'Jeddah', parentId: 2, flags: {} },
};
const addRegion = (over: Partial<Extract<LookupCommand, { type: 'AddLookupItem' }>> = {}): LookupCommand => ({
  type: 'AddLookupItem',
  kind: 'region',
  nameAr: 'تبوك',
  nameEn: 'Tabuk',
  parent: null,
  ...over,
});
const addCity = (over: Partial<Extract<LookupCommand, { type: 'AddLookupItem' }>> = {}): LookupCommand => ({
  type: 'AddLookupItem',
  kind: 'city',
  id: 6,
  nameAr: 'الطائف',
  nameEn: 'Taif',
  parentId: 2,
  parent: { active: true },
  ...over,
});

describe('lookup kinds', () => {
  it('names each parent kind among the kinds, and finds children from parents', () => {
    for (const k of lookupKinds) {
      const parent = parentKindOf(k);
      if (parent) expect(lookupKinds).toContain(parent);
    }
    expect(childKindsOf('region')).toEqual(['city']);
    expect(isLookupKind('city')).toBe(true);
    expect(isLookupKind('toString')).toBe(false);
  });
  it('keeps only known flags that are set', () => {
    expect(normaliseFlags({ national: true, excludedFromRegistration: false, other: true })).toEqual({
      national: true,
    });
  });
});

describe('adding a lookup item', () => {
  it('adds with the next free id, trimmed names and its flags', () => {
    given(riyadh)
      .when(addRegion({ nameAr: ' تبوك ', flags: { excludedFromRegistration: true } }))
      .thenEmits([
        {
          type: 'LookupItemAdded',
          data: {
            kind: 'region',
            id: 2,
            nameAr: 'تبوك',
            nameEn: 'Tabuk',
            parentId: null,
            flags: { excludedFromRegistration: true },
          },
        },
      ]);
  });
  it('keeps a fixed id (seed data)', () => {
    given()
      .when(addRegion({ id: 16 }))
      .thenEmits((events) => expect(events[0]?.data.id).toBe(16));
  });
  it.each([
    ['a blank Arabic name', { nameAr: '  ' }],
    ['a missing English name', { nameEn: '' }],
  ])('refuses %s', (_n, over) => {
    given(riyadh).when(addRegion(over)).thenFails('AllFieldsRequired');
  });
  it('refuses an id in use, and a name in use (either language, any case)', () => {
    given(riyadh)
      .when(addRegion({ id: 1 }))
      .thenFails('LookupAlreadyExists');
    given(riyadh)
      .when(addRegion({ nameEn: ' riyadh ' }))
      .thenFails('LookupAlreadyExists');
    given(riyadh)
      .when(addRegion({ nameAr: 'الرياض' }))
      .thenFails('LookupAlreadyExists');
  });
  it('refuses a name used in the same kind under another parent (names are unique within a kind)', () => {
    given(jeddah)
      .when(addCity({ nameEn: 'JEDDAH', nameAr: 'جدة الجديدة', parentId: 3 }))
      .thenFails('LookupAlreadyExists');
  });
  it('requires a city to name an existing, active region', () => {
    given()
      .when(addCity({ parentId: null }))
      .thenFails('AllFieldsRequired');
    given()
      .when(addCity({ parent: null }))
      .thenFails('LookupParentInvalid');
    given()
      .when(addCity({ parent: { active: false } }))
      .thenFails('LookupParentInvalid');
  });
  it('adds several at once under the same rules, each seeing the ones before it', () => {
    const item = (id: number, nameEn: string) => ({ id, nameAr: nameEn, nameEn, parent: null });
    given()
      .when({ type: 'AddLookupItems', kind: 'skill', items: [item(1, 'First aid'), item(2, 'Driving')] })
      .thenEmits((events) => expect(events.map((e) => e.data.id)).toEqual([1, 2]));
    given()
      .when({ type: 'AddLookupItems', kind: 'skill', items: [item(1, 'First aid'), item(2, 'first aid')] })
      .thenFails('LookupAlreadyExists');
  });
  it('refuses a parent for a kind without one', () => {
    given()
      .when(addRegion({ parentId: 3 }))
      .thenFails('LookupParentInvalid');
  });
});

describe('changing a lookup item', () => {
  it('renames, recording both names', () => {
    given(riyadh)
      .when({ type: 'RenameLookupItem', kind: 'region', id: 1, nameAr: 'منطقة الرياض', nameEn: 'Riyadh Region' })
      .thenEmits([
        {
          type: 'LookupItemRenamed',
          data: {
            kind: 'region',
            id: 1,
            from: { nameAr: 'الرياض', nameEn: 'Riyadh' },
            to: { nameAr: 'منطقة الرياض', nameEn: 'Riyadh Region' },
          },
        },
      ]);
  });
  it('renames to the same names as a no-op, and refuses an unknown id or a blank name', () => {
    given(riyadh)
      .when({ type: 'RenameLookupItem', kind: 'region', id: 1, nameAr: 'الرياض', nameEn: 'Riyadh' })
      .thenEmits([]);
    given(riyadh)
      .when({ type: 'RenameLookupItem', kind: 'region', id: 9, nameAr: 'x', nameEn: 'y' })
      .thenFails('NotFound');
    given(riyadh)
      .when({ type: 'RenameLookupItem', kind: 'region', id: 1, nameAr: ' ', nameEn: 'y' })
      .thenFails('AllFieldsRequired');
  });
  it('deactivates (once), but not while active children remain', () => {
    const off: LookupEvent = { type: 'LookupItemDeactivated', data: { kind: 'region', id: 1 } };
    given(riyadh).when({ type: 'DeactivateLookupItem', kind: 'region', id: 1, activeChildren: 0 }).thenEmits([off]);
    given(riyadh, off).when({ type: 'DeactivateLookupItem', kind: 'region', id: 1, activeChildren: 0 }).thenEmits([]);
    given(riyadh)
      .when({ type: 'DeactivateLookupItem', kind: 'region', id: 1, activeChildren: 2 })
      .thenFails('ChildAreasActive');
  });
  it('reactivates a child only under an active parent', () => {
    const off: LookupEvent = { type: 'LookupItemDeactivated', data: { kind: 'city', id: 5 } };
    given(jeddah, off)
      .when({ type: 'ReactivateLookupItem', kind: 'city', id: 5, parent: { active: false } })
      .thenFails('LookupParentInvalid');
    given(jeddah, off)
      .when({ type: 'ReactivateLookupItem', kind: 'city', id: 5, parent: { active: true } })
      .thenEmits([{ type: 'LookupItemReactivated', data: { kind: 'city', id: 5 } }]);
  });
  it('changes flags from → to; the same flags are a no-op', () => {
    given(riyadh)
      .when({ type: 'ChangeLookupItemFlags', kind: 'region', id: 1, flags: { excludedFromRegistration: true } })
      .thenEmits([
        {
          type: 'LookupItemFlagsChanged',
          data: { kind: 'region', id: 1, from: {}, to: { excludedFromRegistration: true } },
        },
      ]);
    given(riyadh).when({ type: 'ChangeLookupItemFlags', kind: 'region', id: 1, flags: {} }).thenEmits([]);
  });
});

describe('a city’s city group', () => {
  const mainCities: LookupEvent = {
    type: 'LookupItemAdded',
    data: { kind: 'cityGroup', id: 1, nameAr: 'مقار المناطق', nameEn: 'Region seats', parentId: null, flags: {} },
  };
  it('is the city kind’s group kind, and cities are what names a city group', () => {
    expect(groupKindOf('city')).toBe('cityGroup');
    expect(groupKindOf('region')).toBeNull();
    expect(groupedKindsOf('cityGroup')).toEqual(['city']);
    for (const k of lookupKinds) {
      const group = groupKindOf(k);
      if (group) expect(lookupKinds).toContain(group);
    }
  });
  it('is optional when a city is added, and kept on the event when named', () => {
    given()
      .when(addCity())
      .thenEmits([
        {
          type: 'LookupItemAdded',
          data: { kind: 'city', id: 6, nameAr: 'الطائف', nameEn: 'Taif', parentId: 2, flags: {} },
        },
      ]);
    given()
      .when(addCity({ groupId: 1, group: { active: true } }))
      .thenEmits([
        {
          type: 'LookupItemAdded',
          data: { kind: 'city', id: 6, nameAr: 'الطائف', nameEn: 'Taif', parentId: 2, flags: {}, groupId: 1 },
        },
      ]);
  });
  it('must be an active group, and only cities have one', () => {
    given()
      .when(addCity({ groupId: 9, group: null }))
      .thenFails('LookupParentInvalid');
    given()
      .when(addCity({ groupId: 1, group: { active: false } }))
      .thenFails('LookupParentInvalid');
    given()
      .when(addRegion({ groupId: 1, group: { active: true } }))
      .thenFails('LookupParentInvalid');
  });
  it('moves a city from group to group and off, and says nothing when it stays', () => {
    const update = (groupId: number | null | undefined, group: { active: boolean } | null = { active: true }) =>
      ({ type: 'UpdateLookupItem', kind: 'city', id: 5, nameAr: 'جدة', nameEn: 'Jeddah', groupId, group }) as const;
    given(mainCities, jeddah)
      .when(update(1))
      .thenEmits([{ type: 'LookupItemRegrouped', data: { kind: 'city', id: 5, from: null, to: 1 } }]);
    const grouped: LookupEvent = { type: 'LookupItemRegrouped', data: { kind: 'city', id: 5, from: null, to: 1 } };
    given(mainCities, jeddah, grouped).when(update(1)).thenEmits([]);
    given(mainCities, jeddah, grouped).when(update(undefined)).thenEmits([]);
    given(mainCities, jeddah, grouped)
      .when(update(null, null))
      .thenEmits([{ type: 'LookupItemRegrouped', data: { kind: 'city', id: 5, from: 1, to: null } }]);
  });
  it('counts the cities that name a group, active or not, as its uses', () => {
    let s = lookupDecider.initialState();
    for (const e of [
      jeddah,
      { type: 'LookupItemRegrouped', data: { kind: 'city', id: 5, from: null, to: 1 } },
    ] as const)
      s = lookupDecider.evolve(s, e as LookupEvent);
    expect(s.items[5]?.groupId).toBe(1);
    expect(groupedUnder(s, 1)).toBe(1);
    expect(groupedUnder(s, 2)).toBe(0);
  });
});
