import { describe, expect, it } from 'vitest';
import { nicRecord } from '../identity/fixtures.ts';
import { seedSnapshot } from '../lookups/testing.ts';
import { CLIENTS } from '../shared/clients.ts';
import { specFor } from '../shared/testing.ts';
import { diffForms, type RegistrationCommand, registrationDecider } from './decide.ts';
import type { RegistrationEvent } from './events.ts';
import { completeForm } from './fixtures.ts';

const NOW = new Date('2026-11-22T09:00:00.000Z');
const given = specFor(registrationDecider, () => NOW);
const V = '3f0c2a9e-0000-4000-8000-00000000abcd';
const client = CLIENTS.MOH;
const lookups = seedSnapshot();

const draft = (): RegistrationEvent => ({
  type: 'RegistrationDraftSaved',
  data: { form: completeForm(), changes: [], previousStatus: null },
});
const submitted = (): RegistrationEvent => ({
  type: 'RegistrationSubmitted',
  data: { form: completeForm(), changes: [], previousStatus: 1, referenceNumber: 'R1' },
});
const initiallyAccepted = (): RegistrationEvent => ({
  type: 'RegistrationInitiallyAccepted',
  data: {
    appointmentAt: '2026-11-25T10:00:00.000Z',
    location: 'HQ',
    reviewerId: 'r1',
    reviewerName: 'Noura',
    previousStatus: 2,
  },
});
const approved = (): RegistrationEvent => ({ type: 'RegistrationApproved', data: { previousStatus: 3 } });
const rejected = (): RegistrationEvent => ({
  type: 'RegistrationRejected',
  data: { reason: 'incomplete', previousStatus: 2 },
});
const accept = (at = '2026-11-25T10:00:00.000Z'): RegistrationCommand => ({
  type: 'InitiallyAccept',
  appointmentAt: at,
  location: 'HQ',
  reviewerId: 'r1',
  reviewerName: 'Noura',
});

describe('registration: volunteer side', () => {
  it('saves a draft as status 1 without the password', () => {
    given()
      .when({ type: 'SaveDraft', volunteerId: V, form: completeForm(), client, lookups })
      .thenEmits((events) => {
        expect(events[0]).toMatchObject({ type: 'RegistrationDraftSaved', data: { previousStatus: null } });
        expect(JSON.stringify(events)).not.toContain('Strong@2026!');
        expect(registrationDecider.evolve(registrationDecider.initialState(), events[0]!).status).toBe(1);
      });
  });

  it('submits (1 → 2) with a reference number and the changed fields', () => {
    const changed = completeForm();
    changed.personal!.firstNameAr = 'محمد';
    given(draft())
      .when({ type: 'Submit', volunteerId: V, form: changed, client, lookups })
      .thenEmits((events) => {
        expect(events[0]).toMatchObject({
          type: 'RegistrationSubmitted',
          data: {
            previousStatus: 1,
            referenceNumber: 'R20261122-3F0C2A',
            changes: [{ field: 'personal.firstNameAr', from: 'أحمد', to: 'محمد' }],
          },
        });
      });
  });

  it('refuses a submit that breaks a rule, naming every issue', () => {
    const bad = completeForm();
    bad.agreement = false;
    given(draft()).when({ type: 'Submit', volunteerId: V, form: bad, client, lookups }).thenFails('AgreementRequired');
  });

  it('lets the volunteer edit a submitted application (edit state) but not an initially accepted one', () => {
    given(submitted())
      .when({ type: 'SaveDraft', volunteerId: V, form: completeForm(), client, lookups })
      .thenEmits((e) => expect(e[0]!.data).toMatchObject({ previousStatus: 2 }));
    given(submitted(), initiallyAccepted())
      .when({ type: 'SaveDraft', volunteerId: V, form: completeForm(), client, lookups })
      .thenFails('RegistrationNotEditable');
    given(submitted(), initiallyAccepted(), approved())
      .when({ type: 'Submit', volunteerId: V, form: completeForm(), client, lookups })
      .thenFails('RegistrationNotEditable');
  });

  it('keeps the first reference number on a re-submit', () => {
    given(submitted())
      .when({ type: 'Submit', volunteerId: V, form: completeForm(), client, lookups })
      .thenEmits((e) => expect(e[0]!.data).toMatchObject({ referenceNumber: 'R1' }));
  });
});

