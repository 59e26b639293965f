import { describe, expect, it } from 'vitest';
import { LookupSnapshot } from '../lookups/snapshot.ts';
import { specFor } from '../shared/testing.ts';
import { initiativeDecider } from './decide.ts';
import type { InitiativeEvent } from './events.ts';
import { InitiativeStatus, initiativeCode, initiativeIssues } from './rules.ts';

const NOW = new Date('2026-11-24T08:00:00.000Z');
const AT = NOW.toISOString();
const given = specFor(initiativeDecider, () => NOW);
const I1 = '11111111-1111-4111-8111-111111111111';
const PROPOSER = '22222222-2222-4222-8222-222222222222';
const EVENT = '33333333-3333-4333-8333-333333333333';

const row = (id: number, parentId: number | null = null, active = true) => ({
  id,
  nameAr: `م${id}`,
  nameEn: `N${id}`,
  parentId,
  flags: {},
  active,
});
const lookups = new LookupSnapshot({
  region: [row(1), row(2), row(9, null, false)],
  city: [row(10, 1), row(20, 2), row(11, 1, false)],
});

const draft = {
  name: 'حملة تشجير',
  description: 'زراعة أشجار في الحي',
  details: 'يوم السبت صباحا',
  regionId: 1,
  cityId: 10,
  location: 'حديقة الملك عبدالله',
  latitude: 24.7,
  longitude: 46.7,
};
const propose = (over: Record<string, unknown> = {}) =>
  ({
    type: 'ProposeInitiative',
    initiativeId: I1,
    code: 'IN-2026-11111111',
    proposerId: PROPOSER,
    lookups,
    ...draft,
    ...over,
  }) as const;
const proposed = (): InitiativeEvent => ({
  type: 'InitiativeProposed',
  data: { ...draft, initiativeId: I1, code: 'IN-2026-11111111', proposerId: PROPOSER, centerSent: true, at: AT },
});
const approved = (): InitiativeEvent => ({
  type: 'InitiativeApproved',
  data: { initiativeId: I1, eventId: EVENT, previous: InitiativeStatus.New, at: AT },
});

describe('proposing an initiative', () => {
  it('records it as New and sent to the centre (spec: EventApprovedStatus 0, IsCenterSent true)', () => {
    given().when(propose()).thenEmits([proposed()]);
    const s = initiativeDecider.evolve(initiativeDecider.initialState(), proposed());
    expect(s.status).toBe(InitiativeStatus.New);
  });

  it.each(['name', 'description', 'details', 'location'])('needs its %s (AllFieldsRequired)', (field) => {
    given()
      .when(propose({ [field]: '   ' }))
      .thenFails('AllFieldsRequired');
  });

  it('needs a region and a city', () => {
    given()
      .when(propose({ regionId: null }))
      .thenFails('AllFieldsRequired');
    given()
      .when(propose({ cityId: undefined }))
      .thenFails('AllFieldsRequired');
  });

  it('refuses a city that does not lie in the region', () => {
    given()
      .when(propose({ cityId: 20 }))
      .thenFails('LookupParentInvalid');
  });

  it('refuses an inactive region or city', () => {
    given()
      .when(propose({ regionId: 9, cityId: 10 }))
      .thenFails('ValidationFailed');
    given()
      .when(propose({ cityId: 11 }))
      .thenFails('LookupParentInvalid');
  });

  it('refuses a point off the globe or half a point', () => {
    given()
      .when(propose({ latitude: 91 }))
      .thenFails('ValidationFailed');
    given()
      .when(propose({ longitude: null }))
      .thenFails('ValidationFailed');
  });

  it('takes a proposal without a point on the map', () => {
    given()
      .when(propose({ latitude: null, longitude: null }))
      .thenEmits((events) => expect(events[0]?.type).toBe('InitiativeProposed'));
  });

  it('lists every problem for the form', () => {
    expect(initiativeIssues({}, lookups).map((i) => i.path)).toEqual([
      'name',
      'description',
      'details',
      'location',
      'regionId',
      'cityId',
    ]);
  });

  it('makes its code from the year and its id', () => {
    expect(initiativeCode(I1, NOW)).toBe('IN-2026-11111111');
  });
});

describe('deciding on an initiative', () => {
  it('approving a new one records it Received with the draft event it became', () => {
    given(proposed()).when({ type: 'ApproveInitiative', eventId: EVENT }).thenEmits([approved()]);
    const s = [proposed(), approved()].reduce(initiativeDecider.evolve, initiativeDecider.initialState());
    expect(s).toMatchObject({ status: InitiativeStatus.Received, eventId: EVENT });
  });

  it('approving it again with the same event writes nothing (a retried request)', () => {
    given(proposed(), approved()).when({ type: 'ApproveInitiative', eventId: EVENT }).thenEmits([]);
  });

  it('refuses to decide twice', () => {
    given(proposed(), approved()).when({ type: 'RejectInitiative', reason: 'late' }).thenFails('InvalidStatusChange');
  });

  it('rejecting needs a reason', () => {
    given(proposed()).when({ type: 'RejectInitiative', reason: ' ' }).thenFails('RejectReasonRequired');
    given(proposed())
      .when({ type: 'RejectInitiative', reason: 'duplicate' })
      .thenEmits([
        {
          type: 'InitiativeRejected',
          data: { initiativeId: I1, reason: 'duplicate', previous: InitiativeStatus.New, at: AT },
        },
      ]);
  });

  it('an unknown initiative is not found', () => {
    given().when({ type: 'ApproveInitiative', eventId: EVENT }).thenFails('NotFound');
  });
});
