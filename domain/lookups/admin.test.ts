import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/testing.ts';
import { type LookupCommand, type LookupEvent, lookupDecider } from './decide.ts';
import { childKindsOf, extraOf } from './kinds.ts';

// The master-data screens' rules (spec: names required and unique, in use → deactivate, child areas first, event
// types' targets and group, region colour settings, the event types' batch).
const given = specFor(lookupDecider, () => new Date('2026-11-24T08:00:00.000Z'));
const group = (id: number, nameEn: string): LookupEvent => ({
  type: 'LookupItemAdded',
  data: { kind: 'eventTypeGroup', id, nameAr: `مجموعة ${id}`, nameEn, parentId: null, flags: {} },
});
const drill: LookupEvent = {
  type: 'LookupItemAdded',
  data: {
    kind: 'eventType',
    id: 1,
    nameAr: 'تمرين',
    nameEn: 'Drill',
    parentId: 1,
    flags: {},
    targets: { min: 5, max: 10 },
  },
};
const skill = (id: number, nameEn: string): LookupEvent => ({
  type: 'LookupItemAdded',
  data: { kind: 'skill', id, nameAr: `مهارة ${id}`, nameEn, parentId: null, flags: {} },
});
const riyadh: LookupEvent = {
  type: 'LookupItemAdded',
  data: { kind: 'region', id: 1, nameAr: 'الرياض', nameEn: 'Riyadh', parentId: null, flags: {} },
};
const addEventType = (over: Partial<Extract<LookupCommand, { type: 'AddLookupItem' }>> = {}): LookupCommand => ({
  type: 'AddLookupItem',
  kind: 'eventType',
  nameAr: 'حملة',
  nameEn: 'Campaign',
  parentId: 1,
  parent: { active: true },
  targets: { min: 0, max: 3 },
  ...over,
});

describe('names', () => {
  it('compare without case and with runs of spaces as one, and are stored trimmed', () => {
    given(skill(1, 'First  aid'))
      .when({ type: 'AddLookupItem', kind: 'skill', nameAr: 'جديد', nameEn: ' first aid ', parent: null })
      .thenFails('LookupAlreadyExists');
    given()
      .when({ type: 'AddLookupItem', kind: 'skill', nameAr: ' إسعاف   أولي ', nameEn: 'First   aid', parent: null })
      .thenEmits((events) => expect(events[0]?.data).toMatchObject({ nameAr: 'إسعاف أولي', nameEn: 'First aid' }));
  });
  it('refuses a rename onto another item’s name, but not onto its own', () => {
    given(skill(1, 'Driving'), skill(2, 'Cooking'))
      .when({ type: 'UpdateLookupItem', kind: 'skill', id: 2, nameAr: 'جديد', nameEn: 'driving' })
      .thenFails('LookupAlreadyExists');
    given(skill(1, 'Driving'))
      .when({ type: 'UpdateLookupItem', kind: 'skill', id: 1, nameAr: 'مهارة 1', nameEn: 'DRIVING' })
      .thenEmits((events) => expect(events.map((e) => e.type)).toEqual(['LookupItemRenamed']));
  });
  it('are required in both languages on an edit', () => {
    given(skill(1, 'Driving'))
      .when({ type: 'UpdateLookupItem', kind: 'skill', id: 1, nameAr: '', nameEn: 'Driving' })
      .thenFails('AllFieldsRequired');
  });
});

