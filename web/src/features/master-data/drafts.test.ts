import { describe, expect, it } from 'vitest';
import { batchOf, colourChange, draftOf, emptyDraft, inputOf, rowErrorsOf } from './drafts.ts';
import { shapeOf } from './kinds.ts';

const saved = {
  id: 4,
  nameAr: 'تمرين',
  nameEn: 'Drill',
  parentId: 1,
  groupId: null,
  active: true,
  minTarget: 1,
  maxTarget: 5,
  colourName: null,
  colourCode: null,
};

describe('a master-data row as the API takes it', () => {
  it('sends the parent and the targets only for the kinds that have them', () => {
    const d = { ...emptyDraft, nameAr: 'أ', nameEn: 'A', parentId: '2', minTarget: '0', maxTarget: '3' };
    expect(inputOf(d, shapeOf('eventType'))).toEqual({
      nameAr: 'أ',
      nameEn: 'A',
      parentId: 2,
      minTarget: 0,
      maxTarget: 3,
    });
    expect(inputOf(d, shapeOf('skill'))).toEqual({ nameAr: 'أ', nameEn: 'A' });
    // No parent chosen and no targets typed: the server answers with the catalogue's codes.
    expect(inputOf({ ...d, parentId: '', minTarget: ' ' }, shapeOf('eventType'))).toEqual({
      nameAr: 'أ',
      nameEn: 'A',
      parentId: null,
      maxTarget: 3,
    });
  });
  it('sends a region’s colour only when both parts are typed and changed', () => {
    const region = { ...saved, parentId: null, colourName: 'Green', colourCode: '#00A65A' };
    expect(colourChange(draftOf(region), region)).toBeNull();
    expect(colourChange({ ...draftOf(region), colourCode: '#FF0000' }, region)).toEqual({
      name: 'Green',
      code: '#FF0000',
    });
    expect(colourChange(emptyDraft, null)).toBeNull();
  });
});

describe('a city’s group', () => {
  it('is sent for cities only: a number, or null to take it off', () => {
    const d = { ...emptyDraft, nameAr: 'أ', nameEn: 'A', parentId: '1', groupId: '2' };
    expect(inputOf(d, shapeOf('city'))).toEqual({ nameAr: 'أ', nameEn: 'A', parentId: 1, groupId: 2 });
    expect(inputOf({ ...d, groupId: '' }, shapeOf('city'))).toEqual({
      nameAr: 'أ',
      nameEn: 'A',
      parentId: 1,
      groupId: null,
    });
    expect(inputOf(d, shapeOf('region'))).toEqual({ nameAr: 'أ', nameEn: 'A' });
    expect(draftOf({ ...saved, groupId: 3 }).groupId).toBe('3');
  });
});

describe('the event types’ batch', () => {
  const g = {
    drafts: {
      'new-1': { ...emptyDraft, nameAr: 'ب', nameEn: 'B', parentId: '1', minTarget: '1', maxTarget: '2' },
      '4': draftOf(saved),
    },
    newKeys: ['new-1'],
    removed: [7],
  };
  it('sends new rows, edited rows and deleted ids together', () => {
    const { body, keys } = batchOf(g, shapeOf('eventType'));
    expect(body).toEqual({
      add: [{ nameAr: 'ب', nameEn: 'B', parentId: 1, minTarget: 1, maxTarget: 2 }],
      update: [{ id: 4, nameAr: 'تمرين', nameEn: 'Drill', parentId: 1, minTarget: 1, maxTarget: 5 }],
      remove: [7],
    });
    expect(keys).toEqual({ add: ['new-1'], update: ['4'], remove: ['7'] });
  });
  it('places the server’s row errors on the rows they came from', () => {
    const { keys } = batchOf(g, shapeOf('eventType'));
    const details = {
      rows: [
        { op: 'add', index: 0, code: 'InvalidTargetRange' },
        { op: 'remove', index: 0, code: 'cannot_delete_message' },
        { op: 'update', index: 3, code: 'NotFound' },
      ],
    };
    expect(rowErrorsOf(details, keys)).toEqual({ 'new-1': 'InvalidTargetRange', '7': 'cannot_delete_message' });
    expect(rowErrorsOf(undefined, keys)).toEqual({});
  });
});
