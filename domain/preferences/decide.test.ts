import { describe, it } from 'vitest';
import { specFor } from '../shared/testing.ts';
import { DEFAULT_PREFERENCES, type PreferencesEvent, preferencesDecider } from './decide.ts';

const NOW = new Date('2026-11-24T08:00:00.000Z');
const given = specFor(preferencesDecider, () => NOW);
const change = (receiveEmail: boolean, receiveSms: boolean, preferredLanguage: 'ar' | 'en') =>
  ({ type: 'ChangePreferences', receiveEmail, receiveSms, preferredLanguage }) as const;
const changed = (
  now: { receiveEmail: boolean; receiveSms: boolean; preferredLanguage: 'ar' | 'en' },
  previous = DEFAULT_PREFERENCES,
): PreferencesEvent => ({ type: 'PreferencesChanged', data: { ...now, previous, at: NOW.toISOString() } });

describe('preferences', () => {
  it('records a change with what was set before (mails on, SMS on, Arabic by default)', () => {
    given()
      .when(change(false, true, 'en'))
      .thenEmits([changed({ receiveEmail: false, receiveSms: true, preferredLanguage: 'en' })]);
  });
  it('writes nothing when nothing changes', () => {
    given(changed({ receiveEmail: false, receiveSms: true, preferredLanguage: 'en' }))
      .when(change(false, true, 'en'))
      .thenEmits([]);
  });
  it('turns mails back on', () => {
    const off = { receiveEmail: false, receiveSms: false, preferredLanguage: 'ar' as const };
    given(changed(off))
      .when(change(true, false, 'ar'))
      .thenEmits([changed({ receiveEmail: true, receiveSms: false, preferredLanguage: 'ar' }, off)]);
  });
  it('refuses a language other than Arabic or English', () => {
    given()
      .when({ ...change(true, true, 'ar'), preferredLanguage: 'fr' as 'ar' })
      .thenFails('ValidationFailed');
  });
});