describe('registration: review', () => {
  it('initially accepts a submitted application (2 → 3) with appointment, location and reviewer', () => {
    given(submitted()).when(accept()).thenEmits([initiallyAccepted()]);
  });

  it('refuses an appointment in the past', () => {
    given(submitted()).when(accept('2026-11-22T08:59:00.000Z')).thenFails('AppointmentInPast');
  });

  it('refuses an initial accept without location or reviewer', () => {
    given(submitted())
      .when({ ...accept(), location: ' ' } as RegistrationCommand)
      .thenFails('InitialAcceptIncomplete');
  });

  it('refuses an initial accept of a draft', () => {
    given(draft()).when(accept()).thenFails('InvalidRegistrationTransition');
  });

  it('approves an initially accepted application (3 → 5) and nothing else', () => {
    given(submitted(), initiallyAccepted()).when({ type: 'Approve' }).thenEmits([approved()]);
    given(submitted()).when({ type: 'Approve' }).thenFails('InvalidRegistrationTransition');
  });

  it('rejects (→ 6) from submitted or initially accepted, with a reason', () => {
    given(submitted()).when({ type: 'Reject', reason: 'incomplete' }).thenEmits([rejected()]);
    given(submitted(), initiallyAccepted())
      .when({ type: 'Reject', reason: 'no show' })
      .thenEmits((e) => expect(e[0]!.data).toMatchObject({ previousStatus: 3 }));
    given(submitted()).when({ type: 'Reject', reason: '  ' }).thenFails('RejectReasonRequired');
    given(submitted(), initiallyAccepted(), approved())
      .when({ type: 'Reject', reason: 'x' })
      .thenFails('InvalidRegistrationTransition');
  });

  it('moves a rejected or initially accepted application back to submitted', () => {
    given(submitted(), rejected())
      .when({ type: 'ReturnToSubmitted' })
      .thenEmits([{ type: 'RegistrationReturnedToSubmitted', data: { previousStatus: 6 } }]);
    given(submitted()).when({ type: 'ReturnToSubmitted' }).thenFails('InvalidRegistrationTransition');
  });
});

describe('application notes', () => {
  it('adds and removes a note while the status is below 5', () => {
    const added: RegistrationEvent = {
      type: 'ApplicationNoteAdded',
      data: { noteId: 'n1', note: 'call back', at: NOW.toISOString() },
    };
    given(submitted()).when({ type: 'AddNote', noteId: 'n1', note: ' call back ' }).thenEmits([added]);
    given(submitted(), added)
      .when({ type: 'RemoveNote', noteId: 'n1' })
      .thenEmits([{ type: 'ApplicationNoteRemoved', data: { noteId: 'n1', note: 'call back' } }]);
  });

  it('refuses notes once approved, empty notes and unknown notes', () => {
    given(submitted(), initiallyAccepted(), approved())
      .when({ type: 'AddNote', noteId: 'n1', note: 'x' })
      .thenFails('RegistrationNotEditable');
    given(submitted()).when({ type: 'AddNote', noteId: 'n1', note: '   ' }).thenFails('EmptyText');
    given(submitted()).when({ type: 'RemoveNote', noteId: 'nope' }).thenFails('NoteNotFound');
  });
});

describe('field changes', () => {
  it('lists changed, added and removed fields and never the password', () => {
    const a = completeForm();
    const b = completeForm();
    b.address!.cityId = 7;
    delete b.address!.district;
    b.user!.password = 'Changed@2026!';
    expect(diffForms(a, b)).toEqual([
      { field: 'address.cityId', from: 3, to: 7 },
      { field: 'address.district', from: 'العليا', to: null },
    ]);
  });
});

