import { describe, expect, it } from 'vitest';
import { completeForm } from '../../../../domain/registration/fixtures.ts';
import { CLIENTS } from '../../../../domain/shared/clients.ts';
import { testLookups } from '../../test/lookups.ts';
import { lookupSnapshot } from './api.ts';
import { hijriOf, switchCalendar } from './dates.ts';
import { checkForm, cleanForm, fieldId, formToSend, labelKeyOf, rowHasData, rowOf } from './formState.ts';

const NOW = new Date('2026-11-22T09:00:00.000Z');
const lookups = lookupSnapshot(testLookups);

describe('form state', () => {
  it('drops cleared inputs instead of sending empty strings', () => {
    expect(
      cleanForm({ identity: { passportNo: '', passportExpDate: undefined, idNumber: '1012345678' }, languages: [{}] }),
    ).toEqual({ identity: { idNumber: '1012345678' }, languages: [{}] });
  });

  it('derives the id type from the nationality before sending', () => {
    const form = completeForm();
    form.identity = { ...form.identity, nationalityId: 12, idType: 0 };
    expect(formToSend(form, { client: CLIENTS.MOH, editing: false, lookups }).identity?.idType).toBe(1);
    form.identity.nationalityId = 44;
    expect(formToSend(form, { client: CLIENTS.MOH, editing: false, lookups }).identity?.idType).toBe(0);
  });

  it('takes the national nationality from the lookups the server sent, not from a fixed id', () => {
    const other = lookupSnapshot({
      ...testLookups,
      nationalities: [
        { id: 44, nameAr: 'سعودي', nameEn: 'Saudi' },
        { id: 12, nameAr: 'مصري', nameEn: 'Egyptian', flags: { national: true } },
      ],
    });
    const form = completeForm();
    form.identity = { ...form.identity, nationalityId: 12, idType: 1 };
    expect(formToSend(form, { client: CLIENTS.MOH, editing: false, lookups: other }).identity?.idType).toBe(0);
    form.identity.nationalityId = 44;
    expect(formToSend(form, { client: CLIENTS.MOH, editing: false, lookups: other }).identity?.idType).toBe(1);
  });

  it('leaves out the covid status where the client has no such field', () => {
    const form = completeForm();
    expect(formToSend(form, { client: CLIENTS.NEOM, editing: false, lookups }).medical).not.toHaveProperty(
      'contactedCovidStatus',
    );
    expect(formToSend(form, { client: CLIENTS.MOH, editing: false, lookups }).medical?.contactedCovidStatus).toBe(0);
  });

  it('never sends a password when editing, and does not ask for one', () => {
    const form = completeForm();
    delete form.user!.password;
    delete form.user!.confirmPassword;
    const sent = formToSend(form, { client: CLIENTS.MOH, editing: true, lookups });
    expect(sent.user).toEqual({ userName: 'ahmed_q', email: 'ahmed@example.org', mobile: '0551234567' });
    expect(checkForm(sent, 'submit', { client: CLIENTS.MOH, editing: true, lookups }, NOW)).toEqual([]);
    expect(checkForm(sent, 'draft', { client: CLIENTS.MOH, editing: false, lookups }, NOW).map((i) => i.path)).toEqual([
      'user.password',
    ]);
  });

  it('names paths for ids, labels and rows', () => {
    expect(fieldId('emergencyContacts.0.mobile')).toBe('reg-emergencyContacts-0-mobile');
    expect(labelKeyOf('emergencyContacts.0.mobile')).toBe('reg.f.emergencyContacts.mobile');
    expect(labelKeyOf('user.email')).toBe('reg.f.user.email');
    expect(labelKeyOf('no.such')).toBeNull();
    expect(rowOf('trainings.2.endDate')).toEqual({ list: 'trainings', index: 2 });
    expect(rowOf('user.email')).toBeNull();
  });

  it('knows when a row holds data', () => {
    expect(rowHasData({})).toBe(false);
    expect(rowHasData({ name: '  ', relationId: undefined })).toBe(false);
    expect(rowHasData({ name: 'محمد' })).toBe(true);
    expect(rowHasData({ isCurrentJob: true })).toBe(true);
  });
});

describe('dates', () => {
  it('converts a date to the other calendar, keeping the day', () => {
    expect(switchCalendar({ calendar: 'gregorian', value: '2024-03-11' }, 'hijri')).toEqual({
      calendar: 'hijri',
      value: '1445-09-01',
    });
    expect(switchCalendar({ calendar: 'hijri', value: '1445-09-01' }, 'gregorian')).toEqual({
      calendar: 'gregorian',
      value: '2024-03-11',
    });
    expect(switchCalendar({ calendar: 'hijri', value: '1445-13-01' }, 'gregorian')).toBeUndefined();
  });

  it('writes the Hijri equivalent in the page language', () => {
    const t = ((key: string, o?: Record<string, string>) =>
      key === 'reg.hijriDate'
        ? `${o?.day} ${o?.month} ${o?.year}`
        : key === 'reg.hijriMonth.9'
          ? 'Ramadan'
          : key) as never;
    expect(hijriOf('2024-03-11', 'en', t)).toBe('1 Ramadan 1445');
  });
});
