import { describe, expect, it } from 'vitest';
import { changesOf, withPrevious } from './changes.ts';

describe('changesOf: what one event says it changed', () => {
  it('lists the fields of its data as new values, one level of objects down', () => {
    expect(
      changesOf({ type: 'HoursRecorded', data: { hoursId: 'h1', hours: 4, casesHandled: 2, review: { rating: 5 } } }),
    ).toEqual([
      { field: 'hoursId', from: null, to: 'h1' },
      { field: 'hours', from: null, to: 4 },
      { field: 'casesHandled', from: null, to: 2 },
      { field: 'review.rating', from: null, to: 5 },
    ]);
  });

  it("takes an edit's own changes, without repeating the whole new definition", () => {
    const changes = [{ field: 'titleAr', from: 'قديم', to: 'جديد' }];
    expect(
      changesOf({ type: 'OpportunityEdited', data: { details: { titleAr: 'جديد', code: 'X' }, changes } }),
    ).toEqual(changes);
  });

  it('names the field of a { from, to } pair, and the fields of a pair of objects', () => {
    expect(changesOf({ type: 'OpportunityStatusChanged', data: { from: 0, to: 2 } })).toEqual([
      { field: 'eventStatus', from: 0, to: 2 },
    ]);
    expect(
      changesOf({
        type: 'LookupItemRenamed',
        data: { kind: 'city', id: 3, from: { nameAr: 'أ', nameEn: 'A' }, to: { nameAr: 'ب', nameEn: 'B' } },
      }),
    ).toEqual([
      { field: 'nameAr', from: 'أ', to: 'ب' },
      { field: 'nameEn', from: 'A', to: 'B' },
      { field: 'kind', from: null, to: 'city' },
      { field: 'id', from: null, to: 3 },
    ]);
  });

  it('takes before values from `previous`, and a registration status from previousStatus', () => {
    expect(
      changesOf({
        type: 'PreferencesChanged',
        data: { receiveEmail: false, previous: { receiveEmail: true } },
      }),
    ).toEqual([{ field: 'receiveEmail', from: true, to: false }]);
    expect(changesOf({ type: 'RegistrationApproved', data: { previousStatus: 3 } })).toEqual([
      { field: 'status', from: 3, to: 5 },
    ]);
  });

  it('never shows a secret', () => {
    const out = changesOf({ type: 'AccountCreated', data: { userName: 'a', passwordHash: 'x', user: { token: 't' } } });
    expect(JSON.stringify(out)).not.toMatch(/"x"|"t"/);
    expect(out).toContainEqual({ field: 'passwordHash', from: '••••', to: '••••' });
  });
});

describe('withPrevious: a record history from → to', () => {
  const entry = (changes: { field: string; from: unknown; to: unknown }[]) => ({ action: 'X', changes });

  it("gives a field without a before value the value the record's earlier events set", () => {
    const out = withPrevious([
      entry([{ field: 'reason', from: null, to: 'first' }]),
      entry([{ field: 'reason', from: null, to: 'second' }]),
    ]);
    expect(out[1]!.changes).toEqual([{ field: 'reason', from: 'first', to: 'second' }]);
  });

  it('leaves out a field whose value stays the same, but keeps the references an event names', () => {
    const out = withPrevious([
      entry([
        { field: 'hoursId', from: null, to: 'h1' },
        { field: 'maxHours', from: null, to: 8 },
      ]),
      entry([
        { field: 'hoursId', from: null, to: 'h1' },
        { field: 'maxHours', from: null, to: 8 },
        { field: 'tags', from: null, to: [1, 2] },
      ]),
      entry([{ field: 'tags', from: null, to: [1, 2] }]),
    ]);
    expect(out[1]!.changes).toEqual([
      { field: 'hoursId', from: null, to: 'h1' },
      { field: 'tags', from: null, to: [1, 2] },
    ]);
    expect(out[2]!.changes).toEqual([]);
  });

  it('keeps the before value an event carries', () => {
    const out = withPrevious([
      entry([{ field: 'status', from: null, to: 2 }]),
      entry([{ field: 'status', from: 5, to: 6 }]),
    ]);
    expect(out[1]!.changes).toEqual([{ field: 'status', from: 5, to: 6 }]);
  });
});