describe('event types', () => {
  it('need their group, active, and both targets', () => {
    given(group(1, 'Health'))
      .when(addEventType({ parentId: null }))
      .thenFails('AllFieldsRequired');
    given(group(1, 'Health'))
      .when(addEventType({ parent: { active: false } }))
      .thenFails('LookupParentInvalid');
    given(group(1, 'Health'))
      .when(addEventType({ targets: undefined }))
      .thenFails('AllFieldsRequired');
    given(group(1, 'Health'))
      .when(addEventType())
      .thenEmits((events) => expect(events[0]?.data).toMatchObject({ targets: { min: 0, max: 3 }, parentId: 1 }));
  });
  it.each([
    ['a minimum above the maximum', { min: 4, max: 3 }, 'InvalidTargetRange'],
    ['a negative target', { min: -1, max: 3 }, 'InvalidNumber'],
    ['a fraction', { min: 1.5, max: 3 }, 'InvalidNumber'],
  ] as const)('refuse %s', (_n, targets, code) => {
    given(group(1, 'Health')).when(addEventType({ targets })).thenFails(code);
  });
  it('accept equal targets; other kinds refuse targets', () => {
    given(group(1, 'Health'))
      .when(addEventType({ targets: { min: 3, max: 3 } }))
      .thenEmits((events) => expect(events).toHaveLength(1));
    given()
      .when({
        type: 'AddLookupItem',
        kind: 'skill',
        nameAr: 'س',
        nameEn: 'S',
        parent: null,
        targets: { min: 0, max: 1 },
      })
      .thenFails('ValidationFailed');
    expect(extraOf('eventType')).toBe('targets');
  });
  it('change group and targets in one edit, each recorded from → to', () => {
    given(group(1, 'Health'), group(2, 'Sport'), drill)
      .when({
        type: 'UpdateLookupItem',
        kind: 'eventType',
        id: 1,
        nameAr: 'تمرين',
        nameEn: 'Drill',
        parentId: 2,
        parent: { active: true },
        targets: { min: 1, max: 2 },
      })
      .thenEmits([
        { type: 'LookupItemMoved', data: { kind: 'eventType', id: 1, from: 1, to: 2 } },
        {
          type: 'LookupItemTargetsChanged',
          data: { kind: 'eventType', id: 1, from: { min: 5, max: 10 }, to: { min: 1, max: 2 } },
        },
      ]);
    given(group(1, 'Health'), drill)
      .when({
        type: 'UpdateLookupItem',
        kind: 'eventType',
        id: 1,
        nameAr: 'تمرين',
        nameEn: 'Drill',
        parentId: 7,
        parent: null,
      })
      .thenFails('LookupParentInvalid');
  });
});

describe('deleting', () => {
  it('deletes an item never used, and does not give its id again', () => {
    given(skill(1, 'A'), skill(2, 'B'))
      .when({ type: 'DeleteLookupItem', kind: 'skill', id: 2, uses: 0 })
      .thenEmits([{ type: 'LookupItemDeleted', data: { kind: 'skill', id: 2 } }]);
    given(skill(1, 'A'), skill(2, 'B'), { type: 'LookupItemDeleted', data: { kind: 'skill', id: 2 } })
      .when({ type: 'AddLookupItem', kind: 'skill', nameAr: 'ب', nameEn: 'B', parent: null })
      .thenEmits((events) => expect(events[0]?.data.id).toBe(3));
  });
  it('refuses an item in use (cannot_delete_message) and an unknown one', () => {
    given(skill(1, 'A'))
      .when({ type: 'DeleteLookupItem', kind: 'skill', id: 1, uses: 1 })
      .thenFails('cannot_delete_message');
    given(skill(1, 'A')).when({ type: 'DeleteLookupItem', kind: 'skill', id: 9, uses: 0 }).thenFails('NotFound');
  });
});

describe('child areas', () => {
  it('are the cities of a region; a team has none in this model', () => {
    expect(childKindsOf('region')).toEqual(['city']);
    expect(childKindsOf('team')).toEqual([]);
    given(riyadh)
      .when({ type: 'DeactivateLookupItem', kind: 'region', id: 1, activeChildren: 1 })
      .thenFails('ChildAreasActive');
  });
});