describe('a user verification corrects the registration from the national record', () => {
  // The form's holder (completeForm: id 1012345678, Ahmed, born 1996-03-15 in the Gregorian calendar).
  const p = completeForm().personal!;
  const record = (over: Parameters<typeof nicRecord>[0] = {}) =>
    nicRecord({
      nationalId: '1012345678',
      name: {
        ar: { first: p.firstNameAr!, second: p.secondNameAr!, third: p.thirdNameAr!, last: p.lastNameAr! },
        en: { first: p.firstNameEn!, second: p.secondNameEn!, third: p.thirdNameEn!, last: p.lastNameEn! },
      },
      birthDate: '1996-03-15',
      birthDateHijri: '1416-10-25',
      ...over,
    });
  const correct = (r = record()): RegistrationCommand => ({ type: 'CorrectFromIdentity', record: r });

  it('records the birth date the record gives, in the calendar the volunteer chose, with the change', () => {
    given(submitted())
      .when(correct(record({ birthDate: '1995-05-20', birthDateHijri: '1415-12-20' })))
      .thenEmits((events) => {
        expect(events).toHaveLength(1);
        const e = events[0]!;
        if (e.type !== 'RegistrationCorrectedFromIdentity') throw new Error(e.type);
        expect(e.data.form.personal?.birthDate).toEqual({ calendar: 'gregorian', value: '1995-05-20' });
        expect(e.data.changes).toEqual([{ field: 'personal.birthDate.value', from: '1996-03-15', to: '1995-05-20' }]);
        expect(e.data.nationalId).toBe('1012345678');
      });
  });

  it('writes a Hijri birth date as the record’s Hijri day', () => {
    const hijriForm = completeForm();
    hijriForm.personal!.birthDate = { calendar: 'hijri', value: '1416-10-20' };
    given({
      type: 'RegistrationSubmitted',
      data: { form: hijriForm, changes: [], previousStatus: 1, referenceNumber: 'R1' },
    })
      .when(correct())
      .thenEmits((events) =>
        expect(events[0]?.data).toMatchObject({
          changes: [{ field: 'personal.birthDate.value', from: '1416-10-20', to: '1416-10-25' }],
        }),
      );
  });

  it('corrects the names the record gives, in both languages, and keeps the rest of the form', () => {
    given(submitted(), initiallyAccepted(), approved())
      .when(
        correct(
          record({
            name: {
              ar: { first: 'أحمد', second: 'محمد', third: 'عبدالله', last: 'القحطاني' },
              en: { first: 'Ahmad', second: 'Mohammed', third: 'Abdullah', last: 'Alqahtani' },
            },
          }),
        ),
      )
      .thenEmits((events) => {
        const e = events[0]!;
        if (e.type !== 'RegistrationCorrectedFromIdentity') throw new Error(e.type);
        expect(e.data.changes.map((c) => c.field)).toEqual([
          'personal.firstNameEn',
          'personal.thirdNameAr',
          'personal.thirdNameEn',
        ]);
        expect({ ...e.data.form, personal: undefined }).toEqual({ ...completeForm(), personal: undefined });
      });
  });

  it('leaves a name the record does not give', () => {
    const r = record();
    r.name.ar.third = '';
    given(submitted()).when(correct(r)).thenEmits([]);
  });

  it('writes nothing when the registration already agrees with the record', () => {
    given(submitted()).when(correct()).thenEmits([]);
  });

  it('corrects nothing for another id, nor without a registration', () => {
    given(submitted())
      .when(correct(record({ nationalId: '1099999999', birthDate: '1990-01-01' })))
      .thenEmits([]);
    given()
      .when(correct(record({ birthDate: '1990-01-01' })))
      .thenEmits([]);
  });

  it('keeps the corrected form for the next edit', () => {
    const corrected: RegistrationEvent = {
      type: 'RegistrationCorrectedFromIdentity',
      data: {
        nationalId: '1012345678',
        form: {
          ...completeForm(),
          personal: { ...completeForm().personal, birthDate: { calendar: 'gregorian', value: '1995-05-20' } },
        },
        changes: [{ field: 'personal.birthDate.value', from: '1996-03-15', to: '1995-05-20' }],
      },
    };
    given(submitted(), corrected)
      .when(correct(record({ birthDate: '1995-05-20', birthDateHijri: '1415-12-20' })))
      .thenEmits([]);
  });
});