describe('region colour settings', () => {
  it('set a name and a #RRGGBB code (stored upper case), and can be taken off', () => {
    given(riyadh)
      .when({ type: 'SetLookupItemColour', kind: 'region', id: 1, colour: { name: 'Green', code: '#00a65a' } })
      .thenEmits([
        {
          type: 'LookupItemColourChanged',
          data: { kind: 'region', id: 1, from: null, to: { name: 'Green', code: '#00A65A' } },
        },
      ]);
    const set: LookupEvent = {
      type: 'LookupItemColourChanged',
      data: { kind: 'region', id: 1, from: null, to: { name: 'Green', code: '#00A65A' } },
    };
    given(riyadh, set)
      .when({ type: 'SetLookupItemColour', kind: 'region', id: 1, colour: { name: 'Green', code: '#00A65A' } })
      .thenEmits([]);
    given(riyadh, set)
      .when({ type: 'SetLookupItemColour', kind: 'region', id: 1, colour: null })
      .thenEmits((events) => expect(events[0]?.data).toMatchObject({ to: null }));
  });
  it.each([
    ['a short code', { name: 'Green', code: '#0a0' }, 'InvalidColourCode'],
    ['a code without #', { name: 'Green', code: '00A65A' }, 'InvalidColourCode'],
    ['a blank name', { name: ' ', code: '#00A65A' }, 'AllFieldsRequired'],
  ] as const)('refuse %s', (_n, colour, code) => {
    given(riyadh).when({ type: 'SetLookupItemColour', kind: 'region', id: 1, colour }).thenFails(code);
  });
  it('belong to regions only', () => {
    given(skill(1, 'A'))
      .when({ type: 'SetLookupItemColour', kind: 'skill', id: 1, colour: { name: 'Red', code: '#FF0000' } })
      .thenFails('ValidationFailed');
  });
});

describe('the event types’ batch', () => {
  const row = (nameEn: string, over: object = {}) => ({
    nameAr: nameEn,
    nameEn,
    parentId: 1,
    parent: { active: true },
    targets: { min: 0, max: 1 },
    ...over,
  });
  it('applies deletions, edits and additions in one decision', () => {
    given(group(1, 'Health'), drill)
      .when({
        type: 'ChangeLookupItems',
        kind: 'eventType',
        add: [row('Campaign'), row('Drill')],
        update: [],
        remove: [{ id: 1, uses: 0 }],
      })
      .thenEmits((events) =>
        expect(events.map((e) => `${e.type}:${e.data.id}`)).toEqual([
          'LookupItemDeleted:1',
          'LookupItemAdded:2',
          'LookupItemAdded:3',
        ]),
      );
  });
  it('refuses all of it with one error per refused row', () => {
    given(group(1, 'Health'), drill)
      .when({
        type: 'ChangeLookupItems',
        kind: 'eventType',
        add: [row('Good'), row(' '), row('Bad range', { targets: { min: 3, max: 1 } })],
        update: [{ id: 1, nameAr: 'تمرين', nameEn: 'Better', parentId: 1, parent: { active: true } }],
        remove: [{ id: 1, uses: 2 }],
      })
      .thenFails('BatchRejected', (e) =>
        expect(e.details?.rows).toEqual([
          { op: 'remove', index: 0, code: 'cannot_delete_message', details: { id: 1, uses: 2 } },
          { op: 'add', index: 1, code: 'AllFieldsRequired', details: { fields: ['nameAr', 'nameEn'] } },
          { op: 'add', index: 2, code: 'InvalidTargetRange', details: { min: 3, max: 1 } },
        ]),
      );
  });
  it('checks a row against the rows before it (two new rows with one name)', () => {
    given(group(1, 'Health'))
      .when({ type: 'ChangeLookupItems', kind: 'eventType', add: [row('Same'), row('same')], update: [], remove: [] })
      .thenFails('BatchRejected', (e) =>
        expect(e.details?.rows).toMatchObject([{ op: 'add', index: 1, code: 'LookupAlreadyExists' }]),
      );
  });
});
